import { Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorMessageKey,
  rubricBestTotal,
  rubricCopy,
  type RubricContent,
} from '@portal/shared-data';
import { rubricQueries } from '@portal/shared-data/queries';
import { ErrorBanner, intlLocale, useLanguage } from '@portal/shared-ui';
import { formatRubricPoints } from './rubric-editor-modal';
import { namespace as rubricNamespace } from './rubric-i18n';

/** The value the activity form keeps for its rubric. */
export type RubricChoice = { rubric: RubricContent | null; rubricId: string | null };

export interface ActivityRubricFieldProps extends RubricChoice {
  /** The activity's points (the form's field: '' while empty). */
  maxPoints: number | string;
  /** The form's error for the rubric (its best total is more than the points), translated. */
  error?: string | null;
  disabled?: boolean;
  onChange: (choice: RubricChoice) => void;
}

/**
 * The activity form's "Rubric": a library rubric chosen is copied onto the activity (its criteria and
 * where it came from); its best total shows against the activity's points. Removing it grades by points
 * again (the database refuses once work has been graded with it, and the form says why). The library is
 * read when the field is shown.
 */
export function ActivityRubricField({
  rubric,
  rubricId,
  maxPoints,
  error,
  disabled,
  onChange,
}: ActivityRubricFieldProps) {
  const { t } = useTranslation(rubricNamespace);
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const summaryId = useId();
  const library = useQuery(rubricQueries.list());
  const rubrics = library.data ?? [];
  // The activity's own copy stays named even when its library rubric is gone.
  const data = [
    ...rubrics.map((item) => ({ value: item.id, label: item.title })),
    ...(rubric && !rubrics.some((item) => item.id === rubricId)
      ? [{ value: rubricId ?? 'own-copy', label: rubric.title }]
      : []),
  ];
  const choose = (id: string | null) => {
    const chosen = rubrics.find((item) => item.id === id);
    if (chosen) onChange({ rubric: rubricCopy(chosen), rubricId: chosen.id });
  };
  const points = Number(maxPoints);

  return (
    <Stack gap={6}>
      {library.isError ? (
        <ErrorBanner
          title={t('form.rubricLoadError')}
          message={t(errorMessageKey(library.error), { ns: 'errors' })}
          onRetry={() => void library.refetch()}
          retrying={library.isFetching}
        />
      ) : null}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          style={{ flex: '1 1 14rem' }}
          label={t('form.rubric')}
          description={t('form.rubricHint')}
          placeholder={library.isPending ? t('form.rubricLoading') : t('form.rubricPlaceholder')}
          data={data}
          value={rubric ? (rubricId ?? 'own-copy') : null}
          onChange={choose}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('form.rubricNone')}
          rightSection={library.isPending ? <Loader size="xs" aria-hidden /> : undefined}
          disabled={disabled}
          error={error ?? undefined}
          aria-describedby={rubric ? summaryId : undefined}
        />
        {rubric ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            disabled={disabled}
            onClick={() => onChange({ rubric: null, rubricId: null })}
          >
            {t('form.rubricRemove')}
          </Button>
        ) : null}
      </Group>
      {rubric ? (
        <Text size="sm" id={summaryId} c={error ? 'red' : 'dimmed'}>
          {t('form.rubricChosen', {
            title: rubric.title,
            total: formatRubricPoints(rubricBestTotal(rubric.criteria), locale),
            max: Number.isFinite(points) ? formatRubricPoints(points, locale) : '–',
          })}
        </Text>
      ) : library.isSuccess && rubrics.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('form.rubricNone')}
        </Text>
      ) : null}
    </Stack>
  );
}
