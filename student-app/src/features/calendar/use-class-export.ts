import { useCallback, useState } from 'react';
import { calendarReadModel, type ServiceError } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import {
  ICS_FILE_NAME,
  classesToIcs,
  downloadTextFile,
  exportWindow,
  type ExportLabels,
} from './class-export';
import { CALENDAR_NAMESPACE } from './i18n';

export type ExportOutcome =
  | { status: 'idle' }
  | { status: 'exporting' }
  | { status: 'done'; count: number }
  | { status: 'empty' }
  | { status: 'error'; error: ServiceError };

/** "Export (.ics)": the student's classes from a month ago to half a year ahead, in one request. */
export function useClassExport() {
  const { t } = useTranslation(CALENDAR_NAMESPACE);
  const [outcome, setOutcome] = useState<ExportOutcome>({ status: 'idle' });

  const exportClasses = useCallback(async () => {
    setOutcome({ status: 'exporting' });
    const now = new Date();
    const { from, to } = exportWindow(now);
    const result = await calendarReadModel.classesBetween(from, to);
    if (!result.success) {
      setOutcome({ status: 'error', error: result.error });
      return;
    }
    if (result.data.length === 0) {
      setOutcome({ status: 'empty' });
      return;
    }
    const labels: ExportLabels = {
      calendarName: t('ics.calendarName'),
      teacher: (name) => t('ics.teacher', { name }),
      live: t('ics.live'),
      recorded: t('ics.recorded'),
      meetingLink: (url) => t('ics.meetingLink', { url }),
      recording: (url) => t('ics.recording', { url }),
    };
    downloadTextFile(
      ICS_FILE_NAME,
      classesToIcs(result.data, labels, now),
      'text/calendar;charset=utf-8',
    );
    setOutcome({ status: 'done', count: result.data.length });
  }, [t]);

  const dismiss = useCallback(() => setOutcome({ status: 'idle' }), []);

  return { outcome, exportClasses, dismiss };
}
