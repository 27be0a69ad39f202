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
 *
 * The value has the card's whole width (the icon sits beside the label) and its size follows the
 * card's width (a container query), so a long figure such as '19.409,00 US$' fits a quarter of a
 * 1280 px screen instead of running out of its card.
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
      style={{ containerType: 'inline-size', minWidth: 0 }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text id={labelId} size="sm" c="dimmed" fw={500} style={{ minWidth: 0 }}>
          {label}
        </Text>
        {icon ? (
          <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
        ) : null}
      </Group>
      {loading ? (
        <Skeleton height={28} width={72} mt={6} />
      ) : (
        <Text
          id={valueId}
          // 28 px where there is room; smaller in a narrow card, never below 18 px.
          fz="clamp(1.125rem, 10cqi, 1.75rem)"
          fw={700}
          lh={1.2}
          mt={4}
          style={{ overflowWrap: 'anywhere' }}
        >
          {value}
        </Text>
      )}
      {hint ? (
        <Text size="xs" c="dimmed" mt="sm">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}
