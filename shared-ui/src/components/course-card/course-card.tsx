import {
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
  type MantineColor,
} from '@mantine/core';
import {
  IconCalendarEvent,
  IconCheck,
  IconLanguage,
  IconUser,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { wrappingButtonStyles, wrappingTitle } from '../../layout/wrapping';
import { formatPrice, intlLocale } from '../../format';
import { numberFormat } from '../../format/intl-cache';
import { useLanguage } from '../../i18n';
import { RatingStars } from '../rating-stars/rating-stars';

export type CourseLevel = 'beginner' | 'intermediate' | 'advanced';

/** What the card shows of a course; the screen maps its data (and review totals) into this. */
export interface CourseCardCourse {
  id: string;
  title: string;
  description: string;
  level: CourseLevel;
  /** 'Spanish' or 'English' (translated), or any other name shown as is. */
  language: string;
  durationWeeks: number;
  enrolledCount: number;
  maxStudents: number;
  /** Null when the teacher is unknown; the card shows its translated word for it. */
  teacherName: string | null;
  /** For the whole course, in the card's `currency`. */
  price: number;
  /** Mean of the course's reviews, null when it has none. */
  averageRating: number | null;
  reviewCount: number;
}

export interface CourseCardProps {
  course: CourseCardCourse;
  /** Shows Enroll Now (or Full) when given. */
  onEnroll?: () => void;
  /** The enrolment request is running: the button spins. */
  enrolling?: boolean;
  /** The student already takes this course: shows Enrolled instead of Enroll Now. */
  enrolled?: boolean;
  /** Replaces the enrol button, e.g. a "Course Classroom" link or admin actions. */
  footer?: ReactNode;
  /**
   * The school's currency (ISO 4217, shared-data's `settingsQueries.currency()`) the price is shown
   * in; without it, the old US dollars.
   */
  currency?: string | null;
}

/** Catalog colours. */
export const LEVEL_COLORS: Record<CourseLevel, MantineColor> = {
  beginner: 'green',
  intermediate: 'yellow',
  advanced: 'red',
};

export function isCourseFull(
  course: Pick<CourseCardCourse, 'enrolledCount' | 'maxStudents'>,
): boolean {
  return course.enrolledCount >= course.maxStudents;
}

function Fact({ icon: Icon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <Icon size={16} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-color-dimmed)' }} />
      <Text size="sm">
        {/* The icon carries the meaning visually; screen readers get the word. */}
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Text>
    </Group>
  );
}

/** The Course Catalog card with the real rating from student reviews. */
export function CourseCard({
  course,
  onEnroll,
  enrolling = false,
  enrolled = false,
  footer,
  currency,
}: CourseCardProps) {
  const { t, i18n } = useTranslation('common');
  const { language } = useLanguage();
  const titleId = useId();
  const noticeId = useId();
  const full = isCourseFull(course);
  const languageKey = `course.languages.${course.language}`;
  const languageName = i18n.exists(languageKey, { ns: 'common' })
    ? t(languageKey)
    : course.language;
  const ratingText =
    course.averageRating === null
      ? null
      : numberFormat(intlLocale(language), {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(course.averageRating);

  const action =
    footer ??
    (enrolled ? (
      <Button
        fullWidth
        styles={wrappingButtonStyles}
        variant="light"
        color="green"
        leftSection={<IconCheck size={16} aria-hidden />}
        disabled
      >
        {t('course.enrolled')}
      </Button>
    ) : onEnroll ? (
      <Button
        fullWidth
        styles={wrappingButtonStyles}
        onClick={onEnroll}
        loading={enrolling}
        disabled={full}
        color={full ? 'gray' : undefined}
        // "Enroll Now" stays the name (as people see it); the course title and, when full, the
        // notice describe it, so a screen reader knows which course and why it is disabled.
        aria-describedby={full ? `${titleId} ${noticeId}` : titleId}
      >
        {full ? t('course.full') : t('course.enrollNow')}
      </Button>
    ) : null);

  return (
    <Card component="article" aria-labelledby={titleId} h="100%">
      <Stack gap="sm" h="100%">
        {/* The level sits beside the title while the title's longest word fits next to it, and
            moves under it otherwise: a narrow card never breaks 'Conversational' into
            'Conversation' / 'al'. */}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title
            id={titleId}
            order={3}
            size="h4"
            style={{ ...wrappingTitle, flex: '1 1 min-content' }}
          >
            {course.title}
          </Title>
          <Badge color={LEVEL_COLORS[course.level]} variant="light" style={{ flexShrink: 0 }}>
            {t(`course.levels.${course.level}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {course.description}
        </Text>

        <Stack gap={6}>
          <Fact icon={IconLanguage} label={t('course.language')}>
            {languageName}
          </Fact>
          <Fact icon={IconCalendarEvent} label={t('course.duration')}>
            {t('course.weeks', { count: course.durationWeeks })}
          </Fact>
          <Fact icon={IconUsers} label={t('course.students')}>
            {t('course.enrolledOfMax', { enrolled: course.enrolledCount, max: course.maxStudents })}
          </Fact>
          <Fact icon={IconUser} label={t('course.instructor')}>
            {course.teacherName ?? t('unknownPerson')}
          </Fact>
        </Stack>

        <Group gap={6} wrap="wrap">
          {ratingText === null ? (
            <Text size="sm" c="dimmed">
              {t('course.noRatings')}
            </Text>
          ) : (
            <>
              <RatingStars value={course.averageRating} />
              <Text size="sm" fw={600}>
                {ratingText}
              </Text>
              <Text size="sm" c="dimmed">
                {t('course.reviews', { count: course.reviewCount })}
              </Text>
            </>
          )}
        </Group>

        <Stack gap="xs" mt="auto">
          <Text size="lg" fw={700}>
            <VisuallyHidden>{t('course.price')}: </VisuallyHidden>
            {t('course.priceTotal', { price: formatPrice(course.price, language, currency) })}
          </Text>
          {full && !enrolled ? (
            <Text id={noticeId} size="sm" c="red">
              {t('course.fullNotice')}
            </Text>
          ) : null}
          {action}
        </Stack>
      </Stack>
    </Card>
  );
}
