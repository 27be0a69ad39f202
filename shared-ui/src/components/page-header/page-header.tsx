import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown on the right (wrap below the title on narrow screens). */
  actions?: ReactNode;
  /** Heading level; 1 for a page, 2 when the header sits inside a page that already has an h1. */
  order?: 1 | 2;
}

export function PageHeader({ title, description, actions, order = 1 }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" mb="lg">
      {/* Shrinks and wraps so a long name in the title never widens the page. */}
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Title order={order} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
