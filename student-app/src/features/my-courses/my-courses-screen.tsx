import { Box, Button, Card, Drawer, Grid, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconBook2 } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  PagedResults,
  usePageOfFilters,
} from '@portal/shared-ui';
import { authAtom, errorMessageKey, paths, type StudentCourse } from '@portal/shared-data';
import { courseMutations, courseQueries } from '@portal/shared-data/queries';
import { CourseDetails } from './course-details';
import { namespace } from './i18n';
import { StudentCourseCard } from './student-course-card';
import { MyHeldSeats } from './my-held-seats';
import { MyWaitingLists } from './my-waiting-lists';

// Mantine's `md` breakpoint: from here the details sit in a side column instead of a drawer.
const SIDE_COLUMN_QUERY = '(min-width: 62em)';

/** Why a drop could not even be sent: the session ended while the dialog was open. */
const NOT_SIGNED_IN = Symbol('not signed in');

/** My Courses (student): enrolled courses with real progress, details, and dropping one. */
export default function MyCoursesScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const { page, setPage, settle } = usePageOfFilters();
  const courses = useQuery(courseQueries.mine({ page }));
  const unenroll = useMutation(courseMutations.unenroll());
  const wide = useMediaQuery(SIDE_COLUMN_QUERY) ?? false;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dropping, setDropping] = useState<StudentCourse | null>(null);

  // Dropping the last course of the last page leaves that page empty: the page before shows.
  const list = settle(courses);
  const items = list?.items ?? [];

  // On a wide screen the side column always shows a course: the chosen one, else the first.
  const selected =
    items.find((course) => course.id === selectedId) ?? (wide ? (items[0] ?? null) : null);

  const showDetails = (course: StudentCourse) => {
    setSelectedId(course.id);
    if (!wide) setDrawerOpen(true);
  };

  const askToDrop = (course: StudentCourse) => {
    unenroll.reset();
    setDropping(course);
  };

  // A refused drop keeps the confirmation open with the reason (ConfirmDialog shows the rejection).
  const confirmDrop = async () => {
    if (!dropping) return;
    if (!user) throw NOT_SIGNED_IN;
    const course = dropping;
    // The list refetches on its own: the mutation invalidates the student's course views.
    await unenroll.mutateAsync({ courseId: course.id, userId: user.id });
    setDropping(null);
    setDrawerOpen(false);
    setSelectedId(null);
    notifications.show({ color: 'green', message: t('dropped', { title: course.title }) });
  };

  const describeDropError = (error: unknown) =>
    error === NOT_SIGNED_IN
      ? t('notLoggedIn')
      : t('dropFailed', { message: t(errorMessageKey(error), { ns: 'errors' }) });

  const details = (withTitle: boolean) =>
    selected ? (
      <CourseDetails course={selected} withTitle={withTitle} onDrop={() => askToDrop(selected)} />
    ) : (
      <Text c="dimmed" size="sm">
        {t('selectHint')}
      </Text>
    );

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('intro')}</Text>

      <MyHeldSeats />

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
                  action={
                    <Button
                      component={Link}
                      to={paths.catalog}
                      rightSection={<IconArrowRight size={16} aria-hidden />}
                    >
                      {t('browseCatalog')}
                    </Button>
                  }
                />
              }
              page={page}
              onPageChange={setPage}
              pagerLabel={t('pager')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {items.map((course) => (
                  <StudentCourseCard
                    key={course.id}
                    course={course}
                    selected={selected?.id === course.id}
                    onDetails={() => showDetails(course)}
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

      <MyWaitingLists />

      <ConfirmDialog
        opened={dropping !== null}
        title={t('dropTitle')}
        message={t('dropMessage', { title: dropping?.title ?? '' })}
        confirmLabel={t('drop')}
        danger
        onConfirm={confirmDrop}
        describeError={describeDropError}
        onCancel={() => setDropping(null)}
      />
    </Stack>
  );
}
