import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatCard, type StatCardProps } from '../stat-card/stat-card';

/** One figure of the row: a stat card whose value may be missing (not loaded, or failed). */
export interface StatGridItem extends Omit<StatCardProps, 'value'> {
  /** Null or undefined shows '—'; 0 shows 0. */
  value: ReactNode;
}

export interface StatGridProps {
  /** The figures, in reading order; each label names its card, so labels are unique. */
  items: readonly StatGridItem[];
  /** The figures load together (one request): every card shows a skeleton meanwhile. */
  loading?: boolean;
}

/**
 * The row of figures at the top of a list screen: one card a row on phones, two from `xs`, four from
 * `lg` (a wide figure such as revenue never gets cut at 375 px). Each is
 * a StatCard, found as `getByRole('group', { name: label })`.
 */
export function StatGrid({ items, loading = false }: StatGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {items.map(({ value, loading: itemLoading, ...item }) => (
        <StatCard
          key={item.label}
          {...item}
          value={value ?? '—'}
          loading={itemLoading ?? loading}
        />
      ))}
    </SimpleGrid>
  );
}
