import { Box, Button, Card, Drawer, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBook2, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type TeacherCourse } from '@portal/shared-data';
import { courseQueries } from '@portal/shared-data/queries';
import { NEW_ITEM_PARAM } from '@portal/shared-data/paths';
import {
  EmptyState,
  ErrorBanner,
  PagedResults,
  usePageOfFilters,
  useSearchParamAction,
} from '@portal/shared-ui';
import { CourseAnnouncements } from './course-announcements';
import { CourseFormModal, type SavedAs } from './course-form-modal';
import { CoursePanel } from './course-panel';
import { namespace } from './i18n';
import { TeacherCourseCard } from './teacher-course-card';

/** Courses on one page of the grid. */
const TEACHER_COURSES_PAGE_SIZE = 12;

// Mantine's `md` breakpoint: from here the details sit in a side column instead of a drawer.
const SIDE_COLUMN_QUERY = '(min-width: 62em)';

/** The course form: a new course, or one of the teacher's courses to edit. */
type FormDialog = { kind: 'create' } | { kind: 'edit'; course: TeacherCourse } | null;

/**
 * My Courses (teacher): the courses the signed-in teacher teaches, newest first, one page per
 * request, with the real average progress of their students, a details panel, and the course form
 * to create a course or edit one.
 */
export default function MyCoursesScreen() {
  const { t } = useTranslation(namespace);
  const { page, setPage, settle } = usePageOfFilters();
  const courses = useQuery(courseQueries.taught({ page, limit: TEACHER_COURSES_PAGE_SIZE }));
  const wide = useMediaQuery(SIDE_COLUMN_QUERY) ?? false;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<FormDialog>(null);
  const [announcing, setAnnouncing] = useState<TeacherCourse | null>(null);
  // "Create Course" from the dashboard's Quick Actions arrives with the form to open.
  useSearchParamAction(NEW_ITEM_PARAM, () => setDialog({ kind: 'create' }));

  // The list shrank under the page shown (a course handed over by an administrator): the new last
  // page shows instead.
  const list = settle(courses);
  const items = list?.items ?? [];

  // On a wide screen the side column always shows a course: the chosen one, else the first.
  const selected =
    items.find((course) => course.id === selectedId) ?? (wide ? (items[0] ?? null) : null);

  const showDetails = (course: TeacherCourse) => {
    setSelectedId(course.id);
    if (!wide) setDrawerOpen(true);
  };

  const edit = (course: TeacherCourse) => {
    setDrawerOpen(false);
    setDialog({ kind: 'edit', course });
  };

  const announce = (course: TeacherCourse) => {
    setDrawerOpen(false);
    setAnnouncing(course);
  };

  const saved = (as: SavedAs, courseId: string) => {
    setDialog(null);
    // A new course is the newest: it leads the first page, shown in the panel.
    if (as === 'created') {
      setPage(1);
      setSelectedId(courseId);
    }
    notifications.show({
      color: 'teal',
      message: as === 'created' ? t('toast.created') : t('toast.updated'),
    });
  };

  const createButton = (variant: 'filled' | 'light') => (
    <Button
      variant={variant}
      leftSection={<IconPlus size={18} aria-hidden />}
      onClick={() => setDialog({ kind: 'create' })}
    >
      {t('create')}
    </Button>
  );

  const details = (withTitle: boolean) =>
    selected ? (
      <CoursePanel
        course={selected}
        withTitle={withTitle}
        onEdit={() => edit(selected)}
        onAnnouncements={() => announce(selected)}
      />
    ) : (
      <Text c="dimmed" size="sm">
        {t('selectHint')}
      </Text>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t('intro')}
        </Text>
        {createButton('filled')}
      </Group>

      {courses.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(courses.error), { ns: 'errors' })}
          onRetry={() => void courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: wide && selected ? 8 : 12 }} miw={0}>
          <Stack gap="md">
            <PagedResults
              results={list}
              countTitle={(count) => t('count', { count })}
              fetching={courses.isFetching}
              loadingLabel={t('loading')}
              updatingLabel={t('updating')}
              empty={
                <EmptyState
                  icon={<IconBook2 aria-hidden />}
                  title={t('empty')}
                  description={t('emptyHint')}
                  action={createButton('light')}
                />
              }
              page={page}
              onPageChange={setPage}
              pagerLabel={t('pager')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {items.map((course) => (
                  <TeacherCourseCard
                    key={course.id}
                    course={course}
                    selected={selected?.id === course.id}
                    onDetails={() => showDetails(course)}
                    onEdit={() => edit(course)}
                  />
                ))}
              </SimpleGrid>
            </PagedResults>
          </Stack>
        </Grid.Col>
        {wide && selected ? (
          <Grid.Col span={{ base: 12, md: 4 }} miw={0}>
            <Box pos="sticky" top="var(--mantine-spacing-md)">
              <Card withBorder component="aside" aria-label={t('detailsTitle')} padding="lg">
                {details(true)}
              </Card>
            </Box>
          </Grid.Col>
        ) : null}
      </Grid>

      {!wide ? (
        <Drawer
          opened={drawerOpen && selected !== null}
          onClose={() => setDrawerOpen(false)}
          position="bottom"
          size="auto"
          title={selected?.title ?? t('detailsTitle')}
          styles={{ title: { fontWeight: 700, overflowWrap: 'break-word', minWidth: 0 } }}
        >
          {details(false)}
        </Drawer>
      ) : null}

      {dialog ? (
        <CourseFormModal
          editing={dialog.kind === 'edit' ? dialog.course : null}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      ) : null}

      {announcing ? (
        <CourseAnnouncements course={announcing} onClose={() => setAnnouncing(null)} />
      ) : null}
    </Stack>
  );
}
