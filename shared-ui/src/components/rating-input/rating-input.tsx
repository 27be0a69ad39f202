import { Box, Group, Text, UnstyledButton, VisuallyHidden, type MantineColor } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_RATING } from '../rating-stars/rating-stars';

export interface RatingInputProps {
  /** 1–5, or null / 0 while nothing is chosen. */
  value: number | null;
  onChange: (value: number) => void;
  /** Visible label of the group; defaults to "Rating". */
  label?: ReactNode;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  /** Message under the stars, e.g. a validation error; marks the group invalid. */
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Icon size in px. */
  size?: number;
  color?: MantineColor;
}

const VALUES = Array.from({ length: MAX_RATING }, (_, index) => index + 1);

/**
 * 1 to 5 stars as a radio group (WAI-ARIA radio pattern): one tab stop, arrow keys move and
 * choose, Home / End jump to 1 / 5, each star is announced as "N stars".
 */
export function RatingInput({
  value,
  onChange,
  label,
  hideLabel = false,
  error,
  disabled = false,
  required = false,
  size = 28,
  color = 'yellow',
}: RatingInputProps) {
  const { t } = useTranslation('common');
  const labelId = useId();
  const errorId = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const stars = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = value !== null && value >= 1 && value <= MAX_RATING ? Math.round(value) : null;
  const shown = disabled ? chosen : (hovered ?? chosen);
  const tabStop = chosen ?? 1;

  const choose = (next: number) => {
    stars.current[next - 1]?.focus();
    if (next !== chosen) onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, current: number) => {
    const moves: Record<string, number> = {
      ArrowRight: current === MAX_RATING ? 1 : current + 1,
      ArrowUp: current === MAX_RATING ? 1 : current + 1,
      ArrowLeft: current === 1 ? MAX_RATING : current - 1,
      ArrowDown: current === 1 ? MAX_RATING : current - 1,
      Home: 1,
      End: MAX_RATING,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };

  const labelText = (
    <Text id={labelId} component="span" size="sm" fw={500} display="block" mb={4}>
      {label ?? t('rating.label')}
      {required ? (
        <Text component="span" c="red" aria-hidden>
          {' *'}
        </Text>
      ) : null}
    </Text>
  );
  const starColor = `var(--mantine-color-${color}-filled)`;

  return (
    <Box>
      {hideLabel ? <VisuallyHidden>{labelText}</VisuallyHidden> : labelText}
      <Group
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-disabled={disabled || undefined}
        gap={4}
        wrap="nowrap"
        onMouseLeave={() => setHovered(null)}
      >
        {VALUES.map((n) => {
          const lit = shown !== null && n <= shown;
          const Icon = lit ? IconStarFilled : IconStar;
          return (
            <UnstyledButton
              key={n}
              ref={(element: HTMLButtonElement | null) => {
                stars.current[n - 1] = element;
              }}
              role="radio"
              aria-checked={n === chosen}
              aria-label={t('rating.stars', { count: n })}
              tabIndex={n === tabStop ? 0 : -1}
              disabled={disabled}
              onClick={() => choose(n)}
              onKeyDown={(event) => onKeyDown(event, n)}
              onMouseEnter={() => setHovered(n)}
              // A 44 px touch target around each star, whatever the icon size.
              style={{
                minWidth: 44,
                minHeight: 44,
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                borderRadius: 'var(--mantine-radius-sm)',
                opacity: disabled ? 0.6 : 1,
              }}
            >
              <Icon
                size={size}
                aria-hidden
                style={{ color: lit ? starColor : 'var(--mantine-color-dimmed)' }}
              />
            </UnstyledButton>
          );
        })}
      </Group>
      {error ? (
        <Text id={errorId} size="sm" c="red" mt={4}>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
