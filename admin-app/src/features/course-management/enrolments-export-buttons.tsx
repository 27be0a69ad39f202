import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type Course, type EnrollmentExportFilters } from '@portal/shared-data';
import { CSV_CONTENT_TYPE, csvFileDate } from '@portal/shared-data/csv';
import { courseQueries } from '@portal/shared-data/queries';
import { DownloadButton, type DownloadButtonProps } from '@portal/shared-ui';
import { enrolmentsCsv, fileNamePart } from './enrolments-csv';
import { namespace as exportNamespace } from './export-i18n';

/** A button that downloads the enrolments of `filters` as CSV. */
function EnrolmentsDownload({
  filters,
  fileName,
  ...props
}: Omit<DownloadButtonProps, 'read' | 'failedTitle' | 'describeError'> & {
  filters: EnrollmentExportFilters;
  fileName: (date: string) => string;
}) {
  const { t } = useTranslation(exportNamespace);
  const queryClient = useQueryClient();
  return (
    <DownloadButton
      failedTitle={t('failed')}
      describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
      read={async () => ({
        fileName: fileName(csvFileDate(new Date())),
        text: enrolmentsCsv(
          await queryClient.fetchQuery(courseQueries.enrollmentExport(filters)),
          t,
        ),
        type: CSV_CONTENT_TYPE,
      })}
      {...props}
    />
  );
}

/** Course Management's toolbar export: every enrolment of every course, whatever its status. */
export function EnrolmentsExportButton() {
  const { t } = useTranslation(exportNamespace);
  return (
    <EnrolmentsDownload filters={{}} fileName={(date) => t('enrollments.fileName', { date })}>
      {t('enrollments.button')}
    </EnrolmentsDownload>
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
  const { t } = useTranslation(exportNamespace);
  return (
    <EnrolmentsDownload
      variant="light"
      aria-describedby={describedBy}
      filters={{ courseId: course.id, status: 'active' }}
      fileName={(date) => t('roster.fileName', { course: fileNamePart(course.title), date })}
    >
      {t('roster.button')}
    </EnrolmentsDownload>
  );
}
