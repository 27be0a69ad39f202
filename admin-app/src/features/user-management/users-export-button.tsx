import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserFilters } from '@portal/shared-data';
import { userQueries } from '@portal/shared-data/queries';
import { usersCsv, fileDate } from '../exports/admin-csv';
import { ExportButton } from '../exports/export-button';
import { namespace } from '../exports/i18n';

/** User Management's CSV export: every user matching the current filters, in the list's order. */
export function UsersExportButton({ filters }: { filters: Omit<UserFilters, 'page' | 'limit'> }) {
  const { t } = useTranslation(namespace);
  const queryClient = useQueryClient();
  return (
    <ExportButton
      read={async () => {
        const users = await queryClient.fetchQuery(userQueries.exportAll(filters));
        return {
          fileName: t('users.fileName', { date: fileDate(new Date()) }),
          csv: usersCsv(users, t),
        };
      }}
    >
      {t('users.button')}
    </ExportButton>
  );
}
