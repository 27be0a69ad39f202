import { Box, Button, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconBook,
  IconCalendarDue,
  IconCalendarEvent,
  IconClipboardList,
  IconFilterOff,
  IconPlus,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  FullPageLoader,
  Pager,
  SearchInput,
  StatCard,
  useNow,
  useSearchParamAction,
} from '@portal/shared-ui';
import {
  authAtom,
  errorMessageKey,
  type ManagedActivity,
  type ManagedActivityFilters,
} from '@portal/shared-data';
import { ACTIVITY_PARAM, NEW_ITEM_PARAM } from '@portal/shared-data/paths';
import { activityMutations, activityQueries, useManagedCourses } from '@portal/shared-data/queries';
import { ActivityCard } from './activity-card';
import { ActivityFormModal, type SavedAs } from './activity-form-modal';
import { GradingModal } from './grading-modal';
import { namespace } from './i18n';

/** Activities on one page of the grid. */
export const ACTIVITY_PAGE_SIZE = 12;

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

const ALL_COURSES = 'all';

type Filters = { search: string; courseId: string | null };

const NO_FILTERS: Filters = { search: '', courseId: null };

/** The activity form (a new activity, or one to edit), or an activity's submissions. */
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; activity: ManagedActivity }
  | { kind: 'grade'; activityId: string; activity: ManagedActivity | null }
  | null;

/**
 * Activities for teachers (their courses and those courses' classes) and administrators (all), as
 * the database's policies decide: figures over everything visible, a server-side search and course
 * filter, one page per request, newest first; create, edit and delete activities, and open an
 * activity's submissions to grade them. Three requests per screen load (figures, one page, the
 * course options).
 */
