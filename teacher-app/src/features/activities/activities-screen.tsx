import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconBook,
  IconCalendarDue,
  IconCalendarEvent,
  IconClipboardList,
  IconPlus,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  ConfirmDialog,
  EmptyState,
  FORM_MODAL_PHONE_QUERY,
  ErrorBanner,
  ListFilters,
  PagedResults,
  StatGrid,
  useNow,
  usePageOfFilters,
  useSearchParamAction,
} from '@portal/shared-ui';
import {
  authAtom,
  errorMessageKey,
  type ManagedActivity,
  type ManagedActivityFilters,
} from '@portal/shared-data';
import {
  ACTIVITY_PARAM,
  NEW_ITEM_PARAM,
  SUBMISSION_PARAM,
  WAITING_PARAM,
} from '@portal/shared-data/paths';
import {
  activityMutations,
  activityQueries,
  useCourseFilterOptions,
} from '@portal/shared-data/queries';
import { ActivityCard } from './activity-card';
import { ActivityFormModal, type SavedAs } from './activity-form-modal';
import { GradingDialog, type GradingTarget } from './grading-modal';
import { GradingQueue } from './grading-queue';
import { namespace } from './i18n';
import { RubricLibrary } from './rubric-library';
import { namespace as rubricNamespace } from './rubric-i18n';

/** `?rubrics=1` shows the rubric library instead of the activities (issue 32). */
export const RUBRICS_PARAM = 'rubrics';

/** Activities on one page of the grid. */
export const ACTIVITY_PAGE_SIZE = 12;

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

type Filters = { search: string; courseId: string | null };

const NO_FILTERS: Filters = { search: '', courseId: null };

/** The activity form: a new activity, or one to edit. */
type Dialog = { kind: 'create' } | { kind: 'edit'; activity: ManagedActivity } | null;

/**
 * The grading dialog lives in the address (`?activity=<id>` or `?submission=<id>`, the Grade links;
 * moving to another student names that submission), so a reload or a shared link opens it again on
 * the student on screen; `?waiting=1` shows the queue of work waiting for a
 * grade instead of the activities. Changes replace the history entry: Back leaves the screen, as
 * for any other dialog.
 */
function useGradingAddress() {
  const [params, setParams] = useSearchParams();
  const submissionId = params.get(SUBMISSION_PARAM);
  const activityId = params.get(ACTIVITY_PARAM);
  const waiting = params.get(WAITING_PARAM) === '1';
  const rubrics = !waiting && params.get(RUBRICS_PARAM) === '1';
  const change = (edit: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        edit(next);
        return next;
      },
      { replace: true },
    );
  const open = (name: typeof SUBMISSION_PARAM | typeof ACTIVITY_PARAM, id: string) =>
    change((next) => {
      next.delete(SUBMISSION_PARAM);
      next.delete(ACTIVITY_PARAM);
      next.set(name, id);
    });
  return {
    submissionId,
    activityId,
    waiting,
    rubrics,
    gradeSubmission: (id: string) => open(SUBMISSION_PARAM, id),
    gradeActivity: (id: string) => open(ACTIVITY_PARAM, id),
    closeGrading: () =>
      change((next) => {
        next.delete(SUBMISSION_PARAM);
        next.delete(ACTIVITY_PARAM);
      }),
    showView: (view: string) =>
      change((next) => {
        next.delete(WAITING_PARAM);
        next.delete(RUBRICS_PARAM);
        if (view === 'waiting') next.set(WAITING_PARAM, '1');
        if (view === 'rubrics') next.set(RUBRICS_PARAM, '1');
      }),
  };
}

/**
 * Activities for teachers (their courses and those courses' classes) and administrators (all), as
 * the database's policies decide: figures over everything visible, a server-side search and course
 * filter, one page at a time, newest first; create, edit and delete activities, and open an
 * activity's submissions to grade them. One request per screen load, page or filter change (the
 * figures and the page together); the course options load on demand: when the course filter is
 * about to be used, a course is chosen in it, or the activity form opens.
 */
