import { Button, Group, Loader, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../search-input/search-input';

/** A choice of the select, e.g. a course. */
export interface ListFilterOption {
  value: string;
  label: string;
}

/** A select after the search, whose first choice means "all" (null). */
export interface ListFilterSelect {
  label: string;
  /** The first choice, e.g. "All Courses". */
  allLabel: string;
  options: readonly ListFilterOption[];
  /** One of `options`' values, or null for all. */
  value: string | null;
  onChange: (value: string | null) => void;
  /**
   * The label of a chosen value that `options` do not list (a course since deleted, or one beyond the
   * options loaded). Defaults to common's "Course not available"; the raw value is never shown.
   */
  unknownLabel?: string;
  /**
   * The user is about to use the select (pointer over it, focus, or its dropdown opening): options
   * read on demand start loading before the dropdown shows.
   */
  onInterest?: () => void;
  /** The options are on their way: a small loader, named "Loading courses…", shows in the select. */
  loading?: boolean;
}

export interface ListFiltersProps {
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearchChange: (value: string) => void;
  /** One select after the search, or several in order (e.g. language, then level). */
  select?: ListFilterSelect | readonly ListFilterSelect[];
  /** Some filter is set: a Clear Filters button shows. */
  filtered: boolean;
  /** The clear button's text, e.g. "Clear Filters". */
  clearLabel: string;
  onClear: () => void;
  /** Controls shown before the search, e.g. a segmented choice of the list's part. */
  children?: ReactNode;
}

const ALL = 'all';

/** One filter select with its "all" choice; a chosen value stays selectable even if unlisted. */
function FilterSelect({ select, width }: { select: ListFilterSelect; width: number }) {
  const { t } = useTranslation('common');
  const options =
    select.value && !select.options.some((option) => option.value === select.value)
      ? [
          ...select.options,
          { value: select.value, label: select.unknownLabel ?? t('unknownCourse') },
        ]
      : select.options;
  return (
    <Select
      label={select.label}
      data={[{ value: ALL, label: select.allLabel }, ...options]}
      value={select.value ?? ALL}
      onChange={(value) => select.onChange(value && value !== ALL ? value : null)}
      allowDeselect={false}
      w={{ base: '100%', xs: width }}
      onMouseEnter={select.onInterest}
      onFocus={select.onInterest}
      onDropdownOpen={select.onInterest}
      rightSection={
        select.loading ? (
          <Loader size="xs" role="status" aria-label={t('loadingCourses')} />
        ) : undefined
      }
    />
  );
}

/**
 * The filter bar of a list screen: a search, optional selects with an "all" choice, and a Clear
 * Filters button while anything is set. It wraps on narrow screens, the search first.
 */
export function ListFilters({
  searchLabel,
  searchPlaceholder,
  search,
  onSearchChange,
  select,
  filtered,
  clearLabel,
  onClear,
  children,
}: ListFiltersProps) {
  const selects: readonly ListFilterSelect[] = select
    ? 'label' in select
      ? [select]
      : select
    : [];
  // One select gets room for a long course title; several share the row.
  const width = selects.length > 1 ? 200 : 280;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {children}
      <SearchInput
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={search}
        onChange={onSearchChange}
        style={{ flex: '1 1 16rem' }}
      />
      {selects.map((each) => (
        <FilterSelect key={each.label} select={each} width={width} />
      ))}
      {filtered ? (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onClear}
        >
          {clearLabel}
        </Button>
      ) : null}
    </Group>
  );
}
