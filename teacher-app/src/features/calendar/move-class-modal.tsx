import { SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  combineLocalDateTime,
  dayKey,
  validateMoveForm,
  type CalendarClass,
  type MoveFormValues,
} from '@portal/shared-data';
import {
  CALENDAR_FIRST_DAY_OF_WEEK,
  DATE_INPUT_FORMAT,
  FormModal,
  FormModalCloseButton,
  formatLongDateTime,
  useLanguage,
  useTimeInputProps,
} from '@portal/shared-ui';
import { namespace } from './i18n';

export interface MoveClassModalProps {
  item: CalendarClass;
  /** Whether the class may still be moved (it has not started); otherwise only its details show. */
  canMove: boolean;
  saving: boolean;
  onClose: () => void;
  /** Sends the new start (ISO, or null for a time that does not exist); resolves the reason it failed. */
  onMove: (newStart: string | null) => Promise<string | null>;
}

function localTime(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * A class opened from the planner: its details, and, for a class that has not started, a new date
 * and time to move it to: the keyboard's way to do what dragging does.
 */
export function MoveClassModal({ item, canMove, saving, onClose, onMove }: MoveClassModalProps) {
  const { t } = useTranslation(namespace);
  const timeInput = useTimeInputProps(t('move.time'));
  const { language } = useLanguage();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MoveFormValues>({
    initialValues: {
      date: dayKey(new Date(item.scheduledDate)),
      time: localTime(item.scheduledDate),
    },
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateMoveForm(values)).map(([field, key]) => [
          field,
          t(key, { ns: 'validation' }),
        ]),
      ),
  });

  const when = formatLongDateTime(item.scheduledDate, language);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const newStart = combineLocalDateTime(values.date ?? '', values.time);
    setFailure(await onMove(newStart));
  });

  const details = (
    <Stack gap={2}>
      <Text fw={600}>{item.title}</Text>
      {item.courseTitle ? (
        <Text size="sm" c="dimmed">
          {item.courseTitle}
        </Text>
      ) : null}
      <Text size="sm">{t('move.current', { when, minutes: item.duration })}</Text>
    </Stack>
  );

  if (!canMove) {
    return (
      <FormModal
        title={t('move.detailsTitle')}
        onClose={onClose}
        // Details only: nothing to lose.
        dirty={false}
        size="md"
        actions={<FormModalCloseButton data-autofocus>{t('move.close')}</FormModalCloseButton>}
      >
        {details}
        <Text size="sm" c="dimmed">
          {t('move.started')}
        </Text>
      </FormModal>
    );
  }

  return (
    <FormModal
      title={t('move.title')}
      onClose={onClose}
      dirty={form.isDirty()}
      size="md"
      busy={saving}
      onSubmit={submit}
      failure={failure ? { reason: failure } : null}
      submitLabel={t('move.submit')}
      cancelLabel={t('move.cancel')}
    >
      {details}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DatePickerInput
          data-autofocus
          label={t('move.date')}
          withAsterisk
          locale={language}
          valueFormat={DATE_INPUT_FORMAT}
          firstDayOfWeek={CALENDAR_FIRST_DAY_OF_WEEK}
          leftSection={<IconCalendar size={16} aria-hidden />}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('date')}
        />
        <TimePicker {...timeInput} withAsterisk {...form.getInputProps('time')} />
      </SimpleGrid>
    </FormModal>
  );
}
