// Types only: the kit does not load @mantine/dates itself (the shell's pages, sign-in included, would
// download it); the dialogs that show a date render Mantine's DateInput with these props.
import type { DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { DATE_INPUT_FORMAT, parseDateInput } from './date-input-format';
import { namespace } from './i18n';

/** What every form's DateInput shares; the form adds its label, value, onChange and the rest. */
export type SharedDateInputProps = Required<
  Pick<
    DateInputProps,
    | 'valueFormat'
    | 'dateParser'
    | 'locale'
    | 'ariaLabels'
    | 'placeholder'
    | 'description'
    | 'leftSection'
    | 'popoverProps'
  >
> & {
  /**
   * Set while the calendar is open. A Mantine Modal closes on any Escape unless the focused element
   * carries this marker (its own Select and DatePickerInput set it while their dropdown is open;
   * DateInput, whose focus stays in the text field, does not): so Escape closes the calendar only.
   */
  'data-mantine-stop-propagation': true | undefined;
};

/**
 * One date field's shared props (call it once per field: it follows that field's calendar).
 * The one way a form's date reads and shows a day, whatever the UI language: day first
 * (DD/MM/YYYY), refusing days that do not exist, with the calendar's months and controls named in
 * the UI language, a placeholder and a hint on how to type it, and a calendar icon. The value stays
 * `YYYY-MM-DD`, so shared-data's form rules turn it into the instant that is sent.
 *
 *   const dateInput = useDateInputProps();
 *   <DateInput {...dateInput} label={t('form.date')} {...form.getInputProps('date')} … />
 *
 * The dialog imports '@mantine/dates/styles.css' and 'dayjs/locale/es' (Spanish month names).
 */
export function useDateInputProps(): SharedDateInputProps {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const [calendarOpen, setCalendarOpen] = useState(false);
  return {
    valueFormat: DATE_INPUT_FORMAT,
    dateParser: parseDateInput,
    locale: language,
    ariaLabels: {
      previousMonth: t('calendar.previousMonth'),
      nextMonth: t('calendar.nextMonth'),
      previousYear: t('calendar.previousYear'),
      nextYear: t('calendar.nextYear'),
      previousDecade: t('calendar.previousDecade'),
      nextDecade: t('calendar.nextDecade'),
      monthLevelControl: t('calendar.monthLevel'),
      yearLevelControl: t('calendar.yearLevel'),
    },
    placeholder: t('placeholder'),
    description: t('hint'),
    leftSection: <IconCalendar size={16} aria-hidden />,
    popoverProps: { onOpen: () => setCalendarOpen(true), onClose: () => setCalendarOpen(false) },
    'data-mantine-stop-propagation': calendarOpen || undefined,
  };
}
