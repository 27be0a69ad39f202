import { Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconUserCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type StudentActivityEvent } from '@portal/shared-data';
import { ErrorBanner } from '@portal/shared-ui';
import { namespace } from './i18n';
import { lastActivityLabel } from './last-activity';

export interface RecentActivityPanelProps {
  now: Date;
  /** The newest events, newest first; undefined until the screen's request answers. */
  events: StudentActivityEvent[] | undefined;
  /** The screen's first load is under way. */
  loading: boolean;
  /** Shown events are being read again. */
  updating: boolean;
  /**
   * Why the screen's request failed, if it did. The panel says so; the screen's error banner offers
   * Try again (one request reads the list, the figures and these events).
   */
  error: unknown;
}

function EventLine({ event, now }: { event: StudentActivityEvent; now: Date }) {
  const { t } = useTranslation(namespace);
  const name = event.studentName ?? t('unknownPerson', { ns: 'common' });
  const text =
    event.kind === 'attendance'
      ? t('activity.attended', { name, item: event.itemTitle })
      : t(event.status === 'graded' ? 'activity.graded' : 'activity.submitted', {
          name,
          item: event.itemTitle,
        });
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon
        variant="light"
        color={event.kind === 'attendance' ? 'teal' : 'grape'}
        radius="xl"
        aria-hidden
      >
        {event.kind === 'attendance' ? <IconUserCheck size={16} /> : <IconChecklist size={16} />}
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {text}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {event.courseTitle} ·{' '}
          <time dateTime={event.at}>{lastActivityLabel(t, event.at, now)}</time>
        </Text>
      </Stack>
    </Group>
  );
}

/** The newest submissions and attendance of the caller's students, newest first (read with the list). */
export function RecentActivityPanel({
  now,
  events: loaded,
  loading,
  updating,
  error,
}: RecentActivityPanelProps) {
  const { t } = useTranslation(namespace);
  const titleId = useId();
  const failed = error !== null && error !== undefined;
  const events = failed ? [] : (loaded ?? []);

  return (
    <Card component="section" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {t('activity.title')}
          </Title>
          {updating && !failed ? <Loader size="xs" aria-label={t('updating')} /> : null}
        </Group>
        {loading ? (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('activity.loading')}
            </Text>
          </Group>
        ) : null}
        {failed ? (
          <ErrorBanner
            title={t('activity.loadError')}
            message={t(errorMessageKey(error), { ns: 'errors' })}
          />
        ) : null}
        {!failed && loaded !== undefined && events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('activity.empty')}
          </Text>
        ) : null}
        {events.length > 0 ? (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {events.map((event) => (
              <EventLine
                key={`${event.kind}-${event.itemId}-${event.studentId}`}
                event={event}
                now={now}
              />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
