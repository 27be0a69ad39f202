import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@portal/shared-data';
import { skillProgressQueries } from '@portal/shared-data/queries';
import { SkillProgressPanel } from '@portal/shared-ui';

/**
 * The student's progress by skill on their dashboard (issue 32): `get_skill_progress` for them, one
 * read, after the dashboard's own.
 */
export function DashboardSkillProgress({ studentId }: { studentId: string }) {
  const { t } = useTranslation();
  const progress = useQuery(skillProgressQueries.forStudent(studentId));
  return (
    <SkillProgressPanel
      headingOrder={3}
      rows={progress.data?.skills}
      weeks={progress.data?.weeks}
      loading={progress.isPending}
      error={progress.isError ? t(errorMessageKey(progress.error), { ns: 'errors' }) : null}
      onRetry={() => void progress.refetch()}
      retrying={progress.isFetching}
    />
  );
}
