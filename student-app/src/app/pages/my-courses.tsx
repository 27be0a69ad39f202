import { Box, Button, Card, Drawer, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconBook2 } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog, EmptyState, ErrorBanner, FullPageLoader, Pager } from '@portal/shared-ui';
import { authAtom, type ServiceError, type StudentCourse } from '@portal/shared-data';
import { CourseDetails } from '../../features/my-courses/components/course-details';
import { StudentCourseCard } from '../../features/my-courses/components/student-course-card';
import { MY_COURSES_NAMESPACE } from '../../features/my-courses/i18n';
import { useMyCourses } from '../../features/my-courses/use-my-courses';

// Mantine's `md` breakpoint: from here the details sit in a side column instead of a drawer.
const SIDE_COLUMN_QUERY = '(min-width: 62em)';

/** SPEC §2 My Courses (student): enrolled courses with real progress, details, and dropping one. */
export default function MyCourses() {
  const { t } = useTranslation(MY_COURSES_NAMESPACE);
  const navigate = useNavigate();
  const { user } = useAtomValue(authAtom);
  const { courses, error, loading, page, setPage, reload, drop } = useMyCourses(user?.id ?? null);
  const wide = useMediaQuery(SIDE_COLUMN_QUERY) ?? false;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dropping, setDropping] = useState<{
    course: StudentCourse;
    busy: boolean;
    error: ServiceError | null;
  } | null>(null);

  const items = courses?.items ?? [];
  // On a wide screen the side column always shows a course: the chosen one, else the first.
  const selected =
    items.find((course) => course.id === selectedId) ?? (wide ? (items[0] ?? null) : null);

  const open = (course: StudentCourse) => navigate(`/course-detail/${course.id}`);
  const showDetails = (course: StudentCourse) => {
    setSelectedId(course.id);
    if (!wide) setDrawerOpen(true);
  };

  const confirmDrop = async () => {
    if (!dropping) return;
    const { course } = dropping;
    setDropping({ course, busy: true, error: null });
    const outcome = await drop(course);
    if (outcome.kind === 'dropped') {
      setDropping(null);
      setDrawerOpen(false);
      setSelectedId(null);
      notifications.show({ color: 'green', message: t('dropped', { title: course.title }) });
    } else {
      setDropping({
        course,
        busy: false,
        error:
          outcome.kind === 'failed'
            ? outcome.error
            : { code: 'AUTH_ERROR', message: t('notLoggedIn') },
      });
    }
  };

  const details = (withTitle: boolean) =>
    selected ? (
      <CourseDetails
        course={selected}
        withTitle={withTitle}
        onOpen={() => open(selected)}
        onDrop={() => setDropping({ course: selected, busy: false, error: null })}
      />
    ) : (
      <Text c="dimmed" size="sm">
        {t('selectHint')}
      </Text>
    );

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('intro')}</Text>

      {error ? (
        <ErrorBanner
          title={t('loadError')}
          message={error.message}
          onRetry={reload}
          retrying={loading}
        />
      ) : null}

      {courses === null && loading ? <FullPageLoader label={t('loading')} minHeight={300} /> : null}

      {courses && items.length === 0 ? (
        <EmptyState
          icon={<IconBook2 aria-hidden />}
          title={t('empty')}
          description={t('emptyHint')}
          action={
            <Button
              component={Link}
              to="/catalog"
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              {t('browseCatalog')}
            </Button>
          }
        />
      ) : null}

      {courses && items.length > 0 ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Title order={2} size="h4" aria-live="polite">
                {t('count', { count: courses.total })}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {items.map((course) => (
                  <StudentCourseCard
                    key={course.id}
                    course={course}
                    selected={selected?.id === course.id}
                    onOpen={() => open(course)}
                    onDetails={() => showDetails(course)}
                  />
                ))}
              </SimpleGrid>
              <Pager
                page={page}
                totalPages={courses.totalPages}
                onChange={setPage}
                aria-label={t('pager')}
              />
            </Stack>
          </Grid.Col>
          {wide ? (
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Box pos="sticky" top="var(--mantine-spacing-md)">
                <Card withBorder component="aside" aria-label={t('detailsTitle')} padding="lg">
                  {details(true)}
                </Card>
              </Box>
            </Grid.Col>
          ) : null}
        </Grid>
      ) : null}

      {!wide ? (
        <Drawer
          opened={drawerOpen && selected !== null}
          onClose={() => setDrawerOpen(false)}
          position="bottom"
          size="auto"
          title={selected?.title ?? t('detailsTitle')}
          styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
          closeButtonProps={{ 'aria-label': t('close') }}
        >
          {details(false)}
        </Drawer>
      ) : null}

      <ConfirmDialog
        opened={dropping !== null}
        title={t('dropTitle')}
        message={
          <>
            {t('dropMessage', { title: dropping?.course.title ?? '' })}
            {dropping?.error ? (
              // The dialog's message is a paragraph, so the error is a block-level span inside it.
              <Text span display="block" c="red" mt="sm" role="alert" inherit>
                {t('dropFailed', { message: dropping.error.message })}
              </Text>
            ) : null}
          </>
        }
        confirmLabel={t('drop')}
        danger
        loading={dropping?.busy ?? false}
        onConfirm={() => void confirmDrop()}
        onCancel={() => setDropping(null)}
      />
    </Stack>
  );
}
