import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconBook,
  IconCalendarEvent,
  IconCalendarPlus,
  IconChecklist,
  IconExternalLink,
  IconPencilCheck,
  IconPlus,
  IconRefresh,
  IconStar,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  EmptyState,
  ErrorBanner,
  formatDate,
  formatDecimal,
  formatTime,
  PageHeader,
  StatCard,
  useLanguage,
  useNow,
  wrappingTitle,
  RenderWhenNear,
} from '@portal/shared-ui';
import {
  authAtom,
  canJoin,
  errorMessageKey,
  isFirstVisit,
  type TeacherDashboard,
  type TeacherUpcomingClass,
} from '@portal/shared-data';
import { dashboardQueries, type PageLoader } from '@portal/shared-data/queries';
import { paths } from '@portal/shared-data/paths';
import { namespace } from './i18n';

// recharts is the largest thing on this page: it loads after the figures, and only with courses.
const EnrollmentChart = lazy(() => import('./enrollment-chart'));

/** The shell's route loader: the dashboard's one read, before the page renders. */
export const loader: PageLoader = (queryClient) =>
  queryClient.ensureQueryData(dashboardQueries.teacher());

/** Teacher dashboard: figures, course performance, next classes and work waiting for a grade. */
export default function DashboardScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const dashboard = useQuery(dashboardQueries.teacher());

  return (
    <Stack>
      <PageHeader
        order={2}
        title={t(isFirstVisit(user) ? 'welcomeFirst' : 'welcome', { name: user?.firstName ?? '' })}
        description={t('subtitle')}
        actions={
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={dashboard.isFetching}
            onClick={() => void dashboard.refetch()}
          >
            {t('refresh')}
          </Button>
        }
      />
      {dashboard.isPending ? <Loader aria-label={t('loading')} /> : null}
      {dashboard.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(dashboard.error), { ns: 'errors' })}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : null}
      {dashboard.data ? <DashboardBody data={dashboard.data} /> : null}
    </Stack>
  );
}

function DashboardBody({ data }: { data: TeacherDashboard }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const rating = data.averageRating === null ? null : formatDecimal(data.averageRating, language);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label={t('myCourses')}
          value={data.courseCount}
          icon={<IconBook size={22} aria-hidden />}
          hint={t('activeCount', { count: data.activeCourseCount })}
        />
        <StatCard
          label={t('totalStudents')}
          value={data.totalStudents}
          icon={<IconUsersGroup size={22} aria-hidden />}
          hint={t('enrollmentCount', { count: data.enrollmentCount })}
          color="grape"
        />
        <StatCard
          label={t('totalClasses')}
          value={data.totalClasses}
          icon={<IconCalendarEvent size={22} aria-hidden />}
          hint={t('upcomingCount', { count: data.upcomingClassCount })}
          color="teal"
        />
        <StatCard
          label={t('avgRating')}
          value={rating ?? t('noRatings')}
          icon={<IconStar size={22} aria-hidden />}
          hint={rating === null ? undefined : t('reviewCount', { count: data.reviewCount })}
          color="yellow"
        />
      </SimpleGrid>
      <QuickActions />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CoursePerformance data={data} />
        <UpcomingClasses classes={data.upcomingClasses} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <RecentSubmissions data={data} />
        {data.courses.length > 0 ? (
          <Section id="teacher-enrollment-chart" title={t('chart.title')}>
            {/* Below the fold: its code and drawing wait until the teacher scrolls near it. */}
            <RenderWhenNear minHeight={200}>
              <Suspense fallback={<Loader size="sm" aria-label={t('chart.loading')} />}>
                <EnrollmentChart courses={data.courses} />
              </Suspense>
            </RenderWhenNear>
          </Section>
        ) : null}
      </SimpleGrid>
    </>
  );
}

