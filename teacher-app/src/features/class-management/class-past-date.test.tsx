import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { classManagementReadModel, classesService, coursesService, ok } from '@portal/shared-data';
import {
  COURSES,
  aClass,
  ended,
  fill,
  loaded,
  openForm,
  paged,
  renderPage,
  type PageUser,
} from '../../test-support/class-management';
import { admin } from '../../test-support/fixtures';
import { fillTime } from '../../test-support/time-field';

// Issue 29: a class dated in the past asks before it is saved (scheduled or moved there; an edit
// that keeps a past class's date asks nothing), and an administrator is not told about "your
// courses". The rest of the screen is class-management-screen.test.tsx.

// The query and mutation options call these very service objects, so their functions are replaced
// in place (the unit boundary is the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.classesService, {
    createSeries: vi.fn(),
    update: vi.fn(),
    delete: vi.fn(),
  });
  Object.assign(actual.classManagementReadModel, { get: vi.fn() });
  Object.assign(actual.coursesService, { list: vi.fn() });
  return actual;
});

// The figures and the page of classes, each with its attendance: the screen's one request.
const loadScreen = vi.mocked(classManagementReadModel.get);
const createClass = vi.mocked(classesService.createSeries);
const updateClass = vi.mocked(classesService.update);
const listCourses = vi.mocked(coursesService.list);

async function fillPastClass(user: PageUser, dialog: HTMLElement, timeLabel = 'Time') {
  await user.click(within(dialog).getByRole('combobox', { name: /Course|Curso/ }));
  await user.click(await within(dialog).findByRole('option', { name: 'Business English' }));
  fill(within(dialog).getByRole('textbox', { name: /Title|Título/ }), 'Make-up session');
  fill(within(dialog).getByRole('textbox', { name: /Description|Descripción/ }), 'Catch up');
  fill(within(dialog).getByRole('textbox', { name: /Date|Fecha/ }), '2020-03-05');
  fillTime(dialog, timeLabel, '10:00');
  await user.click(within(dialog).getByRole('radio', { name: /Recorded|Grabada/ }));
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  listCourses.mockResolvedValue(ok(paged(COURSES, 2, 1, 100)));
  loadScreen.mockResolvedValue(loaded(paged([aClass(), ended])));
});

describe('a class dated in the past', () => {
  it('asks before scheduling it; "Change the date" saves nothing and keeps what was typed', async () => {
    createClass.mockResolvedValue(ok([aClass({ id: 'new' })]));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });
    const dialog = await openForm(user);
    await fillPastClass(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));

    const question = await screen.findByRole('dialog', { name: 'This class is in the past' });
    expect(createClass).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Change the date' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(createClass).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Make-up session');

    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'This class is in the past' })).getByRole(
        'button',
        { name: 'Save anyway' },
      ),
    );
    expect(await screen.findByText('Class scheduled')).toBeInTheDocument();
    expect(createClass).toHaveBeenCalledTimes(1);
    expect(createClass).toHaveBeenCalledWith([
      expect.objectContaining({
        title: 'Make-up session',
        scheduledDate: new Date(2020, 2, 5, 10, 0).toISOString(),
      }),
    ]);
  });

  it('asks in Spanish too', async () => {
    const { user } = renderPage({ language: 'es' });
    await screen.findByRole('article', { name: 'Pitching to investors' });
    const dialog = await openForm(user, 'Programar clase');
    await fillPastClass(user, dialog, 'Hora');
    await user.click(within(dialog).getByRole('button', { name: 'Programar clase' }));
    const question = await screen.findByRole('dialog', { name: 'Esta clase está en el pasado' });
    expect(within(question).getByRole('button', { name: 'Guardar de todos modos' })).toBeVisible();
    expect(createClass).not.toHaveBeenCalled();
  });

  it('an edit that keeps the date of a class that already took place asks nothing', async () => {
    updateClass.mockResolvedValue(ok(ended));
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Kick-off meeting' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Class' });
    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Kick-off, notes');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Class updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'This class is in the past' })).toBeNull();
    expect(updateClass).toHaveBeenCalledTimes(1);
  });
});

describe('what an administrator reads', () => {
  it('speaks of every course, never "your courses"', async () => {
    renderPage({ user: admin });
    await screen.findByRole('article', { name: 'Pitching to investors' });
    expect(
      screen.getByText('Schedule, edit and remove the classes of every course.'),
    ).toBeVisible();
    expect(screen.queryByText(/your courses/i)).toBeNull();
  });

  it('a teacher still reads "your courses"', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });
    expect(
      screen.getByText('Schedule, edit and remove the classes of your courses.'),
    ).toBeVisible();
  });
});
