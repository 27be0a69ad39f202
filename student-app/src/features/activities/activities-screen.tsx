import { Alert, Button, CloseButton, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconBooks,
  IconCalendarEvent,
  IconCheck,
  IconClipboardList,
  IconClockHour4,
  IconFilterOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import {
  authAtom,
  errorMessageKey,
  type StudentActivity,
  type Submission,
} from '@portal/shared-data';
import { activityQueries, type PageLoader } from '@portal/shared-data/queries';
import { EmptyState, ErrorBanner, FullPageLoader, SearchInput, StatCard } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { ActivityCard } from './activity-card';
import { ActivityDetailsModal } from './activity-details-modal';
import {
  NO_FILTERS,
  countDueThisWeek,
  filterActivities,
  type ActivityFilters,
} from './activity-rules';
import { namespace } from './i18n';
import { EMPTY_DRAFT, SubmitActivityModal, type SubmissionDraft } from './submit-activity-modal';

const ALL_COURSES = 'all';

type Dialog = { kind: 'view' | 'submit'; activityId: string } | null;

/** The shell's route loader: the student's activities and their figures, before the page renders. */
export const loader: PageLoader = (queryClient) =>
  queryClient.ensureQueryData(activityQueries.studentOverview());

/**
 * Activities for a student: stats, search, course filter and a card per activity with View and
 * Submit. The list is one read (activities with the student's own submission, courses, upcoming
 * class count); submitting refreshes it.
 */
export default function ActivitiesScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const query = useQuery(activityQueries.studentOverview());
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [drafts, setDrafts] = useState<Record<string, SubmissionDraft>>({});
  const [sent, setSent] = useState(false);
  // Overdue and due-this-week are judged against the time the list was loaded or last acted on.
  const [now, setNow] = useState(() => new Date());

  const overview = query.data ?? null;
  const activities = useMemo(() => overview?.activities ?? [], [overview]);
  const shown = useMemo(() => filterActivities(activities, filters), [activities, filters]);
  const filtered = filters.search.trim() !== '' || filters.courseId !== null;
  const open = dialog
    ? activities.find((activity) => activity.id === dialog.activityId)
    : undefined;

  const view = useCallback((activity: StudentActivity) => {
    setNow(new Date());
    setDialog({ kind: 'view', activityId: activity.id });
  }, []);
  const submit = useCallback((activity: StudentActivity) => {
    setNow(new Date());
    setSent(false);
    setDialog({ kind: 'submit', activityId: activity.id });
  }, []);
  const changeDraft = useCallback(
    (activityId: string, draft: SubmissionDraft) =>
      setDrafts((previous) => ({ ...previous, [activityId]: draft })),
    [],
  );
  const submitted = useCallback((submission: Submission) => {
    setDrafts((previous) => {
      const rest = { ...previous };
      delete rest[submission.activityId];
      return rest;
    });
    setDialog(null);
    setSent(true);
  }, []);

  if (query.isPending) return <FullPageLoader minHeight={320} label={t('loading')} />;

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('subtitle')}</Text>

      {query.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(query.error), { ns: 'errors' })}
          onRetry={() => {
            setNow(new Date());
            void query.refetch();
          }}
          retrying={query.isFetching}
        />
      ) : null}

      {sent ? (
        <Alert color="teal" variant="light" icon={<IconCheck aria-hidden />} role="status">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600}>
              {t('success')}
            </Text>
            <CloseButton size="sm" aria-label={t('dismiss')} onClick={() => setSent(false)} />
          </Group>
        </Alert>
      ) : null}

      {overview ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <StatCard
              label={t('stats.total')}
              value={activities.length}
              icon={<IconClipboardList size={22} aria-hidden />}
            />
            <StatCard
              label={t('stats.enrolledCourses')}
              value={overview.courses.length}
              icon={<IconBooks size={22} aria-hidden />}
              color="teal"
            />
            <StatCard
              label={t('stats.scheduledClasses')}
              value={overview.upcomingClassCount}
              icon={<IconCalendarEvent size={22} aria-hidden />}
              color="grape"
            />
            <StatCard
              label={t('stats.dueThisWeek')}
              value={countDueThisWeek(activities, now)}
              icon={<IconClockHour4 size={22} aria-hidden />}
              color="orange"
            />
          </SimpleGrid>

          <Group align="flex-end" gap="sm" wrap="wrap">
            <SearchInput
              aria-label={t('filters.search')}
              placeholder={t('filters.searchPlaceholder')}
              value={filters.search}
              onChange={(search) => setFilters((previous) => ({ ...previous, search }))}
              style={{ flex: '1 1 16rem' }}
            />
            <Select
              label={t('filters.course')}
              data={[
                { value: ALL_COURSES, label: t('filters.allCourses') },
                ...overview.courses.map((course) => ({ value: course.id, label: course.title })),
              ]}
              value={filters.courseId ?? ALL_COURSES}
              onChange={(value) =>
                setFilters((previous) => ({
                  ...previous,
                  courseId: value && value !== ALL_COURSES ? value : null,
                }))
              }
              allowDeselect={false}
              w={{ base: '100%', xs: 280 }}
            />
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('filters.count', { count: shown.length })}
            </Text>
            {filtered ? (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconFilterOff size={14} aria-hidden />}
                onClick={() => setFilters(NO_FILTERS)}
              >
                {t('filters.clear')}
              </Button>
            ) : null}
          </Group>

          {activities.length === 0 ? (
            <EmptyState
              icon={<IconClipboardList aria-hidden />}
              title={t('empty.title')}
              description={t('empty.description')}
            />
          ) : shown.length === 0 ? (
            <EmptyState
              icon={<IconFilterOff aria-hidden />}
              title={t('empty.filteredTitle')}
              description={t('empty.filteredDescription')}
              action={
                <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
                  {t('filters.clear')}
                </Button>
              }
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {shown.map((activity) => (
                <ActivityCard
                  key={activity.id}
                  activity={activity}
                  now={now}
                  onView={view}
                  onSubmit={submit}
                />
              ))}
            </SimpleGrid>
          )}
        </>
      ) : null}

      {open && dialog?.kind === 'view' ? (
        <ActivityDetailsModal
          activity={open}
          studentId={user?.id ?? null}
          now={now}
          onClose={() => setDialog(null)}
          onSubmit={submit}
        />
      ) : null}
      {open && dialog?.kind === 'submit' && user ? (
        <SubmitActivityModal
          activity={open}
          studentId={user.id}
          draft={drafts[open.id] ?? EMPTY_DRAFT}
          onDraftChange={(draft) => changeDraft(open.id, draft)}
          onClose={() => setDialog(null)}
          onSubmitted={submitted}
        />
      ) : null}
    </Stack>
  );
}
