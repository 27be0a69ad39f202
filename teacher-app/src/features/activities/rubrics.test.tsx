import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  ok,
  rubricsService,
  type Rubric,
  type RubricContent,
  type RubricScores,
} from '@portal/shared-data';
import { renderScreen } from '../../test-support/render-screen';
import { RubricGrid } from './rubric-grid';
import { RubricLibrary } from './rubric-library';

vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.rubricsService, {
    list: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    delete: vi.fn(),
  });
  return actual;
});

const listRubrics = vi.mocked(rubricsService.list);
const createRubric = vi.mocked(rubricsService.create);
const deleteRubric = vi.mocked(rubricsService.delete);

const SPEAKING: RubricContent = {
  title: 'Speaking',
  criteria: [
    {
      id: 'fluency',
      title: 'Fluency',
      levels: [
        { id: 'f0', title: 'Hesitant', points: 1 },
        { id: 'f1', title: 'Fluent', points: 4.5 },
      ],
    },
    {
      id: 'accuracy',
      title: 'Accuracy',
      levels: [
        { id: 'a0', title: 'Many errors', points: 0 },
        { id: 'a1', title: 'Some errors', points: 2 },
        { id: 'a2', title: 'Accurate', points: 5 },
      ],
    },
  ],
};

const mine: Rubric = {
  id: 'rubric-1',
  ownerId: 'teacher-1',
  ...SPEAKING,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const colleagues: Rubric = { ...mine, id: 'rubric-2', ownerId: 'teacher-9', title: 'Essay' };

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  listRubrics.mockResolvedValue(ok([mine, colleagues]));
});

describe('the rubric library', () => {
  it('lists every rubric; only one’s own can be edited or deleted', async () => {
    renderScreen(<RubricLibrary />);
    expect(await screen.findByRole('heading', { name: 'Speaking' })).toBeInTheDocument();
    expect(screen.getAllByText('2 criteria · best total 9.5 points')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Edit Speaking' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Essay' })).not.toBeInTheDocument();
    expect(screen.getByText('A colleague’s')).toBeInTheDocument();
  });

  it('shows an empty state, and a load error in the user’s language', async () => {
    listRubrics.mockResolvedValueOnce(ok([]));
    const { unmount } = renderScreen(<RubricLibrary />);
    expect(await screen.findByText('No rubrics yet')).toBeInTheDocument();
    unmount();
    listRubrics.mockResolvedValueOnce(
      fail('FETCH_ACTIVITIES_ERROR', 'permission denied for table rubrics', { code: '42501' }),
    );
    renderScreen(<RubricLibrary />, { language: 'es' });
    expect(await screen.findByText('Error al cargar las rúbricas:')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
  });

  it('builds a rubric: refuses what the database would, then saves criteria and levels', async () => {
    const user = userEvent.setup();
    createRubric.mockResolvedValue(ok(mine));
    renderScreen(<RubricLibrary />);
    await user.click(await screen.findByRole('button', { name: 'New rubric' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rubric' });

    await user.click(within(dialog).getByRole('button', { name: 'Create rubric' }));
    expect(await within(dialog).findByText('Give the rubric a title.')).toBeInTheDocument();
    expect(within(dialog).getByText('Name the criterion.')).toBeInTheDocument();
    expect(createRubric).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/Rubric title/), 'Oral presentation');
    await user.type(within(dialog).getByLabelText(/^Criterion/), 'Fluency');
    const levels = within(dialog).getAllByLabelText(/^Level/);
    await user.type(levels[0]!, 'Hesitant');
    await user.type(levels[1]!, 'Fluent');
    const points = within(dialog).getAllByLabelText(/^Points/);
    await user.clear(points[1]!);
    await user.type(points[1]!, '7.5');
    expect(within(dialog).getByText('Best total: 7.5 points')).toBeInTheDocument();
    // A third level, then removed again: at least two stay.
    await user.click(within(dialog).getByRole('button', { name: 'Add level' }));
    expect(within(dialog).getAllByLabelText(/^Level/)).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Remove level 3' }));
    expect(within(dialog).getByRole('button', { name: 'Remove level 2' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Create rubric' }));
    await waitFor(() => expect(createRubric).toHaveBeenCalledTimes(1));
    const [ownerId, content] = createRubric.mock.calls[0]!;
    expect(ownerId).toBe('teacher-1');
    expect(content.title).toBe('Oral presentation');
    expect(content.criteria).toHaveLength(1);
    expect(content.criteria[0]).toMatchObject({
      title: 'Fluency',
      levels: [
        { title: 'Hesitant', points: 0 },
        { title: 'Fluent', points: 7.5 },
      ],
    });
    expect(await screen.findByText('Rubric created')).toBeInTheDocument();
  });

  it('deletes one’s own rubric after asking', async () => {
    const user = userEvent.setup();
    deleteRubric.mockResolvedValue(ok(null));
    renderScreen(<RubricLibrary />);
    await user.click(await screen.findByRole('button', { name: 'Delete Speaking' }));
    const question = await screen.findByRole('dialog', { name: /Delete the rubric/ });
    await user.click(within(question).getByRole('button', { name: 'Delete rubric' }));
    await waitFor(() => expect(deleteRubric).toHaveBeenCalledWith('rubric-1'));
  });
});

function Grid({ onScores }: { onScores?: (scores: RubricScores) => void }) {
  const [scores, setScores] = useState<RubricScores>({});
  return (
    <RubricGrid
      rubric={SPEAKING}
      scores={scores}
      maxPoints={10}
      onChange={(next) => {
        setScores(next);
        onScores?.(next);
      }}
    />
  );
}

describe('the rubric grading grid', () => {
  it('names a radio group per criterion and is graded by keyboard, the total announced politely', async () => {
    const user = userEvent.setup();
    const onScores = vi.fn();
    renderScreen(<Grid onScores={onScores} />);
    const fluency = screen.getByRole('radiogroup', { name: 'Fluency' });
    const accuracy = screen.getByRole('radiogroup', { name: 'Accuracy' });
    const total = screen.getByText('0 of 2 criteria chosen');
    expect(total).toHaveAttribute('aria-live', 'polite');

    // Tab into the first group, Space chooses, arrows move within the group.
    await user.tab();
    expect(within(fluency).getByRole('radio', { name: 'Hesitant (1 pt)' })).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect(within(fluency).getByRole('radio', { name: 'Fluent (4.5 pts)' })).toBeChecked();
    await user.tab();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(accuracy).getByRole('radio', { name: 'Accurate (5 pts)' })).toBeChecked();

    expect(screen.getByText('Total: 9.5 of 10 points')).toBeInTheDocument();
    expect(onScores).toHaveBeenLastCalledWith({ fluency: 'f1', accuracy: 'a2' });
  });

  it('speaks Spanish', () => {
    renderScreen(<Grid />, { language: 'es' });
    expect(screen.getByText('0 de 2 criterios elegidos')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Rúbrica: Speaking' })).toBeInTheDocument();
  });
});
