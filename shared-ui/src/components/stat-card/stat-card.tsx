import { Group, Paper, Skeleton, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  /** Secondary line under the value, e.g. "3 students · 1 teacher". */
  hint?: ReactNode;
  color?: MantineColor;
  /** Shows a skeleton instead of the value while figures load. */
  loading?: boolean;
}

/**
 * A labelled figure. The card is a group named by `label` and described by the value, so a person
 * (and a test) finds it as `getByRole('group', { name: label })` and reads the value from it.
 */
export function StatCard({
  label,
  value,
  icon,
  hint,
  color = 'brand',
  loading = false,
}: StatCardProps) {
  const labelId = useId();
  const valueId = useId();
  return (
    <Paper
      withBorder
      p="md"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={loading ? undefined : valueId}
      aria-busy={loading || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Text id={labelId} size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={28} width={72} mt={6} />
          ) : (
            <Text id={valueId} fz={28} fw={700} lh={1.2} mt={4}>
              {value}
            </Text>
          )}
        </div>
        {icon ? (
          <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
        ) : null}
      </Group>
      {hint ? (
        <Text size="xs" c="dimmed" mt="sm">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}
