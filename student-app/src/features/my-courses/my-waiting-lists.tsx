import { Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ErrorBanner,
  WaitingListControl,
  formatDate,
  useLanguage,
  waitingListNamespace,
} from '@portal/shared-ui';
import { authAtom, courseDetailState, errorMessageKey, paths } from '@portal/shared-data';
import { useMyWaitingList, useWaitingListLive } from '@portal/shared-data/queries';

/** My Courses: the student's waiting lists, each with its place in line and Leave, in one request. */
export function MyWaitingLists() {
  const { t } = useTranslation(waitingListNamespace);
  const { language } = useLanguage();
  const { user } = useAtomValue(authAtom);
  const titleId = useId();
  const waiting = useMyWaitingList(user?.id);
  useWaitingListLive(user?.id);
  const { entries } = waiting;
  const describeError = (error: unknown) => t(errorMessageKey(error), { ns: 'errors' });

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('sectionTitle')}
      </Title>
      {entries.isError ? (
        <ErrorBanner
          title={t('sectionLoadError')}
          message={describeError(entries.error)}
          onRetry={() => void entries.refetch()}
          retrying={entries.isFetching}
        />
      ) : entries.data === undefined ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      ) : entries.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sectionEmpty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.data.map((entry) => (
            <Card key={entry.id} component="li" withBorder padding="md">
              <Stack gap="xs">
                <Anchor
                  component={Link}
                  to={paths.courseDetail(entry.courseId)}
                  state={courseDetailState(paths.myCourses)}
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {entry.courseTitle}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {t('joinedAt', { date: formatDate(entry.joinedAt, language) })}
                </Text>
                <div style={{ maxWidth: '24rem' }}>
                  <WaitingListControl
                    courseTitle={entry.courseTitle}
                    entry={entry}
                    onJoin={() => waiting.join(entry.courseId)}
                    onLeave={waiting.leave}
                    describeError={describeError}
                  />
                </div>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
