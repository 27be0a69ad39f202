import { Group, NativeSelect, Text } from '@mantine/core';
import {
  MATERIAL_LANGUAGES,
  MATERIAL_SKILLS,
  type MaterialLanguage,
  type MaterialLibraryFilters,
  type MaterialSkill,
} from '@portal/shared-data';
import { SearchInput } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { MATERIALS_NS } from '../i18n';

export interface MaterialFiltersProps {
  value: MaterialLibraryFilters;
  onChange: (value: MaterialLibraryFilters) => void;
  /** How many materials pass the filters; announced as it changes. */
  resultCount: number;
}

const ALL = 'all';

function languageOf(value: string): MaterialLanguage | null {
  return MATERIAL_LANGUAGES.find((language) => language === value) ?? null;
}

function skillOf(value: string): MaterialSkill | null {
  return MATERIAL_SKILLS.find((skill) => skill === value) ?? null;
}

/** Language (ES Spanish, EN English), skill and title search (SPEC §2 "Materials library"). */
export function MaterialFilters({ value, onChange, resultCount }: MaterialFiltersProps) {
  const { t } = useTranslation(MATERIALS_NS);
  return (
    <Group role="search" aria-label={t('filters.label')} gap="sm" align="flex-end" wrap="wrap">
      <SearchInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        value={value.search ?? ''}
        onChange={(search) => onChange({ ...value, search })}
        style={{ flex: '1 1 14rem' }}
      />
      <NativeSelect
        label={t('filters.language')}
        value={value.language ?? ALL}
        onChange={(event) => onChange({ ...value, language: languageOf(event.currentTarget.value) })}
        data={[
          { value: ALL, label: t('filters.allLanguages') },
          ...MATERIAL_LANGUAGES.map((language) => ({
            value: language,
            label: `${language} · ${t(`languages.${language}`)}`,
          })),
        ]}
        style={{ flex: '1 1 10rem' }}
      />
      <NativeSelect
        label={t('filters.skill')}
        value={value.skill ?? ALL}
        onChange={(event) => onChange({ ...value, skill: skillOf(event.currentTarget.value) })}
        data={[
          { value: ALL, label: t('filters.allSkills') },
          ...MATERIAL_SKILLS.map((skill) => ({ value: skill, label: t(`skills.${skill}`) })),
        ]}
        style={{ flex: '1 1 10rem' }}
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite" style={{ flex: '1 0 100%' }}>
        {t('filters.count', { count: resultCount })}
      </Text>
    </Group>
  );
}
