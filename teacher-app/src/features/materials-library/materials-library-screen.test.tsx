import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  materialsLibraryReadModel,
  coursesService,
  fail,
  materialsService,
  ok,
  type AppUser,
  type Course,
  type Material,
  type MaterialLibraryFigures,
  type MaterialUpload,
  type Paged,
  type Result,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { admin, teacher } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import MaterialsLibraryScreen from './materials-library-screen';

// The query and mutation options call these very service objects, so their functions are replaced
// in place (the unit boundary is the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.materialsService, {
    list: vi.fn(),
    uploadFile: vi.fn(),
    createLink: vi.fn(),
    delete: vi.fn(),
    getSignedUrl: vi.fn(),
  });
  Object.assign(actual.materialsLibraryReadModel, { figures: vi.fn() });
  Object.assign(actual.coursesService, { list: vi.fn() });
  return actual;
});

const listMaterials = vi.mocked(materialsService.list);
const materialStats = vi.mocked(materialsLibraryReadModel.figures);
const uploadFile = vi.mocked(materialsService.uploadFile);
const createLink = vi.mocked(materialsService.createLink);
const deleteMaterial = vi.mocked(materialsService.delete);
const listCourses = vi.mocked(coursesService.list);

function aMaterial(overrides: Partial<Material> = {}): Material {
  return {
    id: 'material-1',
    title: 'Irregular verbs',
    type: 'pdf',
    url: '1700000000000-k3j9x2ab.pdf',
    storagePath: '1700000000000-k3j9x2ab.pdf',
    mimeType: 'application/pdf',
    fileSize: 2048,
    courseId: 'course-1',
    courseTitle: 'Business English',
    language: 'EN',
    skill: 'grammar',
    uploadedBy: 'Marta Ruiz',
    uploadedById: 'teacher-1',
    uploadedAt: '2026-03-05T10:00:00Z',
    canDelete: true,
    ...overrides,
  };
}

const generalLink = aMaterial({
  id: 'material-2',
  title: 'RAE dictionary',
  type: 'link',
  url: 'https://dle.rae.es/',
  storagePath: null,
  mimeType: null,
  fileSize: 0,
  courseId: null,
  courseTitle: null,
  language: 'ES',
  skill: 'reading',
  uploadedBy: null,
  uploadedById: 'admin-1',
  canDelete: false,
});

