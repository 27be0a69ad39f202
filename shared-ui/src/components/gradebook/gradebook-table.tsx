import { Box, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useUncontrolled } from '@mantine/hooks';
import { useId, useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../format/number';
import { intlLocale } from '../../format/locale';
import { useLanguage, type Language } from '../../i18n';
import { GradeMark, type GradeMarkCell } from './grade-mark';
import { namespace } from './i18n';

/** An activity column (shared-data's GradebookActivity). */
export type GradebookTableActivity = {
  id: string;
  title: string;
  type: string;
  maxPoints: number;
};

/** A student's row (shared-data's GradebookStudent). */
export type GradebookTableStudent = {
  id: string;
  name: string;
  /** Percent, computed by the database; null while nothing counts. */
  total: number | null;
  /** One per activity, in the activities' order. */
  cells: readonly GradeMarkCell[];
};

/** What the rows are sorted by: the name, the total, or one activity's column (its id). */
export type GradebookSortKey = 'name' | 'total' | { activityId: string };
export type GradebookSort = { key: GradebookSortKey; direction: 'ascending' | 'descending' };

/** The order a gradebook opens in: by name, from A. */
export const DEFAULT_GRADEBOOK_SORT: GradebookSort = { key: 'name', direction: 'ascending' };

/** How a gradebook compares names in the user's language (its rows, and any export of them). */
export function gradebookNameOrder(language: Language): (a: string, b: string) => number {
  return new Intl.Collator(intlLocale(language), { sensitivity: 'base' }).compare;
}

export interface GradebookTableProps {
  activities: readonly GradebookTableActivity[];
  students: readonly GradebookTableStudent[];
  /** The table's accessible name; defaults to the gradebook's caption. */
  caption?: string;
  /** The largest height of the scrolling area, so the header sticks on a long course (CSS length). */
  maxHeight?: string;
  /** The order shown, when the caller keeps it (an export in the same order); else kept inside. */
  sort?: GradebookSort;
  onSortChange?: (sort: GradebookSort) => void;
}

const STICKY_BACKGROUND = 'var(--mantine-color-body)';
const BORDER = '1px solid var(--mantine-color-default-border)';

const headerCell: CSSProperties = {
  position: 'sticky',
  top: 0,
  zIndex: 2,
  background: STICKY_BACKGROUND,
  verticalAlign: 'bottom',
  borderBottom: BORDER,
};
const firstColumn: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: STICKY_BACKGROUND,
  borderRight: BORDER,
  // Narrow enough to leave room for grades on a phone; long names wrap between words, and inside a
  // word only when it cannot fit whole ('anywhere' broke the header as "Estudiant / e").
  minWidth: '8rem',
  maxWidth: '40vw',
  overflowWrap: 'break-word',
};

/** A cell's place when sorting by its column: grades by their value, Missing below 0, the rest last. */
function cellRank(cell: GradeMarkCell | undefined): number | null {
  if (!cell) return null;
  if (cell.state === 'graded') return cell.grade ?? 0;
  if (cell.state === 'missing') return -1;
  return null;
}

/** Rows in the chosen order; empty values (no total, nothing to grade) always last, then by name. */
export function sortGradebookRows<Row extends GradebookTableStudent>(
  rows: readonly Row[],
  activities: readonly GradebookTableActivity[],
  sort: GradebookSort,
  compareNames: (a: string, b: string) => number,
): Row[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const byName = (a: Row, b: Row) => compareNames(a.name, b.name) || a.id.localeCompare(b.id);
  if (sort.key === 'name') return [...rows].sort((a, b) => sign * byName(a, b));
  const key = sort.key;
  const index =
    key === 'total' ? -1 : activities.findIndex((activity) => activity.id === key.activityId);
  const valueOf = (row: Row) => (key === 'total' ? row.total : cellRank(row.cells[index]));
  return [...rows].sort((a, b) => {
    const va = valueOf(a);
    const vb = valueOf(b);
    if (va === null || vb === null) {
      if (va === vb) return byName(a, b);
      return va === null ? 1 : -1;
    }
    return sign * (va - vb) || byName(a, b);
  });
}

function sameKey(a: GradebookSortKey, b: GradebookSortKey): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.activityId === b.activityId;
}

