import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@portal/shared-ui/test-utils';
import { RubricResult } from './rubric-result';

const rubric = {
  title: 'Letters',
  criteria: [
    {
      id: 'tone',
      title: 'Tone',
      levels: [
        { id: 'tone-1', title: 'Informal', points: 2 },
        { id: 'tone-2', title: 'Formal', description: 'Usted throughout', points: 9 },
      ],
    },
    {
      id: 'form',
      title: 'Form',
      levels: [
        { id: 'form-1', title: 'Loose', points: 1 },
        { id: 'form-2', title: 'Complete', points: 8.5 },
      ],
    },
  ],
};

describe('RubricResult', () => {
  it('shows each criterion’s chosen level, its points and the total', () => {
    renderWithProviders(
      <RubricResult rubric={rubric} scores={{ tone: 'tone-2', form: 'form-1' }} maxPoints={20} />,
    );
    const table = screen.getByRole('table', { name: 'Rubric: Letters' });
    const tone = within(table).getByRole('row', { name: /Tone/ });
    expect(tone).toHaveTextContent('Formal');
    expect(tone).toHaveTextContent('Usted throughout');
    expect(tone).toHaveTextContent('9 of 9');
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('10 of 20');
  });

  it('speaks Spanish', () => {
    renderWithProviders(
      <RubricResult rubric={rubric} scores={{ tone: 'tone-1', form: 'form-2' }} maxPoints={20} />,
      { language: 'es' },
    );
    const table = screen.getByRole('table', { name: 'Rúbrica: Letters' });
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('10,5 de 20');
  });
});
