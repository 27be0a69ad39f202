import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  gradebookReadModel,
  gradebookService,
  ok,
  type Gradebook,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { admin, teacher } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import GradebookScreen from './gradebook-screen';

// The query options call these very objects, so their functions are replaced in place.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.gradebookReadModel, { get: vi.fn() });
  Object.assign(actual.gradebookService, { saveWeights: vi.fn() });
  return actual;
});

const get = vi.mocked(gradebookReadModel.get);
const saveWeights = vi.mocked(gradebookService.saveWeights);

const COURSE = '3f0c2c9e-1d1e-4c1a-9d7e-2b9a5f0b7c11';

function aGradebook(overrides: Partial<Gradebook> = {}): Gradebook {
  return {
    course: { id: COURSE, title: 'Business English', gradeWeights: { quiz: 30, homework: 70 } },
    activities: [
      { id: 'a1', title: 'Quiz 1', type: 'quiz', maxPoints: 10, dueDate: null, classId: null },
      {
        id: 'a2',
        title: 'Homework 1',
        type: 'homework',
        maxPoints: 20,
        dueDate: null,
        classId: null,
      },
    ],
    students: [
      {
        id: 's1',
        firstName: 'Lu',
        lastName: 'Reyes',
        name: 'Lu Reyes',
        email: 'lu@example.test',
        enrollmentStatus: 'active',
        earned: 8,
        possible: 30,
        total: 24,
        cells: [
          { grade: 8, state: 'graded', late: true },
          { grade: null, state: 'missing', late: false },
        ],
      },
    ],
    ...overrides,
  };
}

function show(language: Language = 'en', user = teacher) {
  return renderScreen(<GradebookScreen />, {
    language,
    user,
    path: `/gradebook/${COURSE}`,
    route: '/gradebook/:courseId',
  });
}

beforeEach(() => {
  get.mockReset();
  saveWeights.mockReset();
});

describe('GradebookScreen', () => {
  it('reads the gradebook once and shows marks, the total, the weights and the legend', async () => {
    get.mockResolvedValue(ok(aGradebook()));
    show();
    const row = await screen.findByRole('row', { name: /Lu Reyes/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('8 / 10');
    expect(cells[0]).toHaveTextContent('Late');
    expect(cells[1]).toHaveTextContent('Missing');
    expect(cells[2]).toHaveTextContent('24 %');
    expect(screen.getByText('Weights: Quiz 30 % · Homework 70 %')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /how to read/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith(COURSE);
  });

  it('exports the rows in the order the screen shows them, by name first and then as sorted', async () => {
    // The database answers by last name (Alba before Zapata); the screen sorts by the name shown.
    const student = (
      id: string,
      firstName: string,
      lastName: string,
      total: number,
    ): Gradebook['students'][number] => ({
      id,
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      email: `${id}@example.test`,
      enrollmentStatus: 'active',
      earned: total / 10,
      possible: 10,
      total,
      cells: [
        { grade: total / 10, state: 'graded', late: false },
        { grade: null, state: 'missing', late: false },
      ],
    });
    get.mockResolvedValue(
      ok(
        aGradebook({
          students: [student('s1', 'Zoe', 'Alba', 90), student('s2', 'Ana', 'Zapata', 10)],
        }),
      ),
    );
    const files: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: vi.fn((blob: Blob) => {
        files.push(blob);
        return 'blob:gradebook';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const namesIn = async (file: Blob | undefined) =>
      (
        await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(file!);
        })
      )
        .split(/\r?\n/)
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(',')[0]);

    const { user } = show();
    await screen.findByRole('row', { name: /Zoe Alba/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(await namesIn(files[0])).toEqual(['Ana Zapata', 'Zoe Alba']);

    await user.click(screen.getByTitle('Sort by Total'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(await namesIn(files[1])).toEqual(['Zoe Alba', 'Ana Zapata']);
    vi.unstubAllGlobals();
  });

  it('says when the course has no activities, or no students, in Spanish too', async () => {
    get.mockResolvedValue(ok(aGradebook({ activities: [], students: [] })));
    const first = show('es');
    expect(await screen.findByText('Todavía no hay actividades')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).not.toBeInTheDocument();
    first.unmount();
    get.mockResolvedValue(ok(aGradebook({ students: [] })));
    show('en', admin);
    expect(await screen.findByText('No students yet')).toBeInTheDocument();
  });

  it('says the gradebook is not available when the database answers null', async () => {
    get.mockResolvedValue(ok(null));
    show();
    expect(await screen.findByText('Gradebook not available')).toBeInTheDocument();
  });

  it('shows a failed read in words with Try again, which reads again', async () => {
    get.mockResolvedValueOnce(fail('FETCH_ACTIVITIES_ERROR', 'connection reset by peer'));
    show();
    expect(await screen.findByText('Error loading the gradebook:')).toBeInTheDocument();
    expect(screen.queryByText(/connection reset/)).not.toBeInTheDocument();
    get.mockResolvedValue(ok(aGradebook()));
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('row', { name: /Lu Reyes/ })).toBeInTheDocument();
  });

  it('keeps the typed weights when the save fails, and says why in the user language', async () => {
    get.mockResolvedValue(ok(aGradebook()));
    saveWeights.mockResolvedValue(
      fail(
        'UPDATE_COURSES_ERROR',
        'new row for relation "courses" violates check constraint "courses_grade_weights_check"',
        {
          code: '23514',
        },
      ),
    );
    show('es');
    fireEvent.click(await screen.findByRole('button', { name: 'Pesos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pesos por tipo de actividad' });
    const quiz = within(dialog).getByRole('textbox', { name: 'Cuestionario' });
    fireEvent.change(quiz, { target: { value: '40' } });
    expect(within(dialog).getByText('36,4 % del total')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar pesos' }));
    await waitFor(() =>
      expect(saveWeights).toHaveBeenCalledWith(COURSE, { quiz: 40, homework: 70 }),
    );
    expect(await within(dialog).findByText('Los pesos no se guardaron:')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Los pesos deben ser números enteros de 0 a 100/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/violates/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Cuestionario' })).toHaveValue('40');
  });

  it('refuses weights that are all 0 before saving', async () => {
    get.mockResolvedValue(ok(aGradebook()));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Weights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Weights by activity type' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quiz' }), {
      target: { value: '0' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Homework' }), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save weights' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/at least one type/);
    expect(saveWeights).not.toHaveBeenCalled();
  });

  it('saves weights and reads the gradebook again', async () => {
    get.mockResolvedValue(ok(aGradebook()));
    saveWeights.mockResolvedValue(ok(null));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Weights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Weights by activity type' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Homework' }), {
      target: { value: '' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save weights' }));
    await waitFor(() => expect(saveWeights).toHaveBeenCalledWith(COURSE, { quiz: 30 }));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
