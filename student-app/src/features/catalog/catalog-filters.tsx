import { Button, Grid, Group, NativeSelect } from '@mantine/core';
import { IconFilterOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '@portal/shared-ui';
import { COURSE_LEVELS, type CourseLanguage, type CourseLevel } from '@portal/shared-data';
import { namespace } from './i18n';

export type CatalogFilterValues = {
  search: string;
  language: CourseLanguage | null;
  level: CourseLevel | null;
};

export const NO_FILTERS: CatalogFilterValues = { search: '', language: null, level: null };

export interface CatalogFiltersProps {
  values: CatalogFilterValues;
  /** Languages offered by the catalog's courses. */
  languages: readonly CourseLanguage[];
  onChange: (changes: Partial<CatalogFilterValues>) => void;
  onClear: () => void;
  /** Clear Filters is enabled only when something is set. */
  filtered: boolean;
  onRefresh: () => void;
  refreshing: boolean;
}

export function CatalogFilters({
  values,
  languages,
  onChange,
  onClear,
  filtered,
  onRefresh,
  refreshing,
}: CatalogFiltersProps) {
  const { t } = useTranslation(namespace);
  // A chosen language stays selectable even if the refreshed options no longer list it.
  const languageOptions =
    values.language && !languages.includes(values.language)
      ? [...languages, values.language]
      : languages;
  return (
    <>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SearchInput
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            value={values.search}
            onChange={(search) => onChange({ search })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
          <NativeSelect
            label={t('language')}
            value={values.language ?? ''}
            onChange={(event) =>
              onChange({ language: (event.currentTarget.value || null) as CourseLanguage | null })
            }
            data={[
              { value: '', label: t('allLanguages') },
              ...languageOptions.map((language) => ({
                value: language,
                label: t(`course.languages.${language}`, { ns: 'common' }),
              })),
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
          <NativeSelect
            label={t('level')}
            value={values.level ?? ''}
            onChange={(event) =>
              onChange({ level: (event.currentTarget.value || null) as CourseLevel | null })
            }
            data={[
              { value: '', label: t('allLevels') },
              ...COURSE_LEVELS.map((level) => ({
                value: level,
                label: t(`course.levels.${level}`, { ns: 'common' }),
              })),
            ]}
          />
        </Grid.Col>
      </Grid>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onClear}
          disabled={!filtered}
        >
          {t('clearFilters')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRefresh}
          loading={refreshing}
        >
          {t('refresh')}
        </Button>
      </Group>
    </>
  );
}
