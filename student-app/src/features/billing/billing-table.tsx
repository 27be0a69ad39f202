import { Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type BillingColumn = { label: string; align?: 'right' };

export type BillingRow = {
  key: string;
  /** The row's name: its first column (a row header), and a card's title. */
  header: string;
  /** One value per column after the first. */
  cells: ReactNode[];
  actions?: ReactNode;
};

type BillingTableProps = {
  caption: string;
  /** The first column's label (the row header), then one per cell. */
  columns: BillingColumn[];
  actionsLabel?: string;
  rows: BillingRow[];
  /** Wide screens read a table; phones a card per row (nothing scrolls sideways at 375 px). */
  wide: boolean;
};

/**
 * One list of the Billing page: a table with a caption and row headers where it fits, else a card per
 * row whose fields are labelled the same way (a description list), so nothing scrolls sideways.
 */
export function BillingTable({ caption, columns, actionsLabel, rows, wide }: BillingTableProps) {
  if (wide) {
    return (
      <Table striped verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} scope="col" ta={column.align}>
                {column.label}
              </Table.Th>
            ))}
            {actionsLabel ? <Table.Th scope="col">{actionsLabel}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row">{row.header}</Table.Th>
              {row.cells.map((cell, index) => (
                <Table.Td key={columns[index + 1]?.label ?? index} ta={columns[index + 1]?.align}>
                  {cell}
                </Table.Td>
              ))}
              {actionsLabel ? (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {row.actions}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Stack gap="sm" role="list" aria-label={caption}>
      {rows.map((row) => (
        <Card key={row.key} withBorder padding="md" role="listitem" aria-label={row.header}>
          <Text fw={700} mb="xs">
            {row.header}
          </Text>
          <Box component="dl" m={0}>
            {row.cells.map((cell, index) => (
              <Group
                key={columns[index + 1]?.label ?? index}
                justify="space-between"
                gap="xs"
                wrap="nowrap"
                align="flex-start"
              >
                <Text component="dt" size="sm" c="dimmed">
                  {columns[index + 1]?.label}
                </Text>
                <Text
                  component="dd"
                  size="sm"
                  m={0}
                  ta="right"
                  style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {cell}
                </Text>
              </Group>
            ))}
          </Box>
          {row.actions ? (
            <Group gap="xs" mt="sm">
              {row.actions}
            </Group>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}