function SortHeader({
  label,
  active,
  direction,
  onSort,
  children,
  style,
  align = 'left',
}: {
  label: string;
  active: boolean;
  direction: GradebookSort['direction'];
  onSort: () => void;
  children: ReactNode;
  style: CSSProperties;
  align?: 'left' | 'center';
}) {
  const { t } = useTranslation(namespace);
  const Icon = !active ? IconArrowsSort : direction === 'ascending' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th scope="col" aria-sort={active ? direction : undefined} style={style}>
      <UnstyledButton
        onClick={onSort}
        title={t('sortBy', { column: label })}
        style={{ display: 'block', width: '100%', textAlign: align }}
      >
        <Group gap={4} wrap="nowrap" justify={align === 'center' ? 'center' : 'flex-start'}>
          <div style={{ minWidth: 0 }}>{children}</div>
          <Icon size={14} aria-hidden style={{ flexShrink: 0 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The gradebook (docs/assessment.md "Screens"): students × activities with each cell's mark and each
 * student's total. The header row and the name column stay in view while the table scrolls inside its
 * own area (so the page never scrolls sideways, even at 375 px); sorting by name, total or any
 * activity, announced through `aria-sort`. Pure presentation: the rows come through props.
 */
export function GradebookTable({
  activities,
  students,
  caption,
  maxHeight = '70vh',
  sort: sortProp,
  onSortChange,
}: GradebookTableProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const captionId = useId();
  const [sort, setSort] = useUncontrolled<GradebookSort>({
    value: sortProp,
    defaultValue: DEFAULT_GRADEBOOK_SORT,
    finalValue: DEFAULT_GRADEBOOK_SORT,
    onChange: onSortChange,
  });
  const compareNames = useMemo(() => gradebookNameOrder(language), [language]);
  const rows = useMemo(
    () => sortGradebookRows(students, activities, sort, compareNames),
    [students, activities, sort, compareNames],
  );
  const sortBy = (key: GradebookSortKey) =>
    setSort(
      sameKey(sort.key, key)
        ? { key, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
        : // Totals and grades read best highest first; names from A.
          { key, direction: key === 'name' ? 'ascending' : 'descending' },
    );

  return (
    <Box
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      // WCAG 1.4.10 lets a data table scroll in two dimensions; the page around it never does
      // (e2e/tests/accessibility.spec.ts skips this box, not the page).
      data-reflow-exception="data-table"
      style={{
        // Positioned, so that it clips what is positioned inside it (the cells' hidden read-outs,
        // "8 out of 10 points"), which would otherwise widen the page from a column off to the right.
        position: 'relative',
        overflow: 'auto',
        maxWidth: '100%',
        maxHeight,
        border: BORDER,
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Table
        striped
        withColumnBorders
        style={{ borderCollapse: 'separate', borderSpacing: 0, minWidth: '100%' }}
      >
        <caption id={captionId}>
          <VisuallyHidden>{caption ?? t('caption')}</VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <SortHeader
              label={t('student')}
              active={sort.key === 'name'}
              direction={sort.direction}
              onSort={() => sortBy('name')}
              style={{ ...headerCell, ...firstColumn, zIndex: 3 }}
            >
              {t('student')}
            </SortHeader>
            {activities.map((activity) => (
              <SortHeader
                key={activity.id}
                label={activity.title}
                active={typeof sort.key === 'object' && sort.key.activityId === activity.id}
                direction={sort.direction}
                onSort={() => sortBy({ activityId: activity.id })}
                style={{ ...headerCell, minWidth: '7rem', maxWidth: '12rem' }}
                align="center"
              >
                <Text size="sm" fw={600} lineClamp={2} title={activity.title}>
                  {activity.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`activityTypes.${activity.type}`, {
                    ns: 'common',
                    defaultValue: activity.type,
                  })}{' '}
                  · {t('outOf', { max: formatDecimal(activity.maxPoints, language, 2) })}
                </Text>
              </SortHeader>
            ))}
            <SortHeader
              label={t('total')}
              active={sort.key === 'total'}
              direction={sort.direction}
              onSort={() => sortBy('total')}
              style={{ ...headerCell, minWidth: '5rem' }}
              align="center"
            >
              <Text size="sm" fw={600}>
                {t('total')}
              </Text>
            </SortHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((student) => (
            <Table.Tr key={student.id}>
              <Table.Th scope="row" style={firstColumn}>
                <Text size="sm" fw={500}>
                  {student.name}
                </Text>
              </Table.Th>
              {activities.map((activity, index) => {
                const cell = student.cells[index];
                return (
                  <Table.Td key={activity.id} style={{ textAlign: 'center' }}>
                    {cell ? <GradeMark cell={cell} maxPoints={activity.maxPoints} /> : null}
                  </Table.Td>
                );
              })}
              <Table.Td style={{ textAlign: 'center' }}>
                {student.total === null ? (
                  <Text size="sm" c="dimmed" span>
                    <span aria-hidden>—</span>
                    <VisuallyHidden>{t('noTotal')}</VisuallyHidden>
                  </Text>
                ) : (
                  <Text size="sm" fw={700} span>
                    {formatDecimal(student.total, language, 1)} %
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
