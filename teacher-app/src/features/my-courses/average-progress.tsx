import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { progressColor } from '@portal/shared-data';
import { namespace } from './i18n';

/**
 * The average progress of a course's active students (attendance and graded work), coloured by the
 * product's thresholds; a course without students says so instead of showing a made-up 0%.
 */
export function AverageProgress({ title, progress }: { title: string; progress: number | null }) {
  const { t } = useTranslation(namespace);
  const rounded = progress === null ? null : Math.round(progress);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('averageProgress')}
        </Text>
        <Text size="sm" fw={600}>
          {rounded === null ? t('noStudents') : `${rounded}%`}
        </Text>
      </Group>
      {progress !== null && rounded !== null ? (
        <Progress
          value={rounded}
          color={progressColor(progress)}
          aria-label={t('averageProgressOf', { title })}
        />
      ) : null}
    </Stack>
  );
}
