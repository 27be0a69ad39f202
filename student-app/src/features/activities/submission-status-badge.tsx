import { Badge } from '@mantine/core';
import type { MySubmissionSummary } from '@portal/shared-data';
import { intlLocale, useLanguage } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { formatPoints } from './activity-rules';
import { namespace } from './i18n';

/** The student's own status: Not submitted / Submitted / Returned / Graded N/max. */
export function SubmissionStatusBadge({
  submission,
  maxPoints,
}: {
  submission: Pick<MySubmissionSummary, 'status' | 'grade'> | null;
  maxPoints: number;
}) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const locale = intlLocale(language);
  if (!submission) {
    return (
      <Badge color="gray" variant="light">
        {t('status.notSubmitted')}
      </Badge>
    );
  }
  if (submission.status === 'graded' && submission.grade !== null) {
    return (
      <Badge color="teal" variant="light">
        {t('status.graded', {
          grade: formatPoints(submission.grade, locale),
          max: formatPoints(maxPoints, locale),
        })}
      </Badge>
    );
  }
  if (submission.status === 'returned') {
    return (
      <Badge color="orange" variant="light">
        {t('status.returned')}
      </Badge>
    );
  }
  return (
    <Badge color="blue" variant="light">
      {t('status.submitted')}
    </Badge>
  );
}
