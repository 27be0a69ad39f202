import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  RUBRIC_LIMITS,
  authAtom,
  emptyRubricCriterion,
  emptyRubricForm,
  emptyRubricLevel,
  errorMessageKey,
  rubricBestTotal,
  rubricContentFromForm,
  rubricFormFromRubric,
  validateRubricForm,
  type Rubric,
  type RubricFormValues,
} from '@portal/shared-data';
import { rubricMutations } from '@portal/shared-data/queries';
import { FormModal, intlLocale, translateErrors, useLanguage } from '@portal/shared-ui';
import { namespace as rubricNamespace } from './rubric-i18n';

/** Points for people: up to two decimals, no trailing zeros (12, 7.5). */
export function formatRubricPoints(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

export interface RubricEditorModalProps {
  /** The rubric to edit; null builds a new one. */
  editing: Rubric | null;
  onClose: () => void;
  onSaved: (as: 'created' | 'updated') => void;
}

/**
 * Build or edit a library rubric: a title and 1–12 criteria of 2–6 levels with points, checked by the
 * shared `validateRubricForm` (the database's own checks); the best total shows as it is typed.
 * Mounted only while open.
 */
export function RubricEditorModal({ editing, onClose, onSaved }: RubricEditorModalProps) {
  const { t } = useTranslation(rubricNamespace);
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const { user } = useAtomValue(authAtom);
  const create = useMutation(rubricMutations.create());
  const update = useMutation(rubricMutations.update());
  const saving = create.isPending || update.isPending;
  const failure = editing ? update.error : create.error;
  const form = useForm<RubricFormValues>({
    mode: 'controlled',
    initialValues: editing ? rubricFormFromRubric(editing) : emptyRubricForm(),
    validate: (values) => translateErrors(validateRubricForm(values), t),
  });
  const { criteria } = form.values;

  const submit = (values: RubricFormValues) => {
    const content = rubricContentFromForm(values);
    if (editing) {
      update.mutate({ id: editing.id, content }, { onSuccess: () => onSaved('updated') });
    } else if (user) {
      create.mutate({ ownerId: user.id, content }, { onSuccess: () => onSaved('created') });
    }
  };

  return (
    <FormModal
      title={editing ? t('editor.editTitle') : t('editor.createTitle')}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={saving}
      size="xl"
      onSubmit={form.onSubmit(submit)}
      failure={
        failure && {
          title: t('editor.failed'),
          reason: t(errorMessageKey(failure), { ns: 'errors' }),
          notice: t('editor.keptNotice'),
        }
      }
      submitLabel={editing ? t('editor.submitSave') : t('editor.submitCreate')}
    >
      <TextInput
        data-autofocus
        label={t('editor.title')}
        placeholder={t('editor.titlePlaceholder')}
        withAsterisk
        disabled={saving}
        {...form.getInputProps('title')}
      />
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={3} size="h5">
          {t('editor.criteria')}
        </Title>
        <Text size="sm" fw={600} aria-live="polite">
          {t('editor.bestTotal', { total: formatRubricPoints(rubricBestTotal(criteria), locale) })}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('editor.limits')}
      </Text>
      {typeof form.errors.criteria === 'string' ? (
        <Text size="sm" c="red" role="alert">
          {form.errors.criteria}
        </Text>
      ) : null}
      {criteria.map((criterion, c) => {
        const levelsError = form.errors[`criteria.${c}.levels`];
        return (
          <Fieldset
            key={criterion.id}
            legend={t('editor.criterion', { number: c + 1 })}
            disabled={saving}
          >
            <Stack gap="xs">
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('editor.criterionTitle')}
                  placeholder={t('editor.criterionPlaceholder')}
                  withAsterisk
                  {...form.getInputProps(`criteria.${c}.title`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={t('editor.removeCriterion', { number: c + 1 })}
                  disabled={criteria.length <= RUBRIC_LIMITS.minCriteria}
                  onClick={() => form.removeListItem('criteria', c)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              <Textarea
                label={t('editor.criterionDescription')}
                rows={1}
                {...form.getInputProps(`criteria.${c}.description`)}
              />
              <Text size="sm" fw={500}>
                {t('editor.levels', {
                  criterion: criterion.title.trim() || t('editor.criterion', { number: c + 1 }),
                })}
              </Text>
              {criterion.levels.map((level, l) => (
                <Group key={level.id} align="flex-start" gap="xs" wrap="wrap">
                  <TextInput
                    style={{ flex: '2 1 10rem' }}
                    label={t('editor.levelTitle')}
                    placeholder={t('editor.levelPlaceholder')}
                    withAsterisk
                    {...form.getInputProps(`criteria.${c}.levels.${l}.title`)}
                  />
                  <NumberInput
                    style={{ flex: '1 1 6rem' }}
                    label={t('editor.points')}
                    min={0}
                    max={RUBRIC_LIMITS.maxPoints}
                    withAsterisk
                    {...form.getInputProps(`criteria.${c}.levels.${l}.points`)}
                  />
                  <TextInput
                    style={{ flex: '3 1 12rem' }}
                    label={t('editor.levelDescription')}
                    {...form.getInputProps(`criteria.${c}.levels.${l}.description`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    aria-label={t('editor.removeLevel', { number: l + 1 })}
                    disabled={criterion.levels.length <= RUBRIC_LIMITS.minLevels}
                    onClick={() => form.removeListItem(`criteria.${c}.levels`, l)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              {typeof levelsError === 'string' ? (
                <Text size="sm" c="red" role="alert">
                  {levelsError}
                </Text>
              ) : null}
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
                disabled={criterion.levels.length >= RUBRIC_LIMITS.maxLevels}
                onClick={() => form.insertListItem(`criteria.${c}.levels`, emptyRubricLevel())}
              >
                {t('editor.addLevel')}
              </Button>
            </Stack>
          </Fieldset>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        disabled={saving || criteria.length >= RUBRIC_LIMITS.maxCriteria}
        onClick={() => form.insertListItem('criteria', emptyRubricCriterion())}
      >
        {t('editor.addCriterion')}
      </Button>
    </FormModal>
  );
}
