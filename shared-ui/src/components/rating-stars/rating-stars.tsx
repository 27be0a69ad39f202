import { Group, type MantineColor } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { formatDecimal } from '../../format';

export const MAX_RATING = 5;

export interface RatingStarsProps {
  /** 0–5, fractions allowed (shown to the nearest half star); null when nobody has rated yet. */
  value: number | null;
  /** Icon size in px. */
  size?: number;
  color?: MantineColor;
}

/** Read-only stars, announced as one image: "Rated 4.5 out of 5". */
export function RatingStars({ value, size = 16, color = 'yellow' }: RatingStarsProps) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const rating =
    value === null || !Number.isFinite(value) ? null : Math.min(Math.max(value, 0), MAX_RATING);
  const halves = rating === null ? 0 : Math.round(rating * 2);
  const label =
    rating === null
      ? t('rating.notRated')
      : t('rating.outOfFive', {
          rating: formatDecimal(rating, language),
        });
  const starColor = `var(--mantine-color-${color}-filled)`;
  return (
    <Group
      component="span"
      role="img"
      aria-label={label}
      gap={2}
      wrap="nowrap"
      display="inline-flex"
    >
      {Array.from({ length: MAX_RATING }, (_, index) => {
        const filled = halves - index * 2;
        const Icon = filled >= 2 ? IconStarFilled : filled === 1 ? IconStarHalfFilled : IconStar;
        return (
          <Icon
            key={index}
            size={size}
            aria-hidden
            data-star={filled >= 2 ? 'full' : filled === 1 ? 'half' : 'empty'}
            style={{ color: filled > 0 ? starColor : 'var(--mantine-color-dimmed)' }}
          />
        );
      })}
    </Group>
  );
}