export default function ActivitiesScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const now = useNow();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const { courseId } = filters;
  const [dialog, setDialog] = useState<Dialog>(null);
  // "Create Activity" from a dashboard's Quick Actions, and a submission's "Grade", arrive by link.
  useSearchParamAction(NEW_ITEM_PARAM, () => setDialog({ kind: 'create' }));
  useSearchParamAction(ACTIVITY_PARAM, (activityId) =>
    setDialog({ kind: 'grade', activityId, activity: null }),
  );
  // The activity stays named while the confirmation closes.
  const [deleting, setDeleting] = useState<{ activity: ManagedActivity; open: boolean } | null>(
    null,
  );
  const closeDelete = () => setDeleting((current) => current && { ...current, open: false });

  // A new search or filter starts again at page 1: the page belongs to the filters it was chosen for.
  const filterKey = JSON.stringify([search, courseId]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const request: ManagedActivityFilters = {
    search: search || undefined,
    courseId: courseId ?? undefined,
    page,
    limit: ACTIVITY_PAGE_SIZE,
  };
  const activities = useQuery(activityQueries.managed(request));
  const stats = useQuery(activityQueries.stats());
  const courses = useManagedCourses(user);
  const remove = useMutation(activityMutations.delete());

  // The list shrank (an activity deleted on the last page): show its new last page instead of an
  // empty one. Adjusting state while rendering skips showing the out-of-range page at all.
  const loaded = activities.data;
  const outOfRange =
    loaded !== undefined && loaded.totalPages > 0 && loaded.page > loaded.totalPages;
  if (outOfRange && !activities.isPlaceholderData && loaded.page === page) {
    setPaging({ filterKey, page: loaded.totalPages });
  }
  const list = outOfRange ? undefined : loaded;
  const items = list?.items ?? [];
  const filtered = filters.search.trim() !== '' || courseId !== null;

  const failed = activities.isError ? activities : stats.isError ? stats : null;
  const retry = () => {
    if (activities.isError) void activities.refetch();
    if (stats.isError) void stats.refetch();
  };

  const saved = (as: SavedAs) => {
    setDialog(null);
    notifications.show({
      color: 'teal',
      message: as === 'created' ? t('toast.created') : t('toast.updated'),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.activity.id, {
      onSuccess: () => {
        closeDelete();
        notifications.show({ color: 'teal', message: t('toast.deleted') });
      },
      onError: (error) => {
        closeDelete();
        // Stays until dismissed, so the reason can be read at any pace.
        notifications.show({
          color: 'red',
          title: t('remove.failed'),
          message: t(errorMessageKey(error), { ns: 'errors' }),
          autoClose: false,
        });
      },
    });
  };

  const courseOptions = courses.data ?? [];
  // A chosen course stays selectable even if the refreshed options no longer list it.
  const filterOptions =
    courseId && !courseOptions.some((course) => course.id === courseId)
      ? [...courseOptions, { id: courseId, title: courseId }]
      : courseOptions;
  const openCreate = () => setDialog({ kind: 'create' });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t('subtitle')}
        </Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openCreate}>
          {t('create')}
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <StatCard
          label={t('stats.total')}
          value={stats.data?.total ?? '—'}
          loading={stats.isPending}
          icon={<IconClipboardList size={22} aria-hidden />}
        />
        <StatCard
          label={t('stats.activeCourses')}
          value={stats.data?.activeCourses ?? '—'}
          loading={stats.isPending}
          icon={<IconBook size={22} aria-hidden />}
          color="teal"
        />
        <StatCard
          label={t('stats.scheduledClasses')}
          value={stats.data?.scheduledClasses ?? '—'}
          loading={stats.isPending}
          icon={<IconCalendarEvent size={22} aria-hidden />}
          color="grape"
        />
        <StatCard
          label={t('stats.dueThisWeek')}
          value={stats.data?.dueThisWeek ?? '—'}
          loading={stats.isPending}
          icon={<IconCalendarDue size={22} aria-hidden />}
          color="orange"
        />
      </SimpleGrid>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={filters.search}
          onChange={(value) => setFilters((previous) => ({ ...previous, search: value }))}
          style={{ flex: '1 1 16rem' }}
        />
        <Select
          label={t('filters.course')}
          data={[
            { value: ALL_COURSES, label: t('filters.allCourses') },
            ...filterOptions.map((course) => ({ value: course.id, label: course.title })),
          ]}
          value={courseId ?? ALL_COURSES}
          onChange={(value) =>
            setFilters((previous) => ({
              ...previous,
              courseId: value && value !== ALL_COURSES ? value : null,
            }))
          }
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
        {filtered ? (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => setFilters(NO_FILTERS)}
          >
            {t('filters.clear')}
          </Button>
        ) : null}
      </Group>

      {failed ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(failed.error), { ns: 'errors' })}
          onRetry={retry}
          retrying={activities.isFetching || stats.isFetching}
        />
      ) : null}

      {list === undefined && activities.isFetching ? (
        <FullPageLoader label={t('loading')} minHeight={240} />
      ) : null}

      {list ? (
        <>
          <Group gap="xs" aria-live="polite">
            <Title order={2} size="h4">
              {t('count', { count: list.total })}
            </Title>
            {activities.isFetching ? <Loader size="xs" aria-label={t('updating')} /> : null}
          </Group>
          {items.length === 0 ? (
            filtered ? (
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
              <EmptyState
                icon={<IconClipboardList aria-hidden />}
                title={t('empty.title')}
                description={t('empty.description')}
                action={
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={openCreate}
                  >
                    {t('create')}
                  </Button>
                }
              />
            )
          ) : (
            <Box aria-busy={activities.isFetching}>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {items.map((activity) => (
                  <ActivityCard
                    key={activity.id}
                    activity={activity}
                    now={now}
                    onSubmissions={(target) =>
                      setDialog({ kind: 'grade', activityId: target.id, activity: target })
                    }
                    onEdit={(target) => setDialog({ kind: 'edit', activity: target })}
                    onDelete={(target) => setDeleting({ activity: target, open: true })}
                  />
                ))}
              </SimpleGrid>
            </Box>
          )}
          <Pager
            page={page}
            totalPages={list.totalPages}
            onChange={(next) => setPaging({ filterKey, page: next })}
            aria-label={t('pager')}
          />
        </>
      ) : null}

      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <ActivityFormModal
          editing={dialog.kind === 'edit' ? dialog.activity : null}
          courses={courses}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}
      {dialog?.kind === 'grade' ? (
        <GradingModal
          activityId={dialog.activityId}
          activity={dialog.activity}
          onClose={() => setDialog(null)}
        />
      ) : null}

      <ConfirmDialog
        opened={deleting?.open ?? false}
        title={t('remove.title', { title: deleting?.activity.title ?? '' })}
        message={t('remove.message')}
        confirmLabel={t('remove.confirm')}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={closeDelete}
      />
    </Stack>
  );
}
