import { TimePicker } from '@mantine/dates';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { useTimeInputProps } from './use-time-input-props';

function Field({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const timeInput = useTimeInputProps('Time');
  const [value, setValue] = useState(initial);
  return (
    <TimePicker
      {...timeInput}
      description="24-hour"
      value={value}
      onChange={(time) => {
        setValue(time);
        onChange(time);
      }}
    />
  );
}

const hours = () => screen.getByRole('spinbutton', { name: 'Time: hours' });
const minutes = () => screen.getByRole('spinbutton', { name: 'Time: minutes' });

describe('useTimeInputProps', () => {
  it('shows an evening time in 24-hour form, with no AM/PM box', () => {
    renderWithProviders(<Field initial="18:00" onChange={vi.fn()} />);
    expect(hours()).toHaveValue('18');
    expect(minutes()).toHaveValue('00');
    expect(hours()).toHaveAccessibleDescription('24-hour');
    expect(minutes()).toHaveAccessibleDescription('24-hour');
    expect(screen.queryByRole('combobox')).toBeNull();
    // Not the browser's own time input, which shows the time the way the browser's locale does.
    expect(document.querySelector('input[type="time"]')).toBeNull();
  });

  it('reports a complete time as HH:mm, and a half-typed one as no time', () => {
    const onChange = vi.fn();
    renderWithProviders(<Field initial="" onChange={onChange} />);
    fireEvent.change(hours(), { target: { value: '18' } });
    // Hours alone are not a time.
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(minutes(), { target: { value: '30' } });
    expect(onChange).toHaveBeenLastCalledWith('18:30');
    fireEvent.keyDown(minutes(), { key: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('names its boxes in Spanish', () => {
    function SpanishField() {
      const timeInput = useTimeInputProps('Hora');
      return <TimePicker {...timeInput} defaultValue="09:05" />;
    }
    renderWithProviders(<SpanishField />, { language: 'es' });
    expect(screen.getByRole('spinbutton', { name: 'Hora: horas' })).toHaveValue('09');
    expect(screen.getByRole('spinbutton', { name: 'Hora: minutos' })).toHaveValue('05');
  });
});
