import {
  Card,
  Divider,
  Group,
  List,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AT_RISK,
  errorMessageKey,
  progressColor,
  type GradedWork,
  type MyStudentDetail,
  type StudentCourseProgress,
} from '@portal/shared-data';
import { studentQueries } from '@portal/shared-data/queries';
import {
  ErrorBanner,
  formatDate,
  formatDecimal,
  formatTime,
  useLanguage,
  wrappingTitle,
} from '@portal/shared-ui';
import { namespace } from './i18n';
import { StudentSkillProgress } from './student-skill-progress';

export interface StudentDetailsProps {
  studentId: string;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Up to one decimal, in the UI language (12.5 / 12,5). */
function useDecimal() {
  const { language } = useLanguage();
  return (value: number) => formatDecimal(value, language);
}

/** What the course's progress counted: every class from the enrolment on (held and to come) and every activity. */
function progressExplanation(
  course: StudentCourseProgress,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const figures = {
    attended: course.attendedClasses,
    classes: course.totalClasses,
    graded: course.gradedActivityCount,
    activities: course.activityCount,
  };
  if (course.totalClasses > 0 && course.activityCount > 0)
    return t('details.progressBoth', figures);
  if (course.totalClasses > 0) return t('details.progressClasses', figures);
  if (course.activityCount > 0) return t('details.progressWork', figures);
  return t('details.progressNothing');
}

/** Whether the student is at risk in the course and why, or why it cannot be told yet (AT_RISK). */
function Standing({ course }: { course: StudentCourseProgress }) {
  const { t } = useTranslation(namespace);
  if (course.atRisk) {
    const reasons = [
      course.lowAttendance
        ? t('details.lowAttendance', { percent: AT_RISK.attendanceBelow })
        : null,
      course.missingWork ? t('details.missingWork', { percent: AT_RISK.workBelow }) : null,
    ].filter((reason): reason is string => reason !== null);
    return (
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap">
          <IconAlertTriangle size={16} color="var(--mantine-color-red-text)" aria-hidden />
          <Text size="sm" fw={600} c="red">
            {t('details.atRisk')}
          </Text>
        </Group>
        <List size="sm" c="red" withPadding>
          {reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      </Stack>
    );
  }
  const tooEarly =
    course.heldClasses < AT_RISK.minHeldClasses && course.dueWork < AT_RISK.minDueWork;
  return (
    <Text size="sm" c="dimmed">
      {tooEarly
        ? t('details.tooEarly', { classes: AT_RISK.minHeldClasses, work: AT_RISK.minDueWork })
        : t('details.notAtRisk')}
    </Text>
  );
}

function CourseBlock({ course }: { course: StudentCourseProgress }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const decimal = useDecimal();
  const progress = Math.round(course.progress);
  return (
    <Card withBorder radius="sm" padding="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" style={wrappingTitle}>
            {course.courseTitle}
          </Text>
          <Text size="sm" fw={600} c={progressColor(course.progress)}>
            {progress}%
          </Text>
        </Group>
        <Progress
          value={progress}
          color={progressColor(course.progress)}
          aria-label={t('details.courseProgressOf', { course: course.courseTitle })}
        />
        <Text size="xs" c="dimmed">
          {progressExplanation(course, t)}
        </Text>
        {course.enrolledAt ? (
          <Text size="sm" c="dimmed">
            {t('details.enrolledOn', { date: formatDate(course.enrolledAt, language) })}
          </Text>
        ) : null}
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            {t('details.attendance')}:{' '}
          </Text>
          {course.attendanceRate === null
            ? t('details.noClassesYet')
            : t('details.attendanceValue', {
                attended: course.attendedHeldClasses,
                held: course.heldClasses,
                rate: decimal(course.attendanceRate),
              })}
        </Text>
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            {t('details.workDue')}:{' '}
          </Text>
          {course.dueWork === 0
            ? t('details.noWorkDue')
            : t('details.workDueValue', { handedIn: course.handedInWork, due: course.dueWork })}
        </Text>
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            {t('details.work')}:{' '}
          </Text>
          {t('details.workValue', {
            graded: course.gradedCount,
            submitted: course.submissionCount,
          })}
        </Text>
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            {t('details.averageGrade')}:{' '}
          </Text>
          {course.averageGradePercent === null
            ? t('details.noGrade')
            : `${decimal(course.averageGradePercent)}%`}
        </Text>
        <Standing course={course} />
      </Stack>
    </Card>
  );
}

function GradedWorkLine({ work }: { work: GradedWork }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const decimal = useDecimal();
  return (
    <Stack gap={0} component="li">
      <Text size="sm" fw={500} style={wrappingTitle}>
        {work.activityTitle}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {work.courseTitle}
        {work.gradedAt
          ? ` · ${t('details.gradedOn', { date: formatDate(work.gradedAt, language) })}`
          : ''}
      </Text>
      {work.grade !== null ? (
        <Text
          size="sm"
          c={work.gradePercent === null ? undefined : progressColor(work.gradePercent)}
        >
          {t('details.grade', {
            grade: decimal(work.grade),
            max: work.maxPoints,
            percent: decimal(work.gradePercent ?? 0),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

function DetailsBody({ detail }: { detail: MyStudentDetail }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const decimal = useDecimal();
  const { student, stats, courses, gradedWork } = detail;
  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Fact label={t('details.email')}>{student.email}</Fact>
        <Fact label={t('details.lastSignIn')}>
          {student.lastSignInAt
            ? `${formatDate(student.lastSignInAt, language)} ${formatTime(student.lastSignInAt, language)}`
            : t('details.never')}
        </Fact>
        <Fact label={t('details.stats.enrolledCourses')}>{stats.enrolledCourses}</Fact>
        <Fact label={t('details.stats.completedCourses')}>{stats.completedCourses}</Fact>
        <Fact label={t('details.stats.studyHours')}>{decimal(stats.totalStudyHours)}</Fact>
        <Fact
          label={t('details.stats.averageProgress')}
        >{`${decimal(stats.averageProgress)}%`}</Fact>
      </SimpleGrid>

      <Divider />
      <Title order={3} size="h5">
        {t('details.courses')}
      </Title>
      {courses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('details.noCourses')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {courses.map((course) => (
            <CourseBlock key={course.enrollmentId || course.courseId} course={course} />
          ))}
        </Stack>
      )}

      <Divider />
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {t('details.gradedWork')}
        </Title>
        {gradedWork.total > gradedWork.items.length ? (
          <Text size="xs" c="dimmed">
            {t('details.gradedWorkShown', {
              shown: gradedWork.items.length,
              total: gradedWork.total,
            })}
          </Text>
        ) : null}
      </Group>
      {gradedWork.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('details.noGradedWork')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {gradedWork.items.map((work) => (
            <GradedWorkLine key={work.submissionId} work={work} />
          ))}
        </Stack>
      )}
      <StudentSkillProgress studentId={student.id} />
    </Stack>
  );
}

/** A student's details: their statistics, each of the caller's courses and their latest graded work. */
export function StudentDetails({ studentId }: StudentDetailsProps) {
  const { t } = useTranslation(namespace);
  const detail = useQuery(studentQueries.detail(studentId));

  if (detail.isPending) {
    return (
      <Group gap="xs" py="md">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('details.loading')}
        </Text>
      </Group>
    );
  }
  if (detail.isError) {
    return (
      <ErrorBanner
        title={t('details.loadError')}
        message={t(errorMessageKey(detail.error), { ns: 'errors' })}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
      />
    );
  }
  if (detail.data === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('details.notFound')}
      </Text>
    );
  }
  return <DetailsBody detail={detail.data} />;
}
