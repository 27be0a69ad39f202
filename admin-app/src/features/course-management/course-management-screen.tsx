import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBook, IconBookUpload, IconCash, IconPlus, IconSchool } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COURSE_LEVELS,
  errorMessageKey,
  type Course,
  type CourseFilters,
  type CourseLanguage,
  type CourseLevel,
} from '@portal/shared-data';
import { courseMutations, courseQueries } from '@portal/shared-data/queries';
import { NEW_ITEM_PARAM } from '@portal/shared-data/paths';
import {
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  ListFilters,
  PagedResults,
  StatGrid,
  formatMoney,
  useLanguage,
  usePageOfFilters,
  useSearchParamAction,
} from '@portal/shared-ui';
import { CourseAnnouncements } from './course-announcements';
import { CourseFlipCard } from './course-flip-card';
import { CourseFormModal, type SavedAs } from './course-form-modal';
import { namespace } from './i18n';
import { StudentPickerModal } from './student-picker-modal';
import { BulkEnrolModal } from './bulk-enrol-modal';
import { EnrolmentsExportButton } from './enrolments-export-buttons';

/** Courses on one page of the grid. */
const COURSE_PAGE_SIZE = 12;

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

type Filters = { search: string; language: string | null; level: CourseLevel | null };

const NO_FILTERS: Filters = { search: '', language: null, level: null };

/** The course form: a new course, or an existing one to edit. */
type FormDialog = { kind: 'create' } | { kind: 'edit'; course: Course } | null;

/**
 * Course Management (administrators): the school's figures over every course (one request, which
 * also names the languages of existing courses for the filter), a server-side search over title and
 * description with language and level filters, 12 flip cards a page; create and edit through the
 * course form, delete after a confirmation (the course's stored files go first), and add or remove
 * students through the user picker and the card's back.
 */
