import { Button, Group, Loader, NativeSelect, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  MATERIAL_LANGUAGE_CODES,
  MATERIAL_SKILL_NAMES,
  type MaterialLanguageCode,
  type MaterialSkillName,
} from '../material-card/material-card';
import { namespace } from '../material-viewer/material-browser-i18n';
import { SearchInput } from '../search-input/search-input';

/** The chosen filters; a missing or null value means "all". */
export interface MaterialFilterValues {
  language?: MaterialLanguageCode | null;
  skill?: MaterialSkillName | null;
  search?: string;
  /** One of `courseOptions`' values; only with a course filter. */
  courseId?: string | null;
}

/** A choice of the course filter: a course, or the screen's entry for general materials. */
export interface MaterialCourseOption {
  value: string;
  label: string;
}

export interface MaterialFiltersProps {
  value: MaterialFilterValues;
  onChange: (value: MaterialFilterValues) => void;
  /** Shows a course filter with these choices after "All courses". */
  courseOptions?: readonly MaterialCourseOption[];
  /**
   * The user is about to use the course filter (pointer over it, focus, or pressing it open): courses
   * read on demand start loading before its choices show.
   */
  onCourseInterest?: () => void;
  /** The course filter's courses are on their way: a small loader, named "Loading courses…", shows. */
  coursesLoading?: boolean;
  /** How many materials the filters leave, announced politely; omit it where the screen says it. */
  resultCount?: number;
}

const ALL = 'all';

/** Some filter is set: a search with more than spaces, or a course, language or skill. */
function isFiltered({ search, courseId, language, skill }: MaterialFilterValues): boolean {
  return (search ?? '').trim() !== '' || !!courseId || !!language || !!skill;
}

/**
 * The materials filters: title search, course (where offered), language (ES, EN) and skill, and a
 * Clear Filters button while any is set (it answers `{}`, every filter back to "all"), as in
 * ListFilters.
 */
export function MaterialFilters({
  value,
  onChange,
  courseOptions,
  onCourseInterest,
  coursesLoading = false,
  resultCount,
}: MaterialFiltersProps) {
  const { t } = useTranslation(namespace);
  // A chosen course stays selectable even when the options no longer list it (deleted, or beyond
  // the options loaded); it is named as such, never by its id.
  const courses =
    courseOptions && value.courseId && !courseOptions.some((o) => o.value === value.courseId)
      ? [...courseOptions, { value: value.courseId, label: t('unknownCourse', { ns: 'common' }) }]
      : courseOptions;
  return (
    <Group role="search" aria-label={t('filters.label')} gap="sm" align="flex-end" wrap="wrap">
      <SearchInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        value={value.search ?? ''}
        onChange={(search) => onChange({ ...value, search })}
        style={{ flex: '1 1 14rem' }}
      />
      {courses ? (
        <NativeSelect
          label={t('filters.course')}
          value={value.courseId ?? ALL}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            onChange({ ...value, courseId: chosen === ALL ? null : chosen });
          }}
          data={[{ value: ALL, label: t('filters.allCourses') }, ...courses]}
          style={{ flex: '1 1 12rem' }}
          onMouseEnter={onCourseInterest}
          onFocus={onCourseInterest}
          // A native select opens on press; its choices fill in as they arrive.
          onMouseDown={onCourseInterest}
          rightSection={
            coursesLoading ? (
              <Loader size="xs" role="status" aria-label={t('loadingCourses', { ns: 'common' })} />
            ) : undefined
          }
        />
      ) : null}
      <NativeSelect
        label={t('filters.language')}
        value={value.language ?? ALL}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange({
            ...value,
            language: MATERIAL_LANGUAGE_CODES.find((code) => code === chosen) ?? null,
          });
        }}
        data={[
          { value: ALL, label: t('filters.allLanguages') },
          ...MATERIAL_LANGUAGE_CODES.map((code) => ({
            value: code,
            label: `${code} · ${t(`languages.${code}`)}`,
          })),
        ]}
        style={{ flex: '1 1 10rem' }}
      />
      <NativeSelect
        label={t('filters.skill')}
        value={value.skill ?? ALL}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange({
            ...value,
            skill: MATERIAL_SKILL_NAMES.find((skill) => skill === chosen) ?? null,
          });
        }}
        data={[
          { value: ALL, label: t('filters.allSkills') },
          ...MATERIAL_SKILL_NAMES.map((skill) => ({ value: skill, label: t(`skills.${skill}`) })),
        ]}
        style={{ flex: '1 1 10rem' }}
      />
      {isFiltered(value) ? (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => onChange({})}
        >
          {t('filters.clear')}
        </Button>
      ) : null}
      {resultCount === undefined ? null : (
        <Text size="sm" c="dimmed" role="status" aria-live="polite" style={{ flex: '1 0 100%' }}>
          {t('filters.count', { count: resultCount })}
        </Text>
      )}
    </Group>
  );
}
