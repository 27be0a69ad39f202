import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface SkillBadgesProps {
  /** Skill names (listening, reading, grammar, speaking, writing), in the order to show. */
  skills: readonly string[];
  /** A CEFR level (A1–C2), or null. */
  cefrLevel?: string | null;
}

/**
 * An activity's or a material's skills and CEFR level as small badges (issue 32), in the user's
 * language; nothing when it has neither.
 */
export function SkillBadges({ skills, cefrLevel = null }: SkillBadgesProps) {
  const { t } = useTranslation('common');
  if (skills.length === 0 && !cefrLevel) return null;
  return (
    <Group gap={4} wrap="wrap">
      {cefrLevel ? (
        <Badge variant="filled" color="indigo" size="sm">
          {t('cefrLevel', { level: cefrLevel })}
        </Badge>
      ) : null}
      {skills.map((skill) => (
        <Badge key={skill} variant="light" color="gray" size="sm">
          {t(`skills.${skill}`, { defaultValue: skill })}
        </Badge>
      ))}
    </Group>
  );
}