export default function CourseManagementScreen() {
  const { t } = useTranslation(namespace);
  const { language: uiLanguage } = useLanguage();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<FormDialog>(null);
  // "Create Course" from elsewhere arrives with the form to open.
  useSearchParamAction(NEW_ITEM_PARAM, () => setDialog({ kind: 'create' }));
  // The picker follows the course as the list refreshes (its seats after an add).
  const [picking, setPicking] = useState<Course | null>(null);
  const [enrollingList, setEnrollingList] = useState<Course | null>(null);
  const [announcing, setAnnouncing] = useState<Course | null>(null);
  // The course stays named while the confirmation closes.
  const [deleting, setDeleting] = useState<{ course: Course; open: boolean } | null>(null);

  // A new search or filter starts again at page 1.
  const filterKey = JSON.stringify([search, filters.language, filters.level]);
  const { page, setPage, settle } = usePageOfFilters(filterKey);
  const request: CourseFilters = {
    search: search || undefined,
    language: (filters.language as CourseLanguage | null) ?? undefined,
    level: filters.level ?? undefined,
    page,
    limit: COURSE_PAGE_SIZE,
  };
  const courses = useQuery(courseQueries.list(request));
  const stats = useQuery(courseQueries.managementStats());
  const remove = useMutation(courseMutations.delete());

  // The list shrank (a course deleted on the last page): its new last page shows instead.
  const list = settle(courses);
  const items = list?.items ?? [];
  const filtered =
    filters.search.trim() !== '' || filters.language !== null || filters.level !== null;
  const clearFilters = () => setFilters(NO_FILTERS);
  const pickerCourse = picking
    ? (items.find((course) => course.id === picking.id) ?? picking)
    : null;

  const failed = courses.isError ? courses : stats.isError ? stats : null;
  const retry = () => {
    if (courses.isError) void courses.refetch();
    if (stats.isError) void stats.refetch();
  };

  const saved = (as: SavedAs) => {
    setDialog(null);
    // A new course is the newest: it leads the first page.
    if (as === 'created') setPage(1);
    notifications.show({
      color: 'teal',
      message: as === 'created' ? t('toast.created') : t('toast.updated'),
    });
  };

  // A refused delete keeps the confirmation open with the reason, and Delete tries again.
  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.course.id);
    setDeleting((current) => current && { ...current, open: false });
    notifications.show({ color: 'teal', message: t('toast.deleted') });
  };

  // The languages of existing courses; a chosen one stays listed if its last course goes.
  const languages = stats.data?.languages ?? [];
  const languageOptions = [
    ...languages,
    ...(filters.language && !languages.includes(filters.language) ? [filters.language] : []),
  ].map((value) => ({
    value,
    label: t(`course.languages.${value}`, { ns: 'common', defaultValue: value }),
  }));
  const levelOptions = COURSE_LEVELS.map((value) => ({
    value,
    label: t(`course.levels.${value}`, { ns: 'common' }),
  }));

  const createButton = (variant: 'filled' | 'light') => (
    <Button
      variant={variant}
      leftSection={<IconPlus size={18} aria-hidden />}
      onClick={() => setDialog({ kind: 'create' })}
    >
      {t('create')}
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t('subtitle')}
        </Text>
        <Group gap="xs">
          <EnrolmentsExportButton />
          {createButton('filled')}
        </Group>
      </Group>

      <StatGrid
        loading={stats.isPending}
        items={[
          {
            label: t('stats.totalCourses'),
            value: stats.data?.totalCourses,
            icon: <IconBook size={22} aria-hidden />,
          },
          {
            label: t('stats.totalStudents'),
            value: stats.data?.totalStudents,
            icon: <IconSchool size={22} aria-hidden />,
            color: 'blue',
            hint: t('stats.studentsHint'),
          },
          {
            label: t('stats.totalRevenue'),
            value: stats.data
              ? formatMoney(stats.data.totalRevenue, stats.data.currency, uiLanguage)
              : undefined,
            icon: <IconCash size={22} aria-hidden />,
            color: 'teal',
            hint: stats.data
              ? t('stats.revenueHint', {
                  invoiced: formatMoney(
                    stats.data.totalInvoiced ?? 0,
                    stats.data.currency,
                    uiLanguage,
                  ),
                  outstanding: formatMoney(
                    stats.data.totalOutstanding ?? 0,
                    stats.data.currency,
                    uiLanguage,
                  ),
                })
              : undefined,
          },
          {
            label: t('stats.activeCourses'),
            value: stats.data?.activeCourses,
            icon: <IconBookUpload size={22} aria-hidden />,
            color: 'grape',
          },
        ]}
      />

      <ListFilters
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        search={filters.search}
        onSearchChange={(value) => setFilters((previous) => ({ ...previous, search: value }))}
        filtered={filtered}
        clearLabel={t('filters.clear')}
        onClear={clearFilters}
        select={[
          {
            label: t('filters.language'),
            allLabel: t('filters.allLanguages'),
            options: languageOptions,
            value: filters.language,
            onChange: (value) => setFilters((previous) => ({ ...previous, language: value })),
          },
          {
            label: t('filters.level'),
            allLabel: t('filters.allLevels'),
            options: levelOptions,
            value: filters.level,
            onChange: (value) =>
              setFilters((previous) => ({ ...previous, level: value as CourseLevel | null })),
          },
        ]}
      />

      {failed ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(failed.error), { ns: 'errors' })}
          onRetry={retry}
          retrying={courses.isFetching || stats.isFetching}
        />
      ) : null}

      <PagedResults
        results={list}
        countTitle={(count) => t('count', { count })}
        fetching={courses.isFetching}
        loadingLabel={t('loading')}
        updatingLabel={t('updating')}
        filtered={filtered}
        filteredEmpty={{
          title: t('empty.title'),
          description: t('empty.filteredDescription'),
          clearLabel: t('filters.clear'),
          onClear: clearFilters,
        }}
        empty={
          <EmptyState
            icon={<IconBook aria-hidden />}
            title={t('empty.title')}
            description={t('empty.description')}
            action={createButton('light')}
          />
        }
        page={page}
        onPageChange={setPage}
        pagerLabel={t('pager')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((course) => (
            <CourseFlipCard
              key={course.id}
              course={course}
              onAddStudent={setPicking}
              onEnrolList={setEnrollingList}
              onEdit={(target) => setDialog({ kind: 'edit', course: target })}
              onDelete={(target) => setDeleting({ course: target, open: true })}
              onAnnouncements={setAnnouncing}
            />
          ))}
        </SimpleGrid>
      </PagedResults>

      {dialog ? (
        <CourseFormModal
          editing={dialog.kind === 'edit' ? dialog.course : null}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}

      {pickerCourse ? (
        <StudentPickerModal course={pickerCourse} onClose={() => setPicking(null)} />
      ) : null}

      {enrollingList ? (
        <BulkEnrolModal course={enrollingList} onClose={() => setEnrollingList(null)} />
      ) : null}

      {announcing ? (
        <CourseAnnouncements course={announcing} onClose={() => setAnnouncing(null)} />
      ) : null}

      <ConfirmDialog
        opened={deleting?.open ?? false}
        title={t('remove.title', { title: deleting?.course.title ?? '' })}
        message={
          deleting && deleting.course.enrolledCount > 0
            ? `${t('remove.message')} ${t('remove.enrolled', { count: deleting.course.enrolledCount })}`
            : t('remove.message')
        }
        confirmLabel={t('remove.confirm')}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setDeleting((current) => current && { ...current, open: false })}
        failedTitle={t('remove.failed')}
        describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
      />
    </Stack>
  );
}
