import {
  Checkbox,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { currencySymbol, FALLBACK_PRICE_CURRENCY, intlLocale } from '../../format';
import { useLanguage } from '../../i18n';
import { namespace } from './i18n';

/**
 * What the course form holds: the same shape as shared-data's `CourseFormValues` (this kit takes
 * data through props and does not import shared-data), so a `useForm<CourseFormValues>` passes as is.
 */
export interface CourseFormFieldValues {
  title: string;
  description: string;
  language: string;
  category: string;
  level: string;
  duration: number | string;
  teacherId: string;
  price: number | string;
  maxStudents: number | string;
  thumbnailUrl: string;
  isActive: boolean;
  /** Optional CEFR level; '' for none. */
  cefrLevel: string;
}

export interface CourseFormTeacherOption {
  /** The teacher's user id. */
  value: string;
  /** Their name as shown. */
  label: string;
}

export interface CourseFormFieldsProps {
  /** The @mantine/form form; its errors are already translated texts. */
  form: UseFormReturnType<CourseFormFieldValues>;
  /** The choices, in order (shared-data's COURSE_LANGUAGES, COURSE_CATEGORIES, COURSE_LEVELS). */
  languages: readonly string[];
  categories: readonly string[];
  levels: readonly string[];
  /** The CEFR levels (shared-data's CEFR_LEVELS), for the optional "CEFR level". */
  cefrLevels?: readonly string[];
  /** Who may teach the course. A teacher's own form passes just them, with `teacherFixed`. */
  teachers: readonly CourseFormTeacherOption[];
  /** The teacher is the person filling in the form: shown, not changeable. */
  teacherFixed?: boolean;
  teachersLoading?: boolean;
  /** Editing an existing course: only then is the Active checkbox offered. */
  editing: boolean;
  /** While saving. */
  disabled?: boolean;
  /** Character limits shown as counters (shared-data's COURSE_TEXT_LIMITS). */
  textLimits: { title: number; description: number; thumbnailUrl: number };
  /** The price's step, e.g. 0.01 (shared-data's COURSE_PRICE.step); also sets its decimals. */
  priceStep: number;
  /**
   * The school's currency (ISO 4217, shared-data's `settingsQueries.currency()`) the price is typed
   * in: its code in the label, its symbol in the reader's language before the figure. Without it,
   * the old US dollars.
   */
  currency?: string | null;
}

/** Characters as the database counts them: after trimming, an emoji is one. */
const length = (text: string) => [...text.trim()].length;

/** 0.01 → 2 decimals. */
const decimalsOf = (step: number) => Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));

/**
 * The fields of the course form (title, description, language, category, level, teacher, duration,
 * price, max students, thumbnail URL, and Active when editing), for a dialog that owns the form,
 * its validation and its save. The title carries `data-autofocus`, so a Mantine modal opens on it.
 */
