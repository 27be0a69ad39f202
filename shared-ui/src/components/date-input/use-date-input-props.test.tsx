import 'dayjs/locale/es';
import { DateInput } from '@mantine/dates';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { useDateInputProps } from './use-date-input-props';

function Field({ onChange }: { onChange: (value: string) => void }) {
  const dateInput = useDateInputProps();
  const [value, setValue] = useState('');
  return (
    <DateInput
      {...dateInput}
      label="Date"
      value={value || null}
      onChange={(day) => {
        setValue(day ?? '');
        onChange(day ?? '');
      }}
    />
  );
}

function type(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

describe('useDateInputProps', () => {
  it('reads and shows the day first in English, and keeps the value as YYYY-MM-DD', () => {
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Date' });
    expect(field).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(field).toHaveAccessibleDescription('Day first, e.g. 25/03/2026');

    type(field, '5/3/2027');
    expect(onChange).toHaveBeenLastCalledWith('2027-03-05');
    expect(field).toHaveValue('05/03/2027');
  });

  it('does not take a day that does not exist', () => {
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />);
    type(screen.getByRole('textbox', { name: 'Date' }), '31/02/2027');
    // Not rolled over into March: no day is chosen, and the field does not show one.
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('');
  });

  it('speaks Spanish, with the same order', () => {
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />, { language: 'es' });
    const field = screen.getByRole('textbox', { name: 'Date' });
    expect(field).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    expect(field).toHaveAccessibleDescription('Primero el día, p. ej., 25/03/2026');
    type(field, '5/3/2027');
    expect(onChange).toHaveBeenLastCalledWith('2027-03-05');
    expect(field).toHaveValue('05/03/2027');
  });

  it.each([
    ['en', 'Su'],
    ['es', 'do'],
  ] as const)(
    'starts the week on Sunday, as the calendar and the planner do (%s)',
    (language, sunday) => {
      renderWithProviders(<Field onChange={vi.fn()} />, { language });
      fireEvent.click(screen.getByRole('textbox', { name: 'Date' }));
      const calendar = screen.getByRole('table');
      const weekdays = within(calendar).getAllByRole('columnheader');
      expect(weekdays[0]).toHaveTextContent(sunday);
    },
  );
});