function course(id: string, title: string): Course {
  return {
    id,
    title,
    description: '',
    language: 'English',
    category: 'general',
    level: 'beginner',
    duration: 8,
    teacherId: 'teacher-1',
    teacherName: 'Marta Ruiz',
    price: 100,
    thumbnailUrl: null,
    isActive: true,
    enrolledCount: 0,
    maxStudents: 10,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

const COURSES = [course('course-1', 'Business English'), course('course-2', 'Spanish A1')];

function paged<T>(items: T[], total = items.length, page = 1, limit = 12): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

// Deliberately not the counts of the page shown: the figures cover every visible material.
const FIGURES: MaterialLibraryFigures = {
  total: 57,
  documents: 31,
  videos: 9,
  audio: 12,
  links: 5,
  totalSize: 1_000_000,
};

function renderPage({
  language = 'en',
  user = teacher,
}: { language?: Language; user?: AppUser } = {}) {
  return renderScreen(<MaterialsLibraryScreen />, {
    language,
    user,
    path: '/materials',
    route: '/materials',
  });
}

function statValue(name: string): string {
  const card = screen.getByRole('group', { name });
  const id = card.getAttribute('aria-describedby');
  return (id && document.getElementById(id)?.textContent) || '';
}

const card = (name: string) => screen.getByRole('article', { name });

async function openDialog(user: ReturnType<typeof renderPage>['user']) {
  await user.click(screen.getAllByRole('button', { name: 'Add Material' })[0]!);
  return screen.findByRole('dialog', { name: 'Add Material' });
}

function fileInput(dialog: HTMLElement): HTMLInputElement {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

/** Sets a field's text in one change event (typing key by key only makes the test slower). */
function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
}

beforeEach(() => {
  // Toasts live in Mantine's page-wide store: none is carried over from the previous test.
  notifications.clean();
  vi.clearAllMocks();
  listMaterials.mockReset();
  materialStats.mockReset();
  listCourses.mockReset();
  listCourses.mockResolvedValue(ok(paged(COURSES, 2, 1, 100)));
  materialStats.mockResolvedValue(ok(FIGURES));
  listMaterials.mockResolvedValue(ok(paged([aMaterial(), generalLink], 14)));
});

describe('Materials Library', () => {
  it('loads in two requests: the figures over everything visible and one page', async () => {
    renderPage();

    expect(await screen.findByRole('article', { name: 'Irregular verbs' })).toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Materials')).toBe('57'));
    expect(statValue('Documents')).toBe('31');
    expect(statValue('Videos')).toBe('9');
    expect(statValue('Audio Files')).toBe('12');
    expect(screen.getByRole('heading', { name: '14 materials' })).toBeInTheDocument();

    expect(listMaterials).toHaveBeenCalledTimes(1);
    expect(listMaterials).toHaveBeenCalledWith({ page: 1, limit: 12 });
    expect(materialStats).toHaveBeenCalledTimes(1);
    // The course filter's courses wait until it is reached for.
    expect(listCourses).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Course')).toHaveDisplayValue('All courses');
  });

  it('reads the courses only once the course filter is reached for, with a loader meanwhile', async () => {
    let answer!: (result: Awaited<ReturnType<typeof listCourses>>) => void;
    listCourses.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Irregular verbs' });
    await waitFor(() => expect(statValue('Total Materials')).toBe('57'));
    expect(listCourses).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Loading courses…')).not.toBeInTheDocument();

    // The pointer over the filter: its courses start loading before it is opened.
    const courseFilter = screen.getByLabelText('Course');
    await user.hover(courseFilter);
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(1));
    // The teacher's own courses.
    expect(listCourses).toHaveBeenCalledWith(
      expect.objectContaining({ teacherId: 'teacher-1', limit: 100 }),
    );
    expect(screen.getByLabelText('Loading courses…')).toBeInTheDocument();

    answer(ok(paged(COURSES, 2, 1, 100)));
    await waitFor(() =>
      expect(screen.queryByLabelText('Loading courses…')).not.toBeInTheDocument(),
    );
    await user.selectOptions(courseFilter, 'course-1');
    await waitFor(() =>
      expect(listMaterials).toHaveBeenLastCalledWith({ courseId: 'course-1', page: 1, limit: 12 }),
    );
    expect(courseFilter).toHaveDisplayValue('Business English');
    expect(listCourses).toHaveBeenCalledTimes(1);
  });

  it('reads the courses when the course filter gets the keyboard focus', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Irregular verbs' });
    await user.click(screen.getByRole('searchbox', { name: 'Search materials' }));
    expect(listCourses).not.toHaveBeenCalled();

    await user.tab();
    const courseFilter = screen.getByLabelText('Course');
    expect(courseFilter).toHaveFocus();
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(
        [...(courseFilter as HTMLSelectElement).options].map((option) => option.text),
      ).toContain('Spanish A1'),
    );
  });

  it('says why the course filter could not be loaded, and Try again loads it', async () => {
    listCourses
      .mockResolvedValueOnce(
        fail('FETCH_COURSES_ERROR', 'permission denied for table courses', { code: '42501' }),
      )
      .mockResolvedValueOnce(ok(paged(COURSES, 2, 1, 100)));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Irregular verbs' });
    expect(screen.queryByText('The course filter could not be loaded:')).not.toBeInTheDocument();

    await user.hover(screen.getByLabelText('Course'));
    expect(await screen.findByText('The course filter could not be loaded:')).toBeVisible();
    expect(screen.getByText('You are not allowed to do this.')).toBeVisible();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.queryByText('The course filter could not be loaded:')).not.toBeInTheDocument(),
    );
    expect(
      [...(screen.getByLabelText('Course') as HTMLSelectElement).options].map((o) => o.text),
    ).toContain('Business English');
    expect(listCourses).toHaveBeenCalledTimes(2);
  });

  it('shows each card with its details, and Delete only where the database allows it', async () => {
    renderPage();

    const file = await screen.findByRole('article', { name: 'Irregular verbs' });
    expect(within(file).getByText('Business English')).toBeInTheDocument();
    expect(within(file).getByText('2 KB')).toBeInTheDocument();
    expect(within(file).getByText('Marta Ruiz')).toBeInTheDocument();
    expect(within(file).getByRole('button', { name: 'Download Irregular verbs' })).toBeVisible();
    expect(within(file).getByRole('button', { name: 'Delete Irregular verbs' })).toBeVisible();

    const link = card('RAE dictionary');
    expect(within(link).getByText('General')).toBeInTheDocument();
    expect(within(link).getByText('Unknown')).toBeInTheDocument();
    expect(within(link).getByRole('link', { name: 'Open RAE dictionary' })).toHaveAttribute(
      'href',
      'https://dle.rae.es/',
    );
    expect(within(link).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('filters on the server by course (or general), language, skill and title, from page 1', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Irregular verbs' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listMaterials).toHaveBeenLastCalledWith({ page: 2, limit: 12 }));

    const courseFilter = screen.getByLabelText('Course');
    await user.hover(courseFilter);
    await waitFor(() =>
      expect([...(courseFilter as HTMLSelectElement).options].map((option) => option.text)).toEqual(
        ['All courses', 'General (no course)', 'Business English', 'Spanish A1'],
      ),
    );
    await user.selectOptions(courseFilter, 'general');
    await waitFor(() =>
      expect(listMaterials).toHaveBeenLastCalledWith({ courseId: 'general', page: 1, limit: 12 }),
    );
    await user.selectOptions(courseFilter, 'course-2');
    await user.selectOptions(screen.getByLabelText('Language'), 'ES');
    await user.selectOptions(screen.getByLabelText('Skill'), 'listening');
    fill(screen.getByRole('searchbox', { name: 'Search materials' }), '  verbs ');
    await waitFor(() =>
      expect(listMaterials).toHaveBeenLastCalledWith({
        courseId: 'course-2',
        language: 'ES',
        skill: 'listening',
        search: 'verbs',
        page: 1,
        limit: 12,
      }),
    );
    // The figures are over everything visible: filtering does not ask for them again.
    expect(materialStats).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByLabelText('Course')).toHaveDisplayValue('All courses');
    expect(screen.getByRole('searchbox', { name: 'Search materials' })).toHaveValue('');
    // Back on page 1 of the unfiltered list (still cached), not on the page 2 left before filtering.
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
  });

  it("says 'No materials found.' when there are none, and offers to add one", async () => {
    listMaterials.mockResolvedValue(ok(paged<Material>([])));
    const { user } = renderPage();

    expect(await screen.findByText('No materials found.')).toBeInTheDocument();
    expect(screen.getByText('Add the first file or link for your students.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Material' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Add Material' })).toBeInTheDocument();
  });

  it("shows 'Error loading materials:' with the reason in the user's language, and Try again loads them", async () => {
    listMaterials
      .mockResolvedValueOnce(
        fail('FETCH_MATERIALS_ERROR', 'permission denied for view material_list', {
          code: '42501',
        }),
      )
      .mockResolvedValueOnce(ok(paged([aMaterial()])));
    const { user } = renderPage();

    expect(await screen.findByText('Error loading materials:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Irregular verbs' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading materials:')).not.toBeInTheDocument();
  });

  it('shows a loader while the materials load', async () => {
    listMaterials.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading materials…' })).toBeInTheDocument();
  });

  it('deletes after confirmation, and says why when the server refuses', async () => {
    deleteMaterial
      .mockResolvedValueOnce(fail('DELETE_MATERIALS_ERROR', 'Failed to delete material'))
      .mockResolvedValueOnce(ok(null));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Irregular verbs' });

    await user.click(screen.getByRole('button', { name: 'Delete Irregular verbs' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Irregular verbs' });
    expect(
      within(confirm).getByText(
        'Are you sure you want to delete this material? Its file is deleted too.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    // The confirmation stays open and says why; Delete tries again from it.
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'The material was not deleted: It could not be deleted. Please try again.',
    );
    expect(screen.getByRole('dialog', { name: 'Delete Irregular verbs' })).toBeVisible();
    expect(deleteMaterial).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'material-1', storagePath: '1700000000000-k3j9x2ab.pdf' }),
    );

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Material deleted')).toBeInTheDocument();
    expect(deleteMaterial).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list and the figures are read again, after the refusal and after the delete.
    await waitFor(() => expect(materialStats).toHaveBeenCalledTimes(3));
  });

  it('offers an admin every course in the course filter', async () => {
    const { user } = renderPage({ user: admin });
    await screen.findByRole('article', { name: 'Irregular verbs' });
    await user.hover(screen.getByLabelText('Course'));
    await waitFor(() => expect(listCourses).toHaveBeenCalled());
    expect(listCourses).toHaveBeenCalledWith(
      expect.not.objectContaining({ teacherId: expect.anything() }),
    );
  });

  it('speaks Spanish', async () => {
    listMaterials.mockResolvedValue(ok(paged<Material>([])));
    renderPage({ language: 'es' });

    expect(await screen.findByText('No se encontraron materiales.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total de materiales' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Archivos de audio' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Agregar material' })[0]).toBeVisible();
    expect(screen.getByLabelText('Curso')).toHaveDisplayValue('Todos los cursos');
  });
});

describe('Add Material', () => {
  it('reads the courses when the dialog opens, and offers them there', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Irregular verbs' });
    expect(listCourses).not.toHaveBeenCalled();

    const dialog = await openDialog(user);
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(1));
    const course = within(dialog).getByLabelText('Course (optional)');
    await waitFor(() =>
      expect([...(course as HTMLSelectElement).options].map((option) => option.text)).toContain(
        'Spanish A1',
      ),
    );
    await user.selectOptions(course, 'course-2');
    expect(course).toHaveDisplayValue('Spanish A1');
  });

  it('shows the size limit before anything is chosen, and needs a file', async () => {
    const { user } = renderPage();
    const dialog = await openDialog(user);

    expect(
      within(dialog).getByText('PDF, DOC, DOCX, MP4, MP3, WAV, JPG, PNG, TXT, or MD, up to 50 MB'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a file to upload');
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('refuses a file of another type before uploading it', async () => {
    const { user } = renderPage();
    const dialog = await openDialog(user);

    fireEvent.change(fileInput(dialog), {
      target: { files: [new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })] },
    });
    expect(
      await within(dialog).findByText(
        'This file type is not accepted. Choose a PDF, DOC, DOCX, MP4, MP3, WAV, JPG, PNG, TXT, or MD file.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/Chosen file/)).not.toBeInTheDocument();
  });

  it.each([
    ['Vocabulario unidad 3.md', ''],
    ['Notas.txt', 'text/plain'],
  ])('uploads text and Markdown notes (%s)', async (name, type) => {
    uploadFile.mockResolvedValue(ok(aMaterial({ id: 'material-10' })));
    const { user } = renderPage();
    const dialog = await openDialog(user);

    const notes = new File(['# Unidad 3'], name, { type });
    fireEvent.change(fileInput(dialog), { target: { files: [notes] } });
    expect(await within(dialog).findByText(`Chosen file: ${name} (10 Bytes)`)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(1));
    expect(uploadFile).toHaveBeenCalledWith(expect.objectContaining({ file: notes }));
  });

  it('refuses a file over the limit before uploading it', async () => {
    const { user } = renderPage();
    const dialog = await openDialog(user);
    const big = new File(['x'], 'lecture.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });

    fireEvent.change(fileInput(dialog), { target: { files: [big] } });
    expect(
      await within(dialog).findByText('The file is too large: it can be at most 50 MB.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('uploads the chosen file with its course, language and skill, following its progress', async () => {
    let finish: (result: Result<Material>) => void = () => undefined;
    let report: ((fraction: number) => void) | undefined;
    uploadFile.mockImplementation((upload: MaterialUpload) => {
      report = upload.onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const { user } = renderPage();
    const dialog = await openDialog(user);
    // The dialog opens on the drop area.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Choose a file to upload' })).toHaveFocus(),
    );

    const pdf = new File(['%PDF-1.4'], 'Verb table.pdf', { type: 'application/pdf' });
    fireEvent.change(fileInput(dialog), { target: { files: [pdf] } });
    expect(await within(dialog).findByText('Chosen file: Verb table.pdf (8 Bytes)')).toBeVisible();
    await user.selectOptions(within(dialog).getByLabelText('Course (optional)'), 'course-2');
    await user.selectOptions(within(dialog).getByLabelText('Language (optional)'), 'ES');
    await user.selectOptions(within(dialog).getByLabelText('Skill (optional)'), 'speaking');
    await user.selectOptions(within(dialog).getByLabelText(/CEFR level/), 'B1');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(1));
    expect(uploadFile).toHaveBeenCalledWith(
      expect.objectContaining({
        file: pdf,
        courseId: 'course-2',
        language: 'ES',
        skill: 'speaking',
        cefrLevel: 'B1',
      }),
    );
    const bar = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    report?.(0.42);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    expect(within(dialog).getByText('Uploading… 42%')).toBeInTheDocument();

    finish(ok(aMaterial({ id: 'material-9' })));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Material' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Material uploaded')).toBeInTheDocument();
  });

  it('keeps everything chosen and says why when the server refuses the upload', async () => {
    uploadFile.mockResolvedValue(
      fail('UPLOAD_FILE_ERROR', 'The object exceeded the maximum allowed size', { status: 413 }),
    );
    const { user } = renderPage();
    const dialog = await openDialog(user);

    fireEvent.change(fileInput(dialog), {
      target: { files: [new File(['ID3'], 'dialogue.mp3', { type: 'audio/mpeg' })] },
    });
    await within(dialog).findByText(/Chosen file: dialogue.mp3/);
    fill(within(dialog).getByLabelText('Title (optional)'), 'Dialogue at the bank');
    await user.selectOptions(within(dialog).getByLabelText('Skill (optional)'), 'listening');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await within(dialog).findByText('The material was not saved:')).toBeInTheDocument();
    expect(within(dialog).getByText('The file is too large.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Chosen file: dialogue.mp3/)).toBeVisible();
    expect(within(dialog).getByLabelText('Title (optional)')).toHaveValue('Dialogue at the bank');
    expect(within(dialog).getByLabelText('Skill (optional)')).toHaveValue('listening');
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('adds a link, which needs a title and a URL, keeping the choices made on the File tab', async () => {
    createLink.mockResolvedValue(ok(aMaterial({ type: 'link' })));
    const { user } = renderPage();
    const dialog = await openDialog(user);

    await user.selectOptions(within(dialog).getByLabelText('Language (optional)'), 'EN');
    await user.click(within(dialog).getByRole('tab', { name: 'Link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('URL is required')).toBeInTheDocument();

    fill(within(dialog).getByLabelText(/^Title/), 'Cambridge Dictionary');
    fill(within(dialog).getByLabelText(/^URL/), 'dictionary.cambridge.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    expect(
      await within(dialog).findByText('Enter a link that starts with https:// or http://'),
    ).toBeInTheDocument();
    expect(createLink).not.toHaveBeenCalled();

    fill(within(dialog).getByLabelText(/^URL/), 'https://dictionary.cambridge.org/');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    await waitFor(() =>
      expect(createLink).toHaveBeenCalledWith({
        title: 'Cambridge Dictionary',
        url: 'https://dictionary.cambridge.org/',
        courseId: null,
        language: 'EN',
        skill: null,
        cefrLevel: null,
      }),
    );
    expect(await screen.findByText('Link added')).toBeInTheDocument();
  });

  it('keeps the link typed and says why when the server refuses it', async () => {
    createLink.mockResolvedValue(
      fail('CREATE_MATERIALS_ERROR', 'new row violates row-level security policy', {
        code: '42501',
      }),
    );
    const { user } = renderPage({ language: 'es' });
    await screen.findByRole('article', { name: 'Irregular verbs' });
    await user.click(screen.getAllByRole('button', { name: 'Agregar material' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Agregar material' });

    await user.click(within(dialog).getByRole('tab', { name: 'Enlace' }));
    fill(within(dialog).getByLabelText(/^Título/), 'RAE');
    fill(within(dialog).getByLabelText(/^URL/), 'https://dle.rae.es/');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar enlace' }));

    expect(await within(dialog).findByText('El material no se guardó:')).toBeInTheDocument();
    expect(within(dialog).getByText('No tienes permiso para hacer esto.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Título/)).toHaveValue('RAE');
    expect(within(dialog).getByLabelText(/^URL/)).toHaveValue('https://dle.rae.es/');
  });
});
