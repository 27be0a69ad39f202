import {
  Badge,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  type TitleOrder,
} from '@mantine/core';
import { IconMail, IconPin, IconSpeakerphone } from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../format';
import { useLanguage } from '../../i18n';
import { EmptyState } from '../empty-state/empty-state';
import { ErrorBanner } from '../error-banner/error-banner';
import { namespace } from './i18n';

// The portal's Markdown renderer (the materials viewer's): React elements only, HTML typed in the text
// left out, script addresses emptied. A lazy chunk, loaded once the first announcement shows.
const MarkdownText = lazy(() => import('../material-viewer/markdown-text'));

/** What the list shows of an announcement (shared-data's `Announcement` passes as is). */
export interface AnnouncementView {
  id: string;
  title: string;
  /** Markdown. */
  body: string;
  pinned: boolean;
  emailed: boolean;
  createdAt: string;
  updatedAt: string;
  /** Shown when the list mixes courses (the student's dashboard). */
  courseTitle: string | null;
}

export interface AnnouncementItemProps {
  announcement: AnnouncementView;
  /** The title's heading level under the section's own heading. */
  headingOrder?: TitleOrder;
  /** The staff's menu (edit, pin, delete); none for students. */
  actions?: ReactNode;
  /** Staff see whether it was emailed. */
  showEmailed?: boolean;
}

/** One announcement: title, pinned, when, its Markdown. */
export function AnnouncementItem({
  announcement,
  headingOrder = 4,
  actions,
  showEmailed = false,
}: AnnouncementItemProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const posted = formatDate(announcement.createdAt, language);
  const edited = formatDate(announcement.updatedAt, language);
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={`announcement-${announcement.id}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} miw={0}>
            <Group gap="xs" wrap="wrap">
              {announcement.pinned ? (
                <Badge variant="light" leftSection={<IconPin size={12} aria-hidden />}>
                  {t('pinned')}
                </Badge>
              ) : null}
              {showEmailed && announcement.emailed ? (
                <Badge
                  variant="light"
                  color="gray"
                  leftSection={<IconMail size={12} aria-hidden />}
                >
                  {t('emailed')}
                </Badge>
              ) : null}
            </Group>
            <Title
              order={headingOrder}
              size="h5"
              id={`announcement-${announcement.id}`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {announcement.title}
            </Title>
            <Text size="xs" c="dimmed">
              {announcement.courseTitle
                ? `${t('newest.from', { course: announcement.courseTitle })} · `
                : ''}
              {edited !== posted && announcement.updatedAt > announcement.createdAt
                ? t('editedOn', { date: posted, edited })
                : t('postedOn', { date: posted })}
            </Text>
          </Stack>
          {actions}
        </Group>
        <Suspense fallback={<Loader size="xs" aria-label={t('loading')} />}>
          <MarkdownText text={announcement.body} padded={false} />
        </Suspense>
      </Stack>
    </Card>
  );
}

export interface AnnouncementListProps {
  items: readonly AnnouncementView[] | undefined;
  loading: boolean;
  /** The load failed: the reason in the user's language. */
  error?: string | null;
  onRetry?: () => void;
  retrying?: boolean;
  emptyText: string;
  /** An action in the empty state (the staff's Post button). */
  emptyAction?: ReactNode;
  headingOrder?: TitleOrder;
  actions?: (announcement: AnnouncementView) => ReactNode;
  showEmailed?: boolean;
}

/** Announcements in the order given (the reads sort them), with loading, error and empty states. */
export function AnnouncementList({
  items,
  loading,
  error,
  onRetry,
  retrying,
  emptyText,
  emptyAction,
  headingOrder,
  actions,
  showEmailed,
}: AnnouncementListProps) {
  const { t } = useTranslation(namespace);
  if (error) {
    return (
      <ErrorBanner title={t('loadFailed')} message={error} onRetry={onRetry} retrying={retrying} />
    );
  }
  if (loading || !items) {
    return (
      <Center role="status" py="md">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState icon={<IconSpeakerphone aria-hidden />} title={emptyText} action={emptyAction} />
    );
  }
  return (
    <Stack gap="sm">
      {items.map((announcement) => (
        <AnnouncementItem
          key={announcement.id}
          announcement={announcement}
          headingOrder={headingOrder}
          actions={actions?.(announcement)}
          showEmailed={showEmailed}
        />
      ))}
    </Stack>
  );
}
