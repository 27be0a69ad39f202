import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  /** 1-based; values outside 1…totalPages are shown clamped. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one pager; defaults to "Pagination". */
  'aria-label'?: string;
}

/**
 * Previous / "Page x of y" / Next; nothing when everything fits on one page. The pager of
 * `PagedResults`, not exported by the kit: every list pages through `PagedResults`.
 */
export function Pager({ page, totalPages, onChange, 'aria-label': ariaLabel }: PagerProps) {
  const { t } = useTranslation('common');
  const total = Math.floor(totalPages);
  if (!Number.isFinite(total) || total <= 1) return null;
  const current = Math.min(Math.max(Math.floor(page) || 1, 1), total);
  return (
    <Group
      component="nav"
      aria-label={ariaLabel ?? t('pager.label')}
      justify="center"
      gap="sm"
      // One row at any width: in a narrow card (a phone, a section inside a card) the page text wraps
      // between the two buttons rather than a button dropping to a line of its own.
      wrap="nowrap"
    >
      <Button
        variant="default"
        size="sm"
        px="sm"
        style={{ flexShrink: 0 }}
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        {t('pager.previous')}
      </Button>
      <Text size="sm" aria-live="polite" aria-atomic ta="center" miw={0}>
        {t('pager.pageOf', { page: current, total })}
      </Text>
      <Button
        variant="default"
        size="sm"
        px="sm"
        style={{ flexShrink: 0 }}
        disabled={current >= total}
        onClick={() => onChange(current + 1)}
      >
        {t('pager.next')}
      </Button>
    </Group>
  );
}
