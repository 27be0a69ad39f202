import {
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconBook,
  IconCalendarEvent,
  IconCalendarPlus,
  IconCash,
  IconFiles,
  IconRefresh,
  IconSchool,
  IconSettings,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  IconVideo,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ADMIN_DASHBOARD_DEFAULT_PERIOD,
  ADMIN_DASHBOARD_PERIODS,
  authAtom,
  errorMessageKey,
  isFirstVisit,
  paths,
  viewerTimeZone,
  type AdminDashboard,
  type AdminDashboardPeriod,
} from '@portal/shared-data';
import { dashboardQueries, type PageLoader } from '@portal/shared-data/queries';
import {
  ErrorBanner,
  PageHeader,
  StatCard,
  formatDecimal,
  formatMoney,
  useLanguage,
  RenderWhenNear,
} from '@portal/shared-ui';
import { namespace } from './i18n';

// recharts is large: the chart loads on its own, after the figures.
const ActivityChart = lazy(() => import('./activity-chart'));

/** The shell's route loader: the default period's figures, before the page renders. */
export const loader: PageLoader = (queryClient) =>
  queryClient.ensureQueryData(
    dashboardQueries.admin(ADMIN_DASHBOARD_DEFAULT_PERIOD, viewerTimeZone()),
  );

/**
 * Admin dashboard: the school's totals, the chosen period's figures beside the period before
 * (week, month, quarter or year, rolling to now), the period's enrolments and revenue as a chart, and
 * Quick Actions. One request per period (`get_admin_dashboard`), whatever the size of the school.
 */
export default function DashboardScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const [period, setPeriod] = useState<AdminDashboardPeriod>(ADMIN_DASHBOARD_DEFAULT_PERIOD);
  const dashboard = useQuery(dashboardQueries.admin(period, viewerTimeZone()));

  return (
    <Stack>
      <PageHeader
        order={2}
        title={t(isFirstVisit(user) ? 'welcomeFirst' : 'welcome', { name: user?.firstName ?? '' })}
        description={t('subtitle')}
        actions={
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label={t('periodLabel')}
              value={period}
              onChange={(value) => setPeriod(value as AdminDashboardPeriod)}
              data={ADMIN_DASHBOARD_PERIODS.map((value) => ({
                value,
                label: t(`periods.${value}`),
              }))}
            />
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={dashboard.isFetching}
              onClick={() => void dashboard.refetch()}
            >
              {t('refresh')}
            </Button>
          </Group>
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
      {dashboard.data ? <Overview data={dashboard.data} /> : null}
    </Stack>
  );
}

function Overview({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label={t('totalUsers')}
          value={data.users.total}
          icon={<IconUsers size={22} aria-hidden />}
          hint={t('totalUsersHint', {
            students: t('studentCount', { count: data.users.students }),
            teachers: t('teacherCount', { count: data.users.teachers }),
          })}
        />
        <StatCard
          label={t('activeCourses')}
          value={data.courses.active}
          icon={<IconBook size={22} aria-hidden />}
          hint={t('enrollmentCount', { count: data.courses.activeEnrollments })}
          color="indigo"
        />
        <StatCard
          label={t('totalClasses')}
          value={data.classes.total}
          icon={<IconCalendarEvent size={22} aria-hidden />}
          hint={t('upcomingCount', { count: data.classes.upcoming })}
          color="teal"
        />
        <StatCard
          label={t('totalRevenue')}
          value={formatMoney(data.courses.revenue, data.currency, language)}
          icon={<IconCash size={22} aria-hidden />}
          hint={t('revenueHint', {
            invoiced: formatMoney(data.courses.invoiced ?? 0, data.currency, language),
            outstanding: formatMoney(data.courses.outstanding ?? 0, data.currency, language),
          })}
          color="green"
        />
        <StatCard
          label={t('teachers')}
          value={data.users.teachers}
          icon={<IconSchool size={22} aria-hidden />}
          color="cyan"
        />
        <StatCard
          label={t('students')}
          value={data.users.students}
          icon={<IconUsersGroup size={22} aria-hidden />}
          color="grape"
        />
        <StatCard
          label={t('materials')}
          value={data.materials}
          icon={<IconFiles size={22} aria-hidden />}
          color="orange"
        />
        <StatCard
          label={t('liveClasses')}
          value={data.classes.live}
          icon={<IconVideo size={22} aria-hidden />}
          color="red"
        />
      </SimpleGrid>

      <Section id="admin-period" title={t(`periodTitle.${data.period}`)} aside={t('comparedHint')}>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
          <PeriodFigure
            label={t('newUsers')}
            current={data.current.newUsers}
            previous={data.previous.newUsers}
            format={String}
          />
          <PeriodFigure
            label={t('newEnrollments')}
            current={data.current.newEnrollments}
            previous={data.previous.newEnrollments}
            format={String}
          />
          <PeriodFigure
            label={t('periodRevenue')}
            current={data.current.revenue}
            previous={data.previous.revenue}
            format={(value) => formatMoney(value, data.currency, language)}
          />
          <PeriodFigure
            label={t('periodClasses')}
            current={data.current.classes}
            previous={data.previous.classes}
            format={String}
          />
        </SimpleGrid>
      </Section>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Section id="admin-chart" title={t('chart.title')}>
            {/* Below the fold on a phone: its code and drawing wait until it comes near. */}
            <RenderWhenNear minHeight={280}>
              <Suspense fallback={<Loader size="sm" aria-label={t('chart.loading')} />}>
                <ActivityChart data={data} />
              </Suspense>
            </RenderWhenNear>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <QuickActions />
        </Grid.Col>
      </Grid>
    </>
  );
}

/** A period's figure, the period before, and the change between them. */
function PeriodFigure({
  label,
  current,
  previous,
  format,
}: {
  label: string;
  current: number;
  previous: number;
  format: (value: number) => string;
}) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  let change: { text: string; color: string };
  if (previous === 0) {
    change =
      current === 0
        ? { text: t('change.same'), color: 'gray' }
        : { text: t('change.new'), color: 'teal' };
  } else {
    const percent = ((current - previous) / previous) * 100;
    const rounded = formatDecimal(Math.abs(percent), language);
    if (Math.abs(percent) < 0.05) change = { text: t('change.same'), color: 'gray' };
    else if (percent > 0) change = { text: t('change.up', { percent: rounded }), color: 'teal' };
    else change = { text: t('change.down', { percent: rounded }), color: 'red' };
  }
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" align="baseline" wrap="wrap">
        <Text fz="xl" fw={700}>
          {format(current)}
        </Text>
        <Badge color={change.color} variant="light">
          {change.text}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {t('previousValue', { value: format(previous) })}
      </Text>
    </Card>
  );
}

/** Each opens the real screen, with its dialog already open where there is one. */
function QuickActions() {
  const { t } = useTranslation(namespace);
  const actions = [
    { to: paths.withNewItem(paths.users), label: t('actions.addUser'), icon: IconUserPlus },
    { to: paths.withNewItem(paths.courses), label: t('actions.createCourse'), icon: IconBook },
    {
      to: paths.withNewItem(paths.classes),
      label: t('actions.scheduleClass'),
      icon: IconCalendarPlus,
    },
    { to: paths.settings, label: t('actions.settings'), icon: IconSettings },
  ];
  return (
    <Section id="admin-quick-actions" title={t('quickActions')}>
      <Stack gap="sm">
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
      </Stack>
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
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id} h="100%">
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
