import { fireEvent, within } from '@testing-library/react';

/**
 * A form's 24-hour time field (shared-ui's useTimeInputProps on Mantine's TimePicker): an hours box
 * and a minutes box, named "<label>: hours" and "<label>: minutes" (in Spanish "horas", "minutos").
 */
export function timeBoxes(scope: HTMLElement, label: string) {
  return {
    hours: within(scope).getByRole('spinbutton', { name: new RegExp(`^${label}: (hours|horas)$`) }),
    minutes: within(scope).getByRole('spinbutton', {
      name: new RegExp(`^${label}: (minutes|minutos)$`),
    }),
  };
}

/** What the field shows, `HH:mm` ('' when both boxes are empty). */
export function timeShown(scope: HTMLElement, label: string): string {
  const { hours, minutes } = timeBoxes(scope, label);
  const [h, m] = [(hours as HTMLInputElement).value, (minutes as HTMLInputElement).value];
  return h === '' && m === '' ? '' : `${h}:${m}`;
}

/**
 * Types `HH:mm` into the field's boxes, or '' to empty both (a box at a time, as a user does:
 * the field reports a time only once both are set).
 */
export function fillTime(scope: HTMLElement, label: string, time: string) {
  const { hours, minutes } = timeBoxes(scope, label);
  if (time === '') {
    fireEvent.keyDown(minutes, { key: 'Backspace' });
    fireEvent.keyDown(hours, { key: 'Backspace' });
  } else {
    const [h, m] = time.split(':');
    fireEvent.change(hours, { target: { value: h } });
    fireEvent.change(minutes, { target: { value: m } });
  }
  fireEvent.blur(minutes);
}
