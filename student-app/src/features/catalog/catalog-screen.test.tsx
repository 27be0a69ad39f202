import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PUBLIC_SETTINGS,
  billingService,
  catalogReadModel,
  coursesService,
  settingsService,
  waitingListService,
  type CatalogCourse,
  type Paged,
  type Result,
  type SeatHold,
  type WaitingEntry,
} from '@portal/shared-data';
import { renderScreen } from '../../test-support/render-screen';
import CatalogScreen from './catalog-screen';

// The query and mutation options call these objects from inside shared-data, so the test
// replaces their functions in place (the unit boundary is the read model and the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.catalogReadModel.list = vi.fn();
  actual.catalogReadModel.listLanguages = vi.fn();
  actual.coursesService.enroll = vi.fn();
  actual.waitingListService.mine = vi.fn();
  actual.waitingListService.join = vi.fn();
  actual.waitingListService.leave = vi.fn();
  actual.billingService.mySeatHolds = vi.fn();
  actual.billingService.cardPaymentAvailability = vi.fn();
  actual.billingService.startCardPayment = vi.fn();
  return actual;
});
// The live subscription needs the data client's socket; its own test is shared-data's.
vi.mock('@portal/shared-data/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@portal/shared-data/queries')>()),
  useWaitingListLive: vi.fn(),
}));

const listCatalog = vi.mocked(catalogReadModel.list);
const listLanguages = vi.mocked(catalogReadModel.listLanguages);
const enroll = vi.mocked(coursesService.enroll);
const myWaiting = vi.mocked(waitingListService.mine);
const joinWaiting = vi.mocked(waitingListService.join);
const leaveWaiting = vi.mocked(waitingListService.leave);
const mySeatHolds = vi.mocked(billingService.mySeatHolds);
const cardAvailability = vi.mocked(billingService.cardPaymentAvailability);
const startCardPayment = vi.mocked(billingService.startCardPayment);

function aHold(overrides: Partial<SeatHold> = {}): SeatHold {
  return {
    id: 'hold-1',
    courseId: 'course-1',
    courseTitle: 'Business Spanish',
    heldUntil: '2026-12-03T18:00:00Z',
    invoiceId: 'invoice-1',
    invoiceNumber: '2026-000042',
    amountDue: 299,
    currency: 'EUR',
    timeZone: 'Europe/Madrid',
    ...overrides,
  };
}

const PAGE_SIZE = 12;

function aCourse(overrides: Partial<CatalogCourse> = {}): CatalogCourse {
  return {
    id: 'course-1',
    title: 'Business Spanish',
    description: 'Meetings, email and negotiation',
    language: 'Spanish',
    category: 'business',
    level: 'intermediate',
    duration: 8,
    teacherId: 'teacher-1',
    teacherName: 'Marta López',
    price: 299,
    thumbnailUrl: null,
    enrolledCount: 12,
    maxStudents: 30,
    isFull: false,
    averageRating: 4.5,
    reviewCount: 2,
    isEnrolled: false,
    createdAt: '2025-01-05T10:00:00Z',
    ...overrides,
  };
}

function waitingEntry(overrides: Partial<WaitingEntry> = {}): WaitingEntry {
  return {
    id: 'entry-1',
    courseId: 'course-1',
    courseTitle: 'Business Spanish',
    joinedAt: '2025-02-01T09:00:00Z',
    position: 1,
    ...overrides,
  };
}

function pageOf(
  items: CatalogCourse[],
  total = items.length,
  page = 1,
): Result<Paged<CatalogCourse>> {
  return {
    success: true,
    data: { items, total, page, limit: PAGE_SIZE, totalPages: Math.ceil(total / PAGE_SIZE) },
  };
}

beforeEach(() => {
  listCatalog.mockReset();
  listLanguages.mockReset();
  enroll.mockReset();
  myWaiting.mockReset();
  joinWaiting.mockReset();
  leaveWaiting.mockReset();
  myWaiting.mockResolvedValue({ success: true, data: [] });
  mySeatHolds.mockReset();
  mySeatHolds.mockResolvedValue({ success: true, data: [] });
  cardAvailability.mockReset();
  cardAvailability.mockResolvedValue({ success: true, data: { available: false } });
  startCardPayment.mockReset();
  listLanguages.mockResolvedValue({ success: true, data: ['Spanish', 'English'] });
});

