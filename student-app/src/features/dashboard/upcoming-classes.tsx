import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCalendarOff,
  IconCheck,
  IconExternalLink,
  IconPlayerPlay,
  IconVideo,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EmptyState,
  formatDate,
  formatTime,
  safeExternalHref,
  useLanguage,
} from '@portal/shared-ui';
import {
  JOIN_WINDOW_MINUTES,
  canJoin,
  classJoinState,
  errorMessageKey,
  isInProgress,
  isSameLocalDay,
  type DashboardClass,
  type DashboardCourse,
} from '@portal/shared-data';
import { type JoinProblem } from '@portal/shared-data/queries';
import { namespace } from './i18n';

export interface UpcomingClassesProps {
  courses: DashboardCourse[];
  now: Date;
  onJoin: (cls: DashboardClass) => void;
  /** Classes whose attendance was recorded by joining them. */
  recorded: ReadonlySet<string>;
  problem: JoinProblem | null;
  onDismissProblem: () => void;
}

type ListedClass = DashboardClass & { courseTitle: string };

function ClassItem({
  cls,
  now,
  onJoin,
  recorded,
}: {
  cls: ListedClass;
  now: Date;
  onJoin: (cls: DashboardClass) => void;
  recorded: boolean;
}) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const today = isSameLocalDay(cls.scheduledDate, now);
  // 'open' (inside the attendance window) is "Join Now", 'later' is "Join"; ended classes offer none.
  const state = classJoinState(cls, now);
  const action = state === 'open' ? 'joinNow' : state === 'later' ? 'join' : null;
  const href = cls.meetingLink ? safeExternalHref(cls.meetingLink) : null;
  const typeLabel = t(`classTypes.${cls.type}`, { ns: 'common' });
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      bg={today ? 'var(--mantine-primary-color-light)' : undefined}
      style={today ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
      aria-current={today ? 'date' : undefined}
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <ThemeIcon
            variant="light"
            color={cls.type === 'live' ? 'red' : 'blue'}
            radius="xl"
            aria-hidden
          >
            {cls.type === 'live' ? <IconVideo size={18} /> : <IconPlayerPlay size={18} />}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'break-word' }}>
              <VisuallyHidden>{typeLabel}: </VisuallyHidden>
              {cls.title}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
              {cls.courseTitle}
            </Text>
            <Group gap={6} wrap="wrap">
              {today ? (
                <Badge size="sm" variant="filled">
                  {t('upcoming.today')}
                </Badge>
              ) : null}
              {isInProgress(cls, now) ? (
                <Badge size="sm" color="red" variant="light">
                  {t('upcoming.inProgress')}
                </Badge>
              ) : null}
              <Text size="sm">
                <time dateTime={cls.scheduledDate}>
                  {formatDate(cls.scheduledDate, language)} ·{' '}
                  {formatTime(cls.scheduledDate, language)}
                </time>{' '}
                · {t('upcoming.minutes', { count: cls.duration })} · {typeLabel}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" wrap="wrap">
          {recorded ? (
            <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
              {t('upcoming.attendanceRecorded')}
            </Badge>
          ) : null}
          {action && href ? (
            <Button
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              color={action === 'joinNow' ? 'red' : undefined}
              variant={action === 'joinNow' ? 'filled' : 'light'}
              rightSection={<IconExternalLink size={14} aria-hidden />}
              aria-label={t('upcoming.joinLabel', {
                action: t(`upcoming.${action}`),
                title: cls.title,
              })}
              onClick={() => onJoin(cls)}
            >
              {t(`upcoming.${action}`)}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}

/** "Upcoming Classes": each shown course's next classes, by date, today's highlighted. */
export function UpcomingClasses({
  courses,
  now,
  onJoin,
  recorded,
  problem,
  onDismissProblem,
}: UpcomingClassesProps) {
  const { t } = useTranslation(namespace);
  const headingId = useId();
  const classes: ListedClass[] = courses
    .flatMap((course) =>
      course.upcomingClasses.map((cls) => ({ ...cls, courseTitle: course.title })),
    )
    .sort((a, b) => Date.parse(a.scheduledDate) - Date.parse(b.scheduledDate));
  const anyJoinable = classes.some((cls) => canJoin(cls, now));

  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="lg">
      <Title order={3} id={headingId} mb="md">
        {t('upcoming.title')}
      </Title>
      {problem ? (
        <Alert
          color="yellow"
          variant="light"
          mb="sm"
          withCloseButton
          closeButtonLabel={t('upcoming.dismiss')}
          onClose={onDismissProblem}
          role="status"
        >
          {t('upcoming.attendanceFailed', {
            title: problem.classTitle,
            message: t(errorMessageKey(problem.error), { ns: 'errors' }),
          })}
        </Alert>
      ) : null}
      {classes.length === 0 ? (
        <EmptyState
          icon={<IconCalendarOff aria-hidden />}
          title={t('upcoming.empty')}
          description={t('upcoming.emptyHint')}
        />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {classes.map((cls) => (
            <ClassItem
              key={cls.id}
              cls={cls}
              now={now}
              onJoin={onJoin}
              recorded={recorded.has(cls.id)}
            />
          ))}
        </Stack>
      )}
      {anyJoinable ? (
        <Text size="xs" c="dimmed" mt="sm">
          {t('upcoming.attendanceHint', { minutes: JOIN_WINDOW_MINUTES })}
        </Text>
      ) : null}
    </Card>
  );
}
