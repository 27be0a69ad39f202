import { Button, Drawer, Grid, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconChartBar,
  IconDownload,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  authAtom,
  errorMessageKey,
  AT_RISK,
  MY_STUDENTS_PAGE_SIZE,
  type MyStudent,
  type MyStudentFilters,
} from '@portal/shared-data';
import { CSV_CONTENT_TYPE } from '@portal/shared-data/csv';
import { studentQueries, useCourseFilterOptions } from '@portal/shared-data/queries';
import {
  downloadTextFile,
  EmptyState,
  ErrorBanner,
  ListFilters,
  PagedResults,
  StatGrid,
  useNow,
  usePageOfFilters,
} from '@portal/shared-ui';
import { namespace } from './i18n';
import { myStudentsCsv, myStudentsFileName } from './my-students-csv';
import { RecentActivityPanel } from './recent-activity-panel';
import { StudentDetails } from './student-details';
import { StudentRow } from './student-row';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/** Side by side from here; the details open full width below it. */
const WIDE_QUERY = '(min-width: 48em)';

type Filters = { search: string; courseId: string | null };

const NO_FILTERS: Filters = { search: '', courseId: null };

/**
 * My Students: the students actively enrolled in the signed-in teacher's courses (an admin: every
 * student), one row per student, as the database decides. Figures over all of them, a server-side
 * search and course filter, one page per request, a recent-activity panel, a details drawer and a
 * CSV export of the filtered list. One request per load, whatever the number of students: the page
 * with the figures and the recent activity. The course filter's options load on demand: when the
 * filter is about to be used or a course is chosen in it.
 */
export default function MyStudentsScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const now = useNow();
  const queryClient = useQueryClient();
  const wide = useMediaQuery(WIDE_QUERY) ?? false;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const { courseId } = filters;
  // The student stays named while the drawer closes.
  const [opened, setOpened] = useState<{ student: MyStudent; open: boolean } | null>(null);
  const [exporting, setExporting] = useState(false);

  // A new search or filter starts again at page 1: the page belongs to the filters it was chosen for.
  const filterKey = JSON.stringify([search, courseId]);
  const { page, setPage, settle } = usePageOfFilters(filterKey);
  const request: MyStudentFilters = {
    search: search || undefined,
    courseId: courseId ?? undefined,
    page,
    limit: MY_STUDENTS_PAGE_SIZE,
  };
  // The page, the figures over every student and the recent activity: one request.
  const overview = useQuery(studentQueries.overview(request));
  const stats = overview.data?.stats;
  const {
    courses,
    reachFor: reachForCourses,
    loading: coursesLoading,
  } = useCourseFilterOptions(user, courseId !== null);

  // The list shrank under the shown page: its new last page shows instead.
  const list = settle({
    data: overview.data?.students,
    isPlaceholderData: overview.isPlaceholderData,
  });
  const items = list?.items ?? [];
  const filtered = filters.search.trim() !== '' || courseId !== null;
  const clearFilters = () => setFilters(NO_FILTERS);

  const exportList = async () => {
    setExporting(true);
    try {
      const all = await queryClient.fetchQuery(
        studentQueries.exportAll({ search: search || undefined, courseId: courseId ?? undefined }),
      );
      downloadTextFile(myStudentsFileName(t, new Date()), myStudentsCsv(all, t), CSV_CONTENT_TYPE);
    } catch (error) {
      // Stays until dismissed, so the reason can be read at any pace.
      notifications.show({
        color: 'red',
        title: t('export.failed'),
        message: t(errorMessageKey(error), { ns: 'errors' }),
        autoClose: false,
      });
    } finally {
      setExporting(false);
    }
  };

  const courseOptions = (courses.data ?? []).map((course) => ({
    value: course.id,
    label: course.title,
  }));
  const average = stats?.averageProgress;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {user?.role === 'admin' ? t('subtitle.admin') : t('subtitle.teacher')}
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => void exportList()}
          loading={exporting}
          disabled={list !== undefined && list.total === 0}
        >
          {t('export.button')}
        </Button>
      </Group>

      <StatGrid
        loading={overview.isPending}
        items={[
          {
            label: t('stats.students'),
            value: stats?.students,
            icon: <IconUsers size={22} aria-hidden />,
          },
          {
            label: t('stats.activeThisWeek'),
            value: stats?.activeThisWeek,
            icon: <IconUserCheck size={22} aria-hidden />,
            color: 'teal',
          },
          {
            label: t('stats.averageProgress'),
            value: average === null || average === undefined ? null : `${Math.round(average)}%`,
            icon: <IconChartBar size={22} aria-hidden />,
            color: 'grape',
          },
          {
            label: t('stats.atRisk'),
            value: stats?.atRisk,
            hint: t('stats.atRiskHint', { percent: AT_RISK.attendanceBelow }),
            icon: <IconAlertTriangle size={22} aria-hidden />,
            color: 'red',
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

      {overview.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(overview.error), { ns: 'errors' })}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }} miw={0}>
          <Stack gap="md">
            <PagedResults
              results={list}
              countTitle={(count) => t('count', { count })}
              fetching={overview.isFetching}
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
                  icon={<IconUsers aria-hidden />}
                  title={t('empty.title')}
                  description={t('empty.description')}
                />
              }
              page={page}
              onPageChange={setPage}
              pagerLabel={t('pager')}
            >
              <Stack gap="sm">
                {items.map((student) => (
                  <StudentRow
                    key={student.id}
                    student={student}
                    now={now}
                    onOpen={(target) => setOpened({ student: target, open: true })}
                  />
                ))}
              </Stack>
            </PagedResults>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }} miw={0}>
          <RecentActivityPanel
            now={now}
            events={overview.data?.recentActivity}
            loading={overview.isPending}
            updating={overview.isFetching && overview.data !== undefined}
            error={overview.isError ? overview.error : null}
          />
        </Grid.Col>
      </Grid>

      <Drawer
        opened={opened?.open ?? false}
        onClose={() => setOpened((current) => current && { ...current, open: false })}
        position="right"
        size={wide ? 'lg' : '100%'}
        title={
          opened
            ? (opened.student.name ?? t('unknownPerson', { ns: 'common' }))
            : t('details.title')
        }
      >
        {opened ? <StudentDetails studentId={opened.student.id} /> : null}
      </Drawer>
    </Stack>
  );
}