describe('Course Catalog', () => {
  it('shows a loader, then the courses in cards with the count, real rating and price', async () => {
    let answer: (result: Result<Paged<CatalogCourse>>) => void = () => {};
    listCatalog.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderScreen(<CatalogScreen />, { path: '/catalog' });

    expect(screen.getByRole('status', { name: 'Loading courses…' })).toBeInTheDocument();
    answer(
      pageOf([
        aCourse(),
        aCourse({ id: 'course-2', title: 'English B2', averageRating: null, reviewCount: 0 }),
      ]),
    );

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    expect(screen.getByText('2 courses available')).toBeInTheDocument();
    expect(within(card).getByText('Intermediate')).toBeInTheDocument();
    expect(within(card).getByText('8 weeks')).toBeInTheDocument();
    expect(within(card).getByText('12/30 students')).toBeInTheDocument();
    expect(within(card).getByText('Marta López')).toBeInTheDocument();
    expect(within(card).getByText('4.5')).toBeInTheDocument();
    expect(within(card).getByText('$299.00 total')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'English B2' })).getByText('No ratings yet'),
    ).toBeInTheDocument();
    expect(listCatalog).toHaveBeenCalledTimes(1);
    expect(listCatalog).toHaveBeenCalledWith({
      search: '',
      language: undefined,
      level: undefined,
      page: 1,
    });
    expect(listLanguages).toHaveBeenCalledTimes(1);
  });

  it("prices the courses in the school's currency, from the page's public settings", async () => {
    const getPublic = vi
      .spyOn(settingsService, 'getPublic')
      .mockResolvedValue({ success: true, data: { ...DEFAULT_PUBLIC_SETTINGS, currency: 'EUR' } });
    listCatalog.mockResolvedValue(pageOf([aCourse({ price: 240 })]));
    renderScreen(<CatalogScreen />, { path: '/catalog', language: 'es' });

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    await waitFor(() =>
      expect(card.textContent?.replace(/\s/g, ' ')).toContain('240,00 € en total'),
    );
    expect(card).not.toHaveTextContent('US$');
    expect(getPublic).toHaveBeenCalledTimes(1);
    getPublic.mockRestore();
  });

  it('says when there are no courses, and when nothing matches the filters', async () => {
    listCatalog.mockResolvedValue(pageOf([]));
    const { user } = renderScreen(<CatalogScreen />);

    expect(await screen.findByText('No courses found')).toBeInTheDocument();
    expect(screen.getByText('0 courses available')).toBeInTheDocument();
    expect(screen.getByText(/no courses open for enrollment/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Level'), 'advanced');
    expect(await screen.findByText(/No course matches your search/)).toBeInTheDocument();

    // The empty result offers its own Clear Filters (after the filter bar's).
    const clear = screen.getAllByRole('button', { name: 'Clear Filters' });
    expect(clear).toHaveLength(2);
    await user.click(clear[1]!);
    expect(screen.getByLabelText('Level')).toHaveValue('');
    expect(await screen.findByText(/no courses open for enrollment/)).toBeInTheDocument();
  });

  it('shows a translated error with Try again', async () => {
    listCatalog.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'permission denied for view course_catalog' },
    });
    listCatalog.mockResolvedValueOnce(pageOf([aCourse()]));
    const { user } = renderScreen(<CatalogScreen />);

    expect(await screen.findByText('Error loading courses:')).toBeInTheDocument();
    expect(screen.getByText('The data could not be loaded. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading courses:')).not.toBeInTheDocument();
  });

  it('searches once typing pauses, not once per key', async () => {
    listCatalog.mockImplementation(async (filters) =>
      pageOf([
        aCourse({ title: filters?.search ? `Found: ${filters.search}` : 'Business Spanish' }),
      ]),
    );
    const { user } = renderScreen(<CatalogScreen />);
    await screen.findByRole('article', { name: 'Business Spanish' });
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'Email');

    expect(await screen.findByRole('article', { name: 'Found: Email' })).toBeInTheDocument();
    expect(listCatalog.mock.calls.map(([filters]) => filters?.search)).toEqual(['', 'Email']);
  });

  it('filters by language and level, and clears the filters', async () => {
    listCatalog.mockImplementation(async (filters) =>
      pageOf([aCourse({ title: filters?.level ? `Level ${filters.level}` : 'Business Spanish' })]),
    );
    const { user } = renderScreen(<CatalogScreen />);
    await screen.findByRole('article', { name: 'Business Spanish' });

    const languageSelect = screen.getByLabelText('Language');
    expect(
      within(languageSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All languages', 'Spanish', 'English']);

    await user.selectOptions(languageSelect, 'English');
    await user.selectOptions(screen.getByLabelText('Level'), 'advanced');
    expect(await screen.findByRole('article', { name: 'Level advanced' })).toBeInTheDocument();
    expect(listCatalog).toHaveBeenLastCalledWith({
      search: '',
      language: 'English',
      level: 'advanced',
      page: 1,
    });

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByRole('article', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(languageSelect).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
  });

  it('offers every language when the language list cannot be loaded', async () => {
    listLanguages.mockResolvedValue({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'offline' },
    });
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    renderScreen(<CatalogScreen />);

    const languageSelect = screen.getByLabelText('Language');
    await waitFor(() =>
      expect(within(languageSelect).getAllByRole('option').length).toBeGreaterThan(1),
    );
    expect(within(languageSelect).getByRole('option', { name: 'Spanish' })).toBeInTheDocument();
    expect(within(languageSelect).getByRole('option', { name: 'English' })).toBeInTheDocument();
  });

  it('pages through more than 12 courses and goes back to page 1 on a new filter', async () => {
    listCatalog.mockImplementation(async (filters) =>
      pageOf([aCourse({ id: `c-${filters?.page}` })], 30, filters?.page ?? 1),
    );
    const { user } = renderScreen(<CatalogScreen />);
    await screen.findByText('30 courses available');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(listCatalog).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })),
    );
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Level'), 'beginner');
    await waitFor(() =>
      expect(listCatalog).toHaveBeenLastCalledWith(
        expect.objectContaining({ level: 'beginner', page: 1 }),
      ),
    );
  });

  it('moves to the new last page when the list shrinks under the student', async () => {
    let total = 30;
    listCatalog.mockImplementation(async (filters) => {
      const page = filters?.page ?? 1;
      const pages = Math.ceil(total / PAGE_SIZE);
      const items =
        page > pages ? [] : [aCourse({ id: `c-${page}`, title: `Page ${page} course` })];
      return pageOf(items, total, page);
    });
    const { user } = renderScreen(<CatalogScreen />);
    await screen.findByText('30 courses available');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Page 3 course' })).toBeInTheDocument();

    total = 20;
    await user.click(screen.getByRole('button', { name: 'Refresh Courses' }));

    expect(await screen.findByRole('article', { name: 'Page 2 course' })).toBeInTheDocument();
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByText('20 courses available')).toBeInTheDocument();
    expect(screen.queryByText('No courses found')).not.toBeInTheDocument();
  });

  it('refreshes the courses and the language options', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    const { user } = renderScreen(<CatalogScreen />);
    await screen.findByRole('article', { name: 'Business Spanish' });

    await user.click(screen.getByRole('button', { name: 'Refresh Courses' }));

    await waitFor(() => expect(listCatalog).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(listLanguages).toHaveBeenCalledTimes(2));
  });

  it('enrolls: overlay while it runs, success message, and the reloaded card shows Enrolled', async () => {
    listCatalog.mockResolvedValueOnce(pageOf([aCourse()]));
    listCatalog.mockResolvedValueOnce(pageOf([aCourse({ isEnrolled: true, enrolledCount: 13 })]));
    let finish: (result: Result<null>) => void = () => {};
    enroll.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = renderScreen(<CatalogScreen />);

    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    expect(enroll).toHaveBeenCalledWith('course-1', 'student-1');
    expect(await screen.findByText('Enrolling in course…')).toBeInTheDocument();

    await act(async () => finish({ success: true, data: null }));

    expect(await screen.findByText('Successfully enrolled in course!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enrolled' })).toBeDisabled();
    expect(screen.getByText('13/30 students')).toBeInTheDocument();
    expect(screen.queryByText('Enrolling in course…')).not.toBeInTheDocument();
  });

  it('says the seat is held until when, in the school’s time zone, when the school asks for payment first', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    enroll.mockResolvedValue({
      success: true,
      data: {
        heldUntil: '2026-12-03T18:00:00Z',
        invoiceId: 'invoice-1',
        timeZone: 'Europe/Madrid',
      },
    });
    const { user } = renderScreen(<CatalogScreen />);
    mySeatHolds.mockResolvedValue({ success: true, data: [aHold()] });
    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    expect(
      await screen.findByText(/Your seat in Business Spanish is held until Dec 3, 2026, 19:00/),
    ).toBeInTheDocument();
    // The card: the hold instead of Enroll Now, the way to the invoice, no card without card payment.
    const card = screen.getByRole('article', { name: 'Business Spanish' });
    expect(await within(card).findByText(/Seat held until Dec 3, 2026, 19:00/)).toBeInTheDocument();
    expect(within(card).getByText(/€299\.00 due/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See the invoice in Billing' })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(within(card).queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('offers Pay by card on a held seat when card payment is available, in Spanish, and says why it failed', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    mySeatHolds.mockResolvedValue({ success: true, data: [aHold()] });
    cardAvailability.mockResolvedValue({ success: true, data: { available: true } });
    startCardPayment.mockResolvedValue({
      success: false,
      error: { code: 'RPC_ERROR', message: 'x', details: { code: 'NOTHING_DUE' } },
    });
    const { user } = renderScreen(<CatalogScreen />, { language: 'es' });
    expect(await screen.findByText(/Plaza reservada hasta el 3 dic 2026/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pagar con tarjeta' }));
    expect(startCardPayment).toHaveBeenCalledWith('invoice-1', expect.any(String));
    expect(
      await screen.findByText(/No se ha podido iniciar el pago con tarjeta/),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when enrolling is refused, in the student's language", async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    enroll.mockResolvedValue({
      success: false,
      error: { code: 'ENROLLMENT_ERROR', message: 'This course is full' },
    });
    const { user } = renderScreen(<CatalogScreen />, { language: 'es' });

    await user.click(await screen.findByRole('button', { name: /Inscr/ }));

    expect(await screen.findByText('Este curso está completo')).toBeInTheDocument();
    expect(screen.queryByText('This course is full')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Inscr/ })).toBeEnabled();
  });

  it('falls back to the product text when enrolling fails without a reason', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    enroll.mockResolvedValue({
      success: false,
      error: { code: 'ENROLL_ERROR', message: 'column "x" does not exist' },
    });
    const { user } = renderScreen(<CatalogScreen />);

    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));

    expect(
      await screen.findByText('Failed to enroll in course. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/does not exist/)).not.toBeInTheDocument();
  });

  it('offers the waiting list instead of Enroll Now for a full course, and shows the place once in', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse({ enrolledCount: 30, isFull: true })]));
    joinWaiting.mockResolvedValue({ success: true, data: { position: 3 } });
    const { user } = renderScreen(<CatalogScreen />);

    expect(await screen.findByText('This course is currently full')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enroll Now|Full/ })).toBeNull();
    myWaiting.mockResolvedValue({
      success: true,
      data: [waitingEntry({ position: 3 })],
    });
    await user.click(await screen.findByRole('button', { name: 'Join the waiting list' }));

    expect(joinWaiting).toHaveBeenCalledWith('course-1');
    expect(
      await screen.findByText('You are on the waiting list of Business Spanish: number 3 in line.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('You are number 3 in line')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the waiting list' })).toBeInTheDocument();
  });

  it('says why joining was refused, in the student’s words', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse({ enrolledCount: 30, isFull: true })]));
    joinWaiting.mockResolvedValue({
      success: false,
      error: { code: 'ENROLLMENT_ERROR', message: 'course_not_full' },
    });
    const { user } = renderScreen(<CatalogScreen />);
    await user.click(await screen.findByRole('button', { name: 'Join the waiting list' }));
    expect(
      await screen.findByText(
        'You could not join the waiting list: This course has free places: enroll instead of waiting.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('course_not_full')).toBeNull();
  });

  it('leaves the waiting list only after confirming', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse({ enrolledCount: 30, isFull: true })]));
    myWaiting.mockResolvedValue({ success: true, data: [waitingEntry({ position: 2 })] });
    leaveWaiting.mockResolvedValue({ success: true, data: null });
    const { user } = renderScreen(<CatalogScreen />);

    await user.click(await screen.findByRole('button', { name: 'Leave the waiting list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the waiting list?' });
    expect(
      within(dialog).getByText(/You lose your place in line for Business Spanish/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(leaveWaiting).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Leave the waiting list' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }),
    );
    expect(leaveWaiting).toHaveBeenCalledWith('entry-1');
    expect(
      await screen.findByText('You left the waiting list of Business Spanish.'),
    ).toBeInTheDocument();
  });

  it('offers the waiting list in Spanish', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse({ enrolledCount: 30, isFull: true })]));
    myWaiting.mockResolvedValue({ success: true, data: [waitingEntry({ position: 4 })] });
    renderScreen(<CatalogScreen />, { language: 'es' });
    expect(await screen.findByText('Eres el número 4 de la lista')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salir de la lista de espera' })).toBeInTheDocument();
  });

  it('asks to log in before enrolling', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    const { user } = renderScreen(<CatalogScreen />, { user: null });

    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));

    expect(await screen.findByText('Please log in to enroll in courses')).toBeInTheDocument();
    expect(enroll).not.toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    listCatalog.mockResolvedValue(pageOf([aCourse()]));
    renderScreen(<CatalogScreen />, { language: 'es' });

    expect(await screen.findByText('1 curso disponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Borrar filtros' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualizar cursos' })).toBeInTheDocument();
  });

  it('names a teacher whose profile is gone in the student language', async () => {
    listCatalog.mockResolvedValue(
      pageOf([aCourse({ title: 'English Pronunciation Workshop', teacherName: null })]),
    );
    renderScreen(<CatalogScreen />, { language: 'es' });

    const card = await screen.findByRole('article', { name: 'English Pronunciation Workshop' });
    expect(within(card).getByText('Desconocido')).toBeInTheDocument();
    expect(within(card).queryByText('Unknown')).not.toBeInTheDocument();
  });
});
