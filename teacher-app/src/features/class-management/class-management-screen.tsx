import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarEvent,
  IconCalendarPlus,
  IconClockHour4,
  IconPlayerPlay,
  IconVideo,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  ListFilters,
  PagedResults,
  StatGrid,
  useNow,
  usePageOfFilters,
  useSearchParamAction,
} from '@portal/shared-ui';
import { NEW_ITEM_PARAM } from '@portal/shared-data/paths';
import {
  authAtom,
  errorMessageKey,
  type ClassManagementFilters,
  type CourseClass,
} from '@portal/shared-data';
import { classMutations, classQueries, useCourseFilterOptions } from '@portal/shared-data/queries';
import { AttendanceModal } from './attendance-modal';
import { ClassCard } from './class-card';
import { ClassFormModal, type SavedAs } from './class-form-modal';
import { namespace } from './i18n';

/** Classes on one page of the grid. */
const CLASS_PAGE_SIZE = 12;

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/** Today's and later classes (soonest first), or the ones before today (latest first). */
type When = 'upcoming' | 'past';

type Filters = { search: string; courseId: string | null };

const NO_FILTERS: Filters = { search: '', courseId: null };

/** The class form: a new class, or an existing one to edit. */
type FormDialog = { kind: 'create' } | { kind: 'edit'; cls: CourseClass } | null;

/**
 * Class Management: the classes the signed-in teacher (own courses) or administrator (every
 * course) may see, as the database's policies decide. Figures over every visible class, a
 * server-side search and course filter, one page per request (each class with its attendance),
 * soonest first; schedule, edit and delete through the class form and a confirmation. One request
 * per load: the figures and the page together. The course options load on demand: when the course
 * filter is about to be used, a course is chosen in it, or the class form opens.
 */
