import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { progressColor } from '@portal/shared-data';
import { namespace } from './i18n';

/** The real progress (attendance and graded work), coloured by the product's thresholds. */
export function CourseProgress({ title, progress }: { title: string; progress: number }) {
  const { t } = useTranslation(namespace);
  const rounded = Math.round(progress);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('progress')}
        </Text>
        <Text size="sm" fw={600}>
          {rounded}%
        </Text>
      </Group>
      <Progress
        value={rounded}
        color={progressColor(progress)}
        aria-label={t('progressOf', { title })}
      />
    </Stack>
  );
}