/** Each opens the real screen, with its dialog already open where there is one. */
function QuickActions() {
  const { t } = useTranslation(namespace);
  const actions = [
    { to: paths.withNewItem(paths.myCourses), label: t('actions.createCourse'), icon: IconPlus },
    {
      to: paths.withNewItem(paths.classes),
      label: t('actions.scheduleClass'),
      icon: IconCalendarPlus,
    },
    { to: paths.students, label: t('actions.viewStudents'), icon: IconUsersGroup },
    { to: paths.gradingQueue, label: t('actions.gradeSubmissions'), icon: IconChecklist },
  ];
  return (
    <Section id="teacher-quick-actions" title={t('quickActions')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {actions.map(({ to, label, icon: Icon }) => (
          <Button
            key={to}
            component={Link}
            to={to}
            variant="light"
            leftSection={<Icon size={18} aria-hidden />}
            justify="flex-start"
          >
            {label}
          </Button>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function Section({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {aside ? (
          <Text size="sm" c="dimmed">
            {aside}
          </Text>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}

function CoursePerformance({ data }: { data: TeacherDashboard }) {
  const { t } = useTranslation(namespace);
  return (
    <Section id="teacher-performance" title={t('performance')}>
      {data.courses.length === 0 ? (
        <EmptyState icon={<IconBook size={32} aria-hidden />} title={t('noCourses')} />
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.courses.map((course) => (
            <Stack key={course.id} gap={4} component="li">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Text fw={600} style={wrappingTitle}>
                  {course.title}
                </Text>
                <Badge
                  color={course.isActive ? 'green' : 'gray'}
                  variant="light"
                  style={{ flexShrink: 0 }}
                >
                  {course.isActive ? t('active') : t('inactive')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t(`course.languages.${course.language}`, { ns: 'common' })} ·{' '}
                {t(`course.levels.${course.level}`, { ns: 'common' })} ·{' '}
                {t('enrolled', { enrolled: course.enrolledCount, max: course.maxStudents })}
              </Text>
              <Progress
                value={course.enrollmentPercent}
                aria-label={t('enrollment', { title: course.title })}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function UpcomingClasses({ classes }: { classes: TeacherUpcomingClass[] }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const now = useNow();
  return (
    <Section id="teacher-upcoming" title={t('upcoming')}>
      {classes.length === 0 ? (
        <EmptyState icon={<IconCalendarEvent size={32} aria-hidden />} title={t('noUpcoming')} />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {classes.map((cls) => (
            <Group
              key={cls.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
            >
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={wrappingTitle}>
                  {cls.title}
                </Text>
                <Text size="sm" c="dimmed" style={wrappingTitle}>
                  {cls.courseTitle}
                </Text>
                <Text size="sm">
                  {formatDate(cls.scheduledDate, language)} ·{' '}
                  {formatTime(cls.scheduledDate, language)} ·{' '}
                  {t('minutes', { count: cls.duration })} ·{' '}
                  {cls.type === 'live' ? t('live') : t('recorded')}
                </Text>
              </div>
              {cls.meetingLink && canJoin(cls, now) ? (
                <Button
                  component="a"
                  href={cls.meetingLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="xs"
                  variant="light"
                  rightSection={<IconExternalLink size={14} aria-hidden />}
                  aria-label={t('joinClass', { title: cls.title })}
                  style={{ flexShrink: 0 }}
                >
                  {t('join')}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function RecentSubmissions({ data }: { data: TeacherDashboard }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  return (
    <Section
      id="teacher-submissions"
      title={t('recentSubmissions')}
      aside={t('waitingCount', { count: data.pendingSubmissionCount })}
    >
      {data.recentSubmissions.length === 0 ? (
        <EmptyState icon={<IconBook size={32} aria-hidden />} title={t('noSubmissions')} />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.recentSubmissions.map((submission) => (
            <Group key={submission.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={wrappingTitle}>
                  {submission.activityTitle}
                </Text>
                <Text size="sm" c="dimmed" style={wrappingTitle}>
                  {t('submittedBy', {
                    student: submission.studentName ?? t('unknownPerson', { ns: 'common' }),
                    course: submission.courseTitle,
                  })}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {formatDate(submission.submittedAt, language)}
                </Text>
                <Button
                  component={Link}
                  to={paths.gradeSubmission(submission.id)}
                  size="xs"
                  variant="light"
                  leftSection={<IconPencilCheck size={14} aria-hidden />}
                  aria-label={t('gradeSubmission', {
                    activity: submission.activityTitle,
                    student: submission.studentName ?? t('unknownPerson', { ns: 'common' }),
                  })}
                >
                  {t('grade')}
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