export default function ActivitiesScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const now = useNow();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const { courseId } = filters;
  const [dialog, setDialog] = useState<Dialog>(null);
  // "Create Activity" from a dashboard's Quick Actions arrives by link.
  useSearchParamAction(NEW_ITEM_PARAM, () => setDialog({ kind: 'create' }));
  const address = useGradingAddress();
  // Three views do not fit a phone's width side by side: they stack there.
  const phone = useMediaQuery(FORM_MODAL_PHONE_QUERY) ?? false;
  // The activity whose card opened its submissions, so the dialog need not read it again.
  const [fromCard, setFromCard] = useState<ManagedActivity | null>(null);
  const grading: GradingTarget | null = address.submissionId
    ? { submissionId: address.submissionId }
    : address.activityId
      ? {
          activityId: address.activityId,
          activity: fromCard?.id === address.activityId ? fromCard : null,
        }
      : null;
  // The activity stays named while the confirmation closes.
  const [deleting, setDeleting] = useState<{ activity: ManagedActivity; open: boolean } | null>(
    null,
  );
  const closeDelete = () => setDeleting((current) => current && { ...current, open: false });

  // A new search or filter starts again at page 1: the page belongs to the filters it was chosen for.
  const filterKey = JSON.stringify([search, courseId]);
  const { page, setPage, settle } = usePageOfFilters(filterKey);
  const request: ManagedActivityFilters = {
    search: search || undefined,
    courseId: courseId ?? undefined,
    page,
    limit: ACTIVITY_PAGE_SIZE,
  };
  // The figures over every activity and the page: one request. While another page or filter loads,
  // the previous answer (figures included) stays on screen.
  const management = useQuery({
    ...activityQueries.management(request),
    // The queue of work waiting for a grade (or the rubric library) shows instead: the activities are
    // not read.
    enabled: !address.waiting && !address.rubrics,
  });
  const stats = management.data?.stats;
  const formOpen = dialog !== null;
  const {
    courses,
    reachFor: reachForCourses,
    loading: coursesLoading,
  } = useCourseFilterOptions(user, formOpen || courseId !== null);
  const remove = useMutation(activityMutations.delete());

  // The list shrank (an activity deleted on the last page): its new last page shows instead.
  const list = settle({
    data: management.data?.page,
    isPlaceholderData: management.isPlaceholderData,
  });
  const items = list?.items ?? [];
  const filtered = filters.search.trim() !== '' || courseId !== null;
  const clearFilters = () => setFilters(NO_FILTERS);

  const saved = (as: SavedAs) => {
    setDialog(null);
    notifications.show({
      color: 'teal',
      message: as === 'created' ? t('toast.created') : t('toast.updated'),
    });
  };

  // A refused delete keeps the confirmation open with the reason, and Delete tries again.
  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.activity.id);
    closeDelete();
    notifications.show({ color: 'teal', message: t('toast.deleted') });
  };

  const courseOptions = (courses.data ?? []).map((course) => ({
    value: course.id,
    label: course.title,
  }));
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

      <SegmentedControl
        aria-label={t('view.label')}
        value={address.waiting ? 'waiting' : address.rubrics ? 'rubrics' : 'all'}
        onChange={address.showView}
        orientation={phone ? 'vertical' : 'horizontal'}
        data={[
          { value: 'all', label: t('view.all') },
          { value: 'waiting', label: t('view.waiting') },
          { value: 'rubrics', label: t('open', { ns: rubricNamespace }) },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />

      {address.waiting ? (
        <GradingQueue onGrade={address.gradeSubmission} />
      ) : address.rubrics ? (
        <RubricLibrary />
      ) : (
        <>
          <StatGrid
            loading={management.isPending}
            items={[
              {
                label: t('stats.total'),
                value: stats?.total,
                icon: <IconClipboardList size={22} aria-hidden />,
              },
              {
                label: t('stats.activeCourses'),
                value: stats?.activeCourses,
                icon: <IconBook size={22} aria-hidden />,
                color: 'teal',
              },
              {
                label: t('stats.scheduledClasses'),
                value: stats?.scheduledClasses,
                icon: <IconCalendarEvent size={22} aria-hidden />,
                color: 'grape',
              },
              {
                label: t('stats.dueThisWeek'),
                value: stats?.dueThisWeek,
                icon: <IconCalendarDue size={22} aria-hidden />,
                color: 'orange',
              },
            ]}
          />

          <ListFilters
            searchLabel={t('filters.search')}
            searchPlaceholder={t('filters.searchPlaceholder')}
            search={filters.search}
            onSearchChange={(value) => setFilters((previous) => ({ ...previous, search: value }))}
            select={{
              label: t('filters.course'),
              allLabel: t('filters.allCourses'),
              options: courseOptions,
              value: courseId,
              onChange: (value) => setFilters((previous) => ({ ...previous, courseId: value })),
              onInterest: reachForCourses,
              loading: coursesLoading,
            }}
            filtered={filtered}
            clearLabel={t('filters.clear')}
            onClear={clearFilters}
          />

          {management.isError ? (
            <ErrorBanner
              title={t('loadError')}
              message={t(errorMessageKey(management.error), { ns: 'errors' })}
              onRetry={() => void management.refetch()}
              retrying={management.isFetching}
            />
          ) : null}

          <PagedResults
            results={list}
            countTitle={(count) => t('count', { count })}
            fetching={management.isFetching}
            loadingLabel={t('loading')}
            updatingLabel={t('updating')}
            filtered={filtered}
            filteredEmpty={{
              title: t('empty.filteredTitle'),
              description: t('empty.filteredDescription'),
              clearLabel: t('filters.clear'),
              onClear: clearFilters,
            }}
            empty={
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
            }
            page={page}
            onPageChange={setPage}
            pagerLabel={t('pager')}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {items.map((activity) => (
                <ActivityCard
                  key={activity.id}
                  activity={activity}
                  now={now}
                  onSubmissions={(target) => {
                    setFromCard(target);
                    address.gradeActivity(target.id);
                  }}
                  onEdit={(target) => setDialog({ kind: 'edit', activity: target })}
                  onDelete={(target) => setDeleting({ activity: target, open: true })}
                />
              ))}
            </SimpleGrid>
          </PagedResults>
        </>
      )}

      {formOpen ? (
        <ActivityFormModal
          editing={dialog.kind === 'edit' ? dialog.activity : null}
          courses={courses}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}
      {grading ? (
        <GradingDialog
          // Open, it covers every link of the screen: only the grader's own moves change the address
          // (onMove), and those must not reopen it, so it keeps what it opened on until it closes.
          target={grading}
          onMove={address.gradeSubmission}
          onClose={address.closeGrading}
        />
      ) : null}

      <ConfirmDialog
        opened={deleting?.open ?? false}
        title={t('remove.title', { title: deleting?.activity.title ?? '' })}
        message={t('remove.message')}
        confirmLabel={t('remove.confirm')}
        danger
        onConfirm={confirmDelete}
        onCancel={closeDelete}
        failedTitle={t('remove.failed')}
        describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
      />
    </Stack>
  );
}
