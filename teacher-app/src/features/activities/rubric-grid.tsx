import { Fieldset, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  rubricScoredCount,
  rubricScoresTotal,
  type RubricContent,
  type RubricScores,
} from '@portal/shared-data';
import { intlLocale, useLanguage } from '@portal/shared-ui';
import { formatRubricPoints } from './rubric-editor-modal';
import { namespace as rubricNamespace } from './rubric-i18n';

export interface RubricGridProps {
  rubric: RubricContent;
  scores: RubricScores;
  /** The activity's points, for the total. */
  maxPoints: number;
  onChange: (scores: RubricScores) => void;
  /** Why the levels cannot be saved yet (a criterion without a level), translated. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * The grading dialog's rubric: one radio group per criterion (named by it; arrow keys move between its
 * levels), and the total of the chosen levels, announced politely as it changes. The database computes
 * the same sum as the grade when the levels are saved.
 */
export function RubricGrid({
  rubric,
  scores,
  maxPoints,
  onChange,
  error,
  disabled,
}: RubricGridProps) {
  const { t } = useTranslation(rubricNamespace);
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const total = rubricScoresTotal(rubric, scores);
  const scored = rubricScoredCount(rubric, scores);
  const points = (value: number) => formatRubricPoints(value, locale);

  return (
    <Fieldset legend={t('grid.title', { title: rubric.title })} disabled={disabled}>
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {t('grid.hint')}
        </Text>
        {rubric.criteria.map((criterion) => (
          <Radio.Group
            key={criterion.id}
            name={`rubric-${criterion.id}`}
            label={criterion.title}
            description={criterion.description ?? undefined}
            value={scores[criterion.id] ?? null}
            onChange={(level) => onChange({ ...scores, [criterion.id]: level })}
          >
            <Stack gap={6} mt={6}>
              {criterion.levels.map((level) => (
                <Radio
                  key={level.id}
                  value={level.id}
                  disabled={disabled}
                  label={t('grid.level', {
                    title: level.title,
                    points: points(level.points),
                    count: level.points,
                  })}
                  description={level.description ?? undefined}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
              ))}
            </Stack>
          </Radio.Group>
        ))}
        <Text size="sm" fw={600} aria-live="polite" aria-atomic="true">
          {total === null
            ? t('grid.partial', { scored, all: rubric.criteria.length })
            : t('grid.total', { total: points(total), max: points(maxPoints) })}
        </Text>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
