import {
  Box,
  Button,
  Drawer,
  Grid,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconChartBar,
  IconDownload,
  IconFilterOff,
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
  MY_STUDENTS_PAGE_SIZE,
  PROGRESS_FAIR,
  type MyStudent,
  type MyStudentFilters,
} from '@portal/shared-data';
import { studentQueries } from '@portal/shared-data/queries';
import {
  EmptyState,
  ErrorBanner,
  FullPageLoader,
  Pager,
  SearchInput,
  StatCard,
  useNow,
} from '@portal/shared-ui';
import { namespace } from './i18n';
import { downloadCsv, myStudentsCsv, myStudentsFileName } from './my-students-csv';
import { RecentActivityPanel } from './recent-activity-panel';
import { StudentDetails } from './student-details';
import { StudentRow } from './student-row';
import { useStudentCourses } from './use-student-courses';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

const ALL_COURSES = 'all';

/** Side by side from here; the details open full width below it. */
const WIDE_QUERY = '(min-width: 48em)';

type Filters = { search: string; courseId: string | null };

const NO_FILTERS: Filters = { search: '', courseId: null };

/**
 * My Students: the students actively enrolled in the signed-in teacher's courses (an admin: every
 * student), one row per student, as the database decides. Figures over all of them, a server-side
 * search and course filter, one page per request, a recent-activity panel, a details drawer and a
 * CSV export of the filtered list. Four requests per load, whatever the number of students.
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
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const request: MyStudentFilters = {
    search: search || undefined,
    courseId: courseId ?? undefined,
    page,
    limit: MY_STUDENTS_PAGE_SIZE,
  };
  const students = useQuery(studentQueries.list(request));
  const stats = useQuery(studentQueries.stats());
  const courses = useStudentCourses(user);

  // The list shrank under the shown page: show its new last page instead of an empty one.
  const loaded = students.data;
  const outOfRange =
    loaded !== undefined && loaded.totalPages > 0 && loaded.page > loaded.totalPages;
  if (outOfRange && !students.isPlaceholderData && loaded.page === page) {
    setPaging({ filterKey, page: loaded.totalPages });
  }
  const list = outOfRange ? undefined : loaded;
  const items = list?.items ?? [];
  const filtered = filters.search.trim() !== '' || courseId !== null;

  const failed = students.isError ? students : stats.isError ? stats : null;
  const retry = () => {
    if (students.isError) void students.refetch();
    if (stats.isError) void stats.refetch();
  };

  const exportList = async () => {
    setExporting(true);
    try {
      const all = await queryClient.fetchQuery(
        studentQueries.exportAll({ search: search || undefined, courseId: courseId ?? undefined }),
      );
      downloadCsv(myStudentsCsv(all, t), myStudentsFileName(t, new Date()));
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

  const courseOptions = courses.data ?? [];
  // A chosen course stays selectable even if the refreshed options no longer list it.
  const filterOptions =
    courseId && !courseOptions.some((course) => course.id === courseId)
      ? [...courseOptions, { id: courseId, title: courseId }]
      : courseOptions;
  const average = stats.data?.averageProgress;

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

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <StatCard
          label={t('stats.students')}
          value={stats.data?.students ?? '—'}
          loading={stats.isPending}
          icon={<IconUsers size={22} aria-hidden />}
        />
        <StatCard
          label={t('stats.activeThisWeek')}
          value={stats.data?.activeThisWeek ?? '—'}
          loading={stats.isPending}
          icon={<IconUserCheck size={22} aria-hidden />}
          color="teal"
        />
        <StatCard
          label={t('stats.averageProgress')}
          value={average === null || average === undefined ? '—' : `${Math.round(average)}%`}
          loading={stats.isPending}
          icon={<IconChartBar size={22} aria-hidden />}
          color="grape"
        />
        <StatCard
          label={t('stats.atRisk')}
          value={stats.data?.atRisk ?? '—'}
          hint={t('stats.atRiskHint', { threshold: PROGRESS_FAIR })}
          loading={stats.isPending}
          icon={<IconAlertTriangle size={22} aria-hidden />}
          color="red"
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
          retrying={students.isFetching || stats.isFetching}
        />
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }} miw={0}>
          <Stack gap="md">
            {list === undefined && students.isFetching ? (
              <FullPageLoader label={t('loading')} minHeight={240} />
            ) : null}
            {list ? (
              <>
                <Group gap="xs" aria-live="polite">
                  <Title order={2} size="h4">
                    {t('count', { count: list.total })}
                  </Title>
                  {students.isFetching ? <Loader size="xs" aria-label={t('updating')} /> : null}
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
                      icon={<IconUsers aria-hidden />}
                      title={t('empty.title')}
                      description={t('empty.description')}
                    />
                  )
                ) : (
                  <Box aria-busy={students.isFetching}>
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
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }} miw={0}>
          <RecentActivityPanel now={now} />
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
