import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { GradebookLegend } from './gradebook-legend';
import { GradebookTable, type GradebookTableStudent } from './gradebook-table';

const activities = [
  { id: 'a1', title: 'Quiz 1', type: 'quiz', maxPoints: 10 },
  { id: 'a2', title: 'Essay', type: 'assignment', maxPoints: 20 },
];

const students: GradebookTableStudent[] = [
  {
    id: 's1',
    name: 'Carla Díaz',
    total: 50,
    cells: [
      { grade: 5, state: 'graded', late: true },
      { grade: null, state: 'missing', late: false },
    ],
  },
  {
    id: 's2',
    name: 'ana Pérez',
    total: 90.5,
    cells: [
      { grade: 9, state: 'graded', late: false },
      { grade: null, state: 'submitted', late: false },
    ],
  },
  {
    id: 's3',
    name: 'Bruno Gil',
    total: null,
    cells: [
      { grade: null, state: 'open', late: false },
      { grade: null, state: 'open', late: false },
    ],
  },
];

function rowNames() {
  return screen.getAllByRole('rowheader').map((cell) => cell.textContent);
}

describe('GradebookTable', () => {
  it('lists students by name (A to Z, ignoring case) with sticky header and first column', () => {
    renderWithProviders(<GradebookTable activities={activities} students={students} />);
    expect(rowNames()).toEqual(['ana Pérez', 'Bruno Gil', 'Carla Díaz']);
    const nameHeader = screen.getByRole('columnheader', { name: /student/i });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader.style.position).toBe('sticky');
    expect(screen.getAllByRole('rowheader')[0]!.style.position).toBe('sticky');
    expect(screen.getByRole('region', { name: /gradebook/i })).toBeInTheDocument();
  });

  it('marks grades, missing, late and submitted work in words, and leaves open work empty', () => {
    renderWithProviders(<GradebookTable activities={activities} students={students} />);
    const carla = screen.getByRole('row', { name: /Carla Díaz/ });
    const cells = within(carla).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('5 / 10');
    expect(cells[0]).toHaveTextContent('Late');
    expect(cells[1]).toHaveTextContent('Missing');
    expect(cells[2]).toHaveTextContent('50 %');
    const ana = within(screen.getByRole('row', { name: /ana Pérez/ })).getAllByRole('cell');
    expect(ana[1]).toHaveTextContent('Submitted');
    expect(ana[2]).toHaveTextContent('90.5 %');
    const bruno = within(screen.getByRole('row', { name: /Bruno Gil/ })).getAllByRole('cell');
    expect(bruno[0]).toHaveTextContent('');
    expect(bruno[2]).toHaveTextContent('No total yet');
  });

  it('sorts by total (highest first, then lowest), empty totals last either way', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GradebookTable activities={activities} students={students} />);
    const total = screen.getByRole('columnheader', { name: /total/i });
    await user.click(within(total).getByRole('button'));
    expect(total).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /student/i })).not.toHaveAttribute('aria-sort');
    expect(rowNames()).toEqual(['ana Pérez', 'Carla Díaz', 'Bruno Gil']);
    await user.click(within(total).getByRole('button'));
    expect(total).toHaveAttribute('aria-sort', 'ascending');
    expect(rowNames()).toEqual(['Carla Díaz', 'ana Pérez', 'Bruno Gil']);
  });

  it('sorts by an activity column: grades, then Missing, then work without a grade', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GradebookTable activities={activities} students={students} />);
    const essay = screen.getByRole('columnheader', { name: /essay/i });
    await user.click(within(essay).getByRole('button'));
    expect(essay).toHaveAttribute('aria-sort', 'descending');
    expect(rowNames()).toEqual(['Carla Díaz', 'ana Pérez', 'Bruno Gil']);
    const quiz = screen.getByRole('columnheader', { name: /quiz 1/i });
    await user.click(within(quiz).getByRole('button'));
    expect(rowNames()).toEqual(['ana Pérez', 'Carla Díaz', 'Bruno Gil']);
  });

  it('sorts names Z to A on a second click', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GradebookTable activities={activities} students={students} />);
    const name = screen.getByRole('columnheader', { name: /student/i });
    await user.click(within(name).getByRole('button'));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(rowNames()).toEqual(['Carla Díaz', 'Bruno Gil', 'ana Pérez']);
  });
});

describe('GradebookLegend', () => {
  it('explains every mark in words', () => {
    renderWithProviders(<GradebookLegend />);
    const legend = screen.getByRole('region', { name: /how to read/i });
    for (const word of ['Missing', 'Late', 'Submitted', '8 / 10', 'Empty', 'Total']) {
      expect(legend).toHaveTextContent(word);
    }
  });
});