export function CourseFormFields({
  form,
  languages,
  categories,
  levels,
  cefrLevels = [],
  teachers,
  teacherFixed = false,
  teachersLoading = false,
  editing,
  disabled = false,
  textLimits,
  priceStep,
  currency,
}: CourseFormFieldsProps) {
  const { t } = useTranslation(namespace);
  const { language: uiLanguage } = useLanguage();
  const decimals = decimalsOf(priceStep);
  const step = new Intl.NumberFormat(intlLocale(uiLanguage), {
    minimumFractionDigits: decimals,
  }).format(priceStep);
  const priceCurrency =
    currency && /^[A-Z]{3}$/.test(currency) ? currency : FALLBACK_PRICE_CURRENCY;
  const priceSymbol = currencySymbol(uiLanguage, priceCurrency);

  // Select keeps null for "nothing chosen"; the form keeps ''.
  const choice = (field: 'language' | 'category' | 'level' | 'teacherId' | 'cefrLevel') => ({
    ...form.getInputProps(field),
    value: form.values[field] || null,
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
  });

  return (
    <Stack gap="md">
      <TextInput
        // The dialog opens on its first field, not on its × (Mantine focuses data-autofocus first).
        data-autofocus
        label={t('fields.title')}
        placeholder={t('fields.titlePlaceholder')}
        description={`${length(form.values.title)}/${textLimits.title}`}
        withAsterisk
        disabled={disabled}
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('fields.description')}
        placeholder={t('fields.descriptionPlaceholder')}
        description={`${length(form.values.description)}/${textLimits.description}`}
        // Fixed height: autosize measures fonts, which happy-dom and some embedded browsers lack.
        rows={4}
        resize="vertical"
        withAsterisk
        disabled={disabled}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
        <Select
          label={t('fields.language')}
          placeholder={t('fields.languagePlaceholder')}
          data={languages.map((value) => ({
            value,
            label: t(`course.languages.${value}`, { ns: 'common', defaultValue: value }),
          }))}
          withAsterisk
          disabled={disabled}
          {...choice('language')}
        />
        <Select
          label={t('fields.teacher')}
          placeholder={
            teachersLoading ? t('fields.loadingTeachers') : t('fields.teacherPlaceholder')
          }
          description={teacherFixed ? t('fields.teacherSelf') : undefined}
          data={teachers.map(({ value, label }) => ({ value, label }))}
          searchable={!teacherFixed}
          nothingFoundMessage={t('fields.noTeachers')}
          readOnly={teacherFixed}
          rightSection={teachersLoading ? <Loader size="xs" aria-hidden /> : undefined}
          withAsterisk
          disabled={disabled}
          {...choice('teacherId')}
        />
        <Select
          label={t('fields.level')}
          data={levels.map((value) => ({
            value,
            label: t(`course.levels.${value}`, { ns: 'common', defaultValue: value }),
          }))}
          allowDeselect={false}
          withAsterisk
          disabled={disabled}
          {...choice('level')}
        />
        <Select
          label={t('fields.category')}
          data={categories.map((value) => ({
            value,
            label: t(`fields.categories.${value}`, { defaultValue: value }),
          }))}
          allowDeselect={false}
          withAsterisk
          disabled={disabled}
          {...choice('category')}
        />
        {cefrLevels.length > 0 ? (
          <Select
            label={t('fields.cefrLevel')}
            description={t('fields.cefrLevelHint')}
            placeholder={t('fields.cefrLevelNone')}
            data={[...cefrLevels]}
            clearable
            disabled={disabled}
            {...choice('cefrLevel')}
          />
        ) : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="md">
        <NumberInput
          label={t('fields.duration')}
          description={t('fields.durationHint')}
          min={1}
          step={1}
          withAsterisk
          disabled={disabled}
          {...form.getInputProps('duration')}
        />
        <NumberInput
          label={t('fields.price', { currency: priceCurrency })}
          description={t('fields.priceHint', { step })}
          min={0}
          step={priceStep}
          // The symbol before the figure in every language (the label names the code): the right
          // side holds the step controls. 'US$' or 'GBP' (Spanish) gets a wider section.
          leftSection={<span aria-hidden>{priceSymbol}</span>}
          leftSectionWidth={priceSymbol.length > 1 ? 44 : undefined}
          withAsterisk
          disabled={disabled}
          {...form.getInputProps('price')}
        />
        <NumberInput
          label={t('fields.maxStudents')}
          description={t('fields.maxStudentsHint')}
          min={1}
          step={1}
          withAsterisk
          disabled={disabled}
          {...form.getInputProps('maxStudents')}
        />
      </SimpleGrid>
      <TextInput
        type="url"
        label={t('fields.thumbnailUrl')}
        placeholder={t('fields.thumbnailPlaceholder')}
        description={`${length(form.values.thumbnailUrl)}/${textLimits.thumbnailUrl}`}
        disabled={disabled}
        {...form.getInputProps('thumbnailUrl')}
      />
      {editing ? (
        <Checkbox
          label={t('fields.isActive')}
          description={t('fields.isActiveHint')}
          disabled={disabled}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
      ) : null}
    </Stack>
  );
}