export default function ClassManagementScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  // An administrator manages every course's classes: no text speaks of "your courses".
  const isAdmin = user?.role === 'admin';
  const now = useNow();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const { courseId } = filters;
  const [when, setWhen] = useState<When>('upcoming');
  // Local midnight: a class earlier today is still one of today's classes.
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const [dialog, setDialog] = useState<FormDialog>(null);
  // "Schedule Class" from a dashboard's Quick Actions arrives with the form to open.
  useSearchParamAction(NEW_ITEM_PARAM, () => setDialog({ kind: 'create' }));
  // The class stays named while the confirmation closes.
  const [deleting, setDeleting] = useState<{ cls: CourseClass; open: boolean } | null>(null);
  const closeDelete = () => setDeleting((current) => current && { ...current, open: false });
  // The class stays named while the attendance dialog closes.
  const [attending, setAttending] = useState<{ cls: CourseClass; open: boolean } | null>(null);

  // A new search or filter starts again at page 1: the page belongs to the filters it was chosen for.
  const filterKey = JSON.stringify([search, courseId, when, today.getTime()]);
  const { page, setPage, settle } = usePageOfFilters(filterKey);
  const request: ClassManagementFilters = {
    search: search || undefined,
    courseId: courseId ?? undefined,
    // A teacher sees the classes of their own courses (the policies say so): asked that way, the
    // database reads those courses' classes, not every class of the school from today, to count
    // them. An administrator's classes are every class.
    teacherId: user?.role === 'teacher' ? user.id : undefined,
    ...(when === 'upcoming'
      ? { dateFrom: today.toISOString() }
      : { dateTo: new Date(today.getTime() - 1).toISOString(), order: 'desc' as const }),
    page,
    limit: CLASS_PAGE_SIZE,
  };
  // The figures and the page: the previous answer stays on screen while another page loads.
  const classes = useQuery(classQueries.management(request));
  const stats = classes.data?.stats;
  const {
    courses,
    reachFor: reachForCourses,
    loading: coursesLoading,
  } = useCourseFilterOptions(user, dialog !== null || courseId !== null);
  const remove = useMutation(classMutations.delete());

  // The list shrank (a class deleted on the last page): its new last page shows instead.
  const list = settle({
    data: classes.data?.page,
    // Read by the hook only when it needs it, as it would read the query's own field.
    get isPlaceholderData() {
      return classes.isPlaceholderData;
    },
  });
  const items = list?.items ?? [];
  const filtered = filters.search.trim() !== '' || courseId !== null;
  const clearFilters = () => setFilters(NO_FILTERS);

  const saved = (as: SavedAs) => {
    setDialog(null);
    notifications.show({
      color: 'teal',
      message:
        as.kind === 'updated'
          ? t('toast.updated')
          : as.count > 1
            ? t('toast.scheduledSeries', { count: as.count })
            : t('toast.scheduled'),
    });
  };

  // A refused delete keeps the confirmation open with the reason, and Delete tries again.
  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.cls.id);
    closeDelete();
    notifications.show({ color: 'teal', message: t('toast.deleted') });
  };

  const courseOptions = (courses.data ?? []).map((course) => ({
    value: course.id,
    label: course.title,
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t(isAdmin ? 'subtitleAdmin' : 'subtitle')}
        </Text>
        <Button
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          onClick={() => setDialog({ kind: 'create' })}
        >
          {t('schedule')}
        </Button>
      </Group>

      <StatGrid
        loading={classes.isPending}
        items={[
          {
            label: t('stats.total'),
            value: stats?.total,
            icon: <IconCalendarEvent size={22} aria-hidden />,
          },
          {
            label: t('stats.live'),
            value: stats?.live,
            icon: <IconVideo size={22} aria-hidden />,
            color: 'teal',
          },
          {
            label: t('stats.recorded'),
            value: stats?.recorded,
            icon: <IconPlayerPlay size={22} aria-hidden />,
            color: 'grape',
          },
          {
            label: t('stats.totalHours'),
            value: stats?.totalHours,
            icon: <IconClockHour4 size={22} aria-hidden />,
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
      >
        <SegmentedControl
          aria-label={t('when.label')}
          value={when}
          onChange={(value) => setWhen(value as When)}
          data={[
            { value: 'upcoming', label: t('when.upcoming') },
            { value: 'past', label: t('when.past') },
          ]}
        />
      </ListFilters>

      {classes.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(classes.error), { ns: 'errors' })}
          onRetry={() => void classes.refetch()}
          retrying={classes.isFetching}
        />
      ) : null}

      <PagedResults
        results={list}
        countTitle={(count) => t('count', { count })}
        fetching={classes.isFetching}
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
          when === 'past' ? (
            <EmptyState
              icon={<IconCalendarEvent aria-hidden />}
              title={t('empty.pastTitle')}
              description={t('empty.pastDescription')}
            />
          ) : (
            <EmptyState
              icon={<IconCalendarEvent aria-hidden />}
              title={t('empty.title')}
              description={t(isAdmin ? 'empty.descriptionAdmin' : 'empty.description')}
              action={
                <Button
                  variant="light"
                  leftSection={<IconCalendarPlus size={16} aria-hidden />}
                  onClick={() => setDialog({ kind: 'create' })}
                >
                  {t('schedule')}
                </Button>
              }
            />
          )
        }
        page={page}
        onPageChange={setPage}
        pagerLabel={t('pager')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((cls) => (
            <ClassCard
              key={cls.id}
              cls={cls}
              now={now}
              onEdit={(target) => setDialog({ kind: 'edit', cls: target })}
              onDelete={(target) => setDeleting({ cls: target, open: true })}
              onAttendance={(target) => setAttending({ cls: target, open: true })}
              attendance={cls.attendance ?? undefined}
            />
          ))}
        </SimpleGrid>
      </PagedResults>

      {dialog ? (
        <ClassFormModal
          editing={dialog.kind === 'edit' ? dialog.cls : null}
          courses={courses}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}

      {attending ? (
        <AttendanceModal
          classItem={attending.cls}
          management={classes}
          opened={attending.open}
          onClose={() => setAttending((current) => current && { ...current, open: false })}
        />
      ) : null}

      <ConfirmDialog
        opened={deleting?.open ?? false}
        title={t('remove.title', { title: deleting?.cls.title ?? '' })}
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
