import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { rubricScoresTotal, type RubricContent, type RubricScores } from '@portal/shared-data';
import { intlLocale, useLanguage } from '@portal/shared-ui';
import { namespace } from './rubric-result-i18n';

const format = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);

/**
 * The filled rubric a student's work was graded with: each criterion, the level the grader chose (with
 * its description) and its points, and the total (the grade). A table, so it reads row by row.
 */
export function RubricResult({
  rubric,
  scores,
  maxPoints,
}: {
  rubric: RubricContent;
  scores: RubricScores;
  maxPoints: number;
}) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const total = rubricScoresTotal(rubric, scores);

  return (
    <Table.ScrollContainer minWidth={280}>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
          {t('title', { title: rubric.title })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('criterion')}</Table.Th>
            <Table.Th scope="col">{t('level')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('points')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rubric.criteria.map((criterion) => {
            const level = criterion.levels.find((item) => item.id === scores[criterion.id]);
            const best = Math.max(...criterion.levels.map((item) => item.points));
            return (
              <Table.Tr key={criterion.id}>
                <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {criterion.title}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {level ? (
                    <Stack gap={0}>
                      <Text size="sm">{level.title}</Text>
                      {level.description ? (
                        <Text size="xs" c="dimmed">
                          {level.description}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('notChosen')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="end">
                  {level
                    ? t('totalValue', {
                        total: format(level.points, locale),
                        max: format(best, locale),
                      })
                    : '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        {total !== null ? (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                {t('total')}
              </Table.Th>
              <Table.Td ta="end" fw={600}>
                {t('totalValue', { total: format(total, locale), max: format(maxPoints, locale) })}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
