import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Course } from '@portal/shared-data';
import { courseQueries } from '@portal/shared-data/queries';
import { enrolmentsCsv, fileDate, fileNamePart } from '../exports/admin-csv';
import { ExportButton } from '../exports/export-button';
import { namespace } from '../exports/i18n';

/** Course Management's toolbar export: every enrolment of every course, whatever its status. */
export function EnrolmentsExportButton() {
  const { t } = useTranslation(namespace);
  const queryClient = useQueryClient();
  return (
    <ExportButton
      read={async () => ({
        fileName: t('enrollments.fileName', { date: fileDate(new Date()) }),
        csv: enrolmentsCsv(await queryClient.fetchQuery(courseQueries.enrollmentExport({})), t),
      })}
    >
      {t('enrollments.button')}
    </ExportButton>
  );
}

/** A course card's export: the course's roster (its active enrolments). */
export function RosterExportButton({
  course,
  describedBy,
}: {
  course: Pick<Course, 'id' | 'title'>;
  /** The card's title, so the button says which course it exports. */
  describedBy?: string;
}) {
  const { t } = useTranslation(namespace);
  const queryClient = useQueryClient();
  return (
    <ExportButton
      size="xs"
      variant="light"
      aria-describedby={describedBy}
      read={async () => ({
        fileName: t('roster.fileName', {
          course: fileNamePart(course.title),
          date: fileDate(new Date()),
        }),
        csv: enrolmentsCsv(
          await queryClient.fetchQuery(
            courseQueries.enrollmentExport({ courseId: course.id, status: 'active' }),
          ),
          t,
        ),
      })}
    >
      {t('roster.button')}
    </ExportButton>
  );
}
