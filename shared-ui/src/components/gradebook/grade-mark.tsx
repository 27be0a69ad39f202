import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation, IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../format/number';
import { useLanguage } from '../../i18n';
import { namespace } from './i18n';

/** One student's work on one activity, as the gradebook reads it (shared-data's GradebookCell). */
export type GradeMarkCell = {
  grade: number | null;
  state: 'graded' | 'submitted' | 'missing' | 'open';
  late: boolean;
};

export interface GradeMarkProps {
  cell: GradeMarkCell;
  maxPoints: number;
  /** Says "Not yet due" for open work (the student's own row); the table leaves it empty. */
  showOpen?: boolean;
}

/**
 * A cell's mark: "7.5 / 10" when graded, "Missing", "Submitted" (waiting for a grade), and "Late" beside
 * work handed in after its due date. Each mark is words with an icon, never a colour alone.
 */
/**
 * A mark is never cut short ("SUBMIT…"): Mantine's badge label hides what does not fit, which let a
 * narrow column squeeze it; visible, the label makes its column as wide as the word.
 */
const WHOLE_LABEL = { label: { overflow: 'visible' } } as const;

export function GradeMark({ cell, maxPoints, showOpen = false }: GradeMarkProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const late = cell.late ? (
    <Badge
      styles={WHOLE_LABEL}
      size="xs"
      variant="outline"
      color="orange"
      leftSection={<IconClockExclamation size={11} aria-hidden />}
    >
      {t('late')}
    </Badge>
  ) : null;
  let main;
  switch (cell.state) {
    case 'graded': {
      const grade = formatDecimal(cell.grade ?? 0, language, 2);
      const max = formatDecimal(maxPoints, language, 2);
      main = (
        <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
          <span aria-hidden>{t('points', { grade, max })}</span>
          <VisuallyHidden>{t('pointsLabel', { grade, max })}</VisuallyHidden>
        </Text>
      );
      break;
    }
    case 'missing':
      main = (
        <Badge
          styles={WHOLE_LABEL}
          size="sm"
          variant="light"
          color="red"
          leftSection={<IconAlertTriangle size={12} aria-hidden />}
        >
          {t('missing')}
        </Badge>
      );
      break;
    case 'submitted':
      main = (
        <Badge
          styles={WHOLE_LABEL}
          size="sm"
          variant="light"
          color="blue"
          leftSection={<IconHourglass size={12} aria-hidden />}
        >
          {t('submitted')}
        </Badge>
      );
      break;
    default:
      main = showOpen ? (
        <Text size="sm" c="dimmed" span>
          {t('notDue')}
        </Text>
      ) : null;
  }
  if (!main && !late) return null;
  return (
    // Late goes under the grade in a narrow column rather than being cut.
    <Group gap={4} wrap="wrap" justify="center">
      {main}
      {late}
    </Group>
  );
}
