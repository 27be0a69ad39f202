import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { type ServiceError } from '@portal/shared-data';
import { classQueries, toServiceError } from '@portal/shared-data/queries';
import { useTranslation } from 'react-i18next';
import {
  ICS_FILE_NAME,
  classesToIcs,
  downloadTextFile,
  exportWindow,
  type ExportLabels,
} from './class-export';
import { namespace } from './i18n';

export type ExportOutcome =
  | { status: 'idle' }
  | { status: 'exporting' }
  | { status: 'done'; count: number }
  | { status: 'empty' }
  | { status: 'error'; error: ServiceError };

/** "Export (.ics)": the student's classes from a month ago to half a year ahead, in one request. */
export function useClassExport(now: Date) {
  const { t } = useTranslation(namespace);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<ExportOutcome>({ status: 'idle' });

  const exportClasses = useCallback(async () => {
    setOutcome({ status: 'exporting' });
    const { from, to } = exportWindow(now);
    let classes;
    try {
      // Always read afresh: the file is what the student takes away.
      classes = await queryClient.fetchQuery({ ...classQueries.between(from, to), staleTime: 0 });
    } catch (error) {
      setOutcome({ status: 'error', error: toServiceError(error) });
      return;
    }
    if (classes.length === 0) {
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
      classesToIcs(classes, labels, now),
      'text/calendar;charset=utf-8',
    );
    setOutcome({ status: 'done', count: classes.length });
  }, [now, queryClient, t]);

  const dismiss = useCallback(() => setOutcome({ status: 'idle' }), []);

  return { outcome, exportClasses, dismiss };
}
