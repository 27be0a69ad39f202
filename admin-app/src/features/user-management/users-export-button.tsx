import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type UserFilters } from '@portal/shared-data';
import { CSV_CONTENT_TYPE, csvFileDate } from '@portal/shared-data/csv';
import { userQueries } from '@portal/shared-data/queries';
import { DownloadButton } from '@portal/shared-ui';
import { namespace as exportNamespace } from './export-i18n';
import { usersCsv } from './users-csv';

/** User Management's CSV export: every user matching the current filters, in the list's order. */
export function UsersExportButton({ filters }: { filters: Omit<UserFilters, 'page' | 'limit'> }) {
  const { t } = useTranslation(exportNamespace);
  const queryClient = useQueryClient();
  return (
    <DownloadButton
      failedTitle={t('failed')}
      describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
      read={async () => ({
        fileName: t('fileName', { date: csvFileDate(new Date()) }),
        text: usersCsv(await queryClient.fetchQuery(userQueries.exportAll(filters)), t),
        type: CSV_CONTENT_TYPE,
      })}
    >
      {t('button')}
    </DownloadButton>
  );
}
