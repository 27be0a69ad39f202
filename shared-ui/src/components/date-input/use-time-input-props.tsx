// Types only, like useDateInputProps: the dialogs that show a time render Mantine's TimePicker.
import type { TimePickerProps } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

/** What every form's time field shares; the form adds its description, value, onChange and the rest. */
export type SharedTimeInputProps = Required<
  Pick<
    TimePickerProps,
    | 'id'
    | 'label'
    | 'format'
    | 'hoursInputLabel'
    | 'minutesInputLabel'
    | 'hoursInputProps'
    | 'minutesInputProps'
    | 'leftSection'
  >
>;

/**
 * One time field's shared props: a 24-hour time (hours 00-23, then minutes) whatever the browser's
 * locale. A native `<input type="time">` follows the browser's language instead, so an English
 * Chromium shows "06:00 PM" next to a hint that says 24-hour. The value is `HH:mm`, or '' while the
 * field is empty or half typed (Mantine's TimePicker reports only complete times), which the form
 * rules refuse with their "required" message rather than dropping the time silently. No dropdown:
 * Escape in the field goes to the dialog, which asks before losing changes.
 *
 *   const timeInput = useTimeInputProps(t('form.time'));
 *   <TimePicker {...timeInput} description={…} {...form.getInputProps('time')} />
 */
export function useTimeInputProps(label: string): SharedTimeInputProps {
  const { t } = useTranslation(namespace);
  const id = useId();
  // Mantine ties the hint and the error to the field's outer box; each box reads them too
  // (Mantine names them `<id>-description` and `<id>-error`; an id not rendered is ignored).
  const describedBy = { 'aria-describedby': `${id}-error ${id}-description` };
  return {
    id,
    label,
    format: '24h',
    // The visible label names the hours box for pointer users; each box says what it holds.
    hoursInputLabel: t('time.hours', { label }),
    minutesInputLabel: t('time.minutes', { label }),
    hoursInputProps: describedBy,
    minutesInputProps: describedBy,
    leftSection: <IconClock size={16} aria-hidden />,
  };
}
