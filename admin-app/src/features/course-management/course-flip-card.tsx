import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDidUpdate, useReducedMotion } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  IconArrowBackUp,
  IconCalendarEvent,
  IconCoins,
  IconLanguage,
  IconPencil,
  IconSpeakerphone,
  IconTable,
  IconTrash,
  IconUser,
  IconUserPlus,
  IconUsers,
  IconUsersPlus,
  type Icon,
} from '@tabler/icons-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { courseDetailState, isCourseFull, paths, type Course } from '@portal/shared-data';
import { settingsQueries } from '@portal/shared-data/queries';
import {
  LEVEL_COLORS,
  announcementsNamespace,
  formatPrice,
  useLanguage,
  wrappingButtonStyles,
  wrappingTitle,
} from '@portal/shared-ui';
import { EnrolledStudents } from './enrolled-students';
import { CourseWaitingList } from './course-waiting-list';
import { namespace } from './i18n';
import { RosterExportButton } from './enrolments-export-buttons';

export interface CourseFlipCardProps {
  course: Course;
  onAddStudent: (course: Course) => void;
  /** Enrol a list of students at once (the bulk dialog). */
  onEnrolList: (course: Course) => void;
  onEdit: (course: Course) => void;
  onDelete: (course: Course) => void;
  /** Opens the course's announcements (post, edit, pin, delete). */
  onAnnouncements: (course: Course) => void;
}

type Face = 'front' | 'back';

/** How long the turn takes when motion is welcome. */
const FLIP_MS = 280;

function Fact({
  icon: FactIcon,
  label,
  children,
}: {
  icon: Icon;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <FactIcon
        size={16}
        aria-hidden
        style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-dimmed)' }}
      />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {/* The icon carries the meaning visually; screen readers get the word. */}
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Text>
    </Group>
  );
}

/**
 * One course of Course Management: an article named by its title that turns over. The front shows
 * the course with Add student, Edit and Delete; the back its enrolled students, each with Remove,
 * read when the card is turned. Only the face in view is rendered, so the hidden one is neither
 * focusable nor read out; the turn is animated only when the system does not ask for reduced motion,
 * and the focus moves to the button that turns the card back.
 */
export function CourseFlipCard({
  course,
  onAddStudent,
  onEnrolList,
  onEdit,
  onDelete,
  onAnnouncements,
}: CourseFlipCardProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  // The school's currency, from the page's one read of the public settings (no request of its own).
  const currency = useQuery(settingsQueries.currency()).data;
  const titleId = useId();
  const studentsHeadingId = useId();
  const [face, setFace] = useState<Face>('front');
  const faceRef = useRef<HTMLDivElement>(null);
  const turnButtonRef = useRef<HTMLButtonElement>(null);
  const reduceMotion = useReducedMotion() ?? false;
  const full = isCourseFull(course);

  // After a turn (not on the first render) the button that turned the card is gone with its face:
  // the focus goes to the one that turns it back, and the new face swings in unless motion is
  // unwelcome.
  useDidUpdate(() => {
    turnButtonRef.current?.focus();
    if (reduceMotion) return;
    faceRef.current?.animate?.(
      [
        { transform: 'perspective(900px) rotateY(-90deg)', opacity: 0.3 },
        { transform: 'perspective(900px) rotateY(0deg)', opacity: 1 },
      ],
      { duration: FLIP_MS, easing: 'ease-out' },
    );
  }, [face]);

  const languageName = t(`course.languages.${course.language}`, {
    ns: 'common',
    defaultValue: course.language,
  });

  const heading = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Title id={titleId} order={3} size="h4" style={{ ...wrappingTitle, flex: 1 }}>
        <Anchor
          component={Link}
          to={paths.courseDetail(course.id)}
          state={courseDetailState(paths.courses)}
          inherit
        >
          {course.title}
        </Anchor>
      </Title>
      <Badge color={LEVEL_COLORS[course.level]} variant="light" style={{ flexShrink: 0 }}>
        {t(`course.levels.${course.level}`, { ns: 'common' })}
      </Badge>
    </Group>
  );

  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" h="100%" miw={0}>
      <Box ref={faceRef} h="100%" style={{ transformOrigin: 'center' }}>
        {face === 'front' ? (
          <Stack gap="sm" h="100%">
            {heading}
            <Group gap="xs" wrap="wrap">
              <Badge color={course.isActive ? 'teal' : 'gray'} variant="outline">
                {course.isActive ? t('card.active') : t('card.inactive')}
              </Badge>
              {full ? (
                <Badge color="red" variant="light">
                  {t('card.full')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {course.description}
            </Text>
            <Stack gap={6}>
              <Fact icon={IconLanguage} label={t('course.language', { ns: 'common' })}>
                {languageName}
              </Fact>
              <Fact icon={IconUser} label={t('card.teacher')}>
                {course.teacherName ?? t('unknownPerson', { ns: 'common' })}
              </Fact>
              <Fact icon={IconCalendarEvent} label={t('course.duration', { ns: 'common' })}>
                {t('course.weeks', { ns: 'common', count: course.duration })}
              </Fact>
              <Fact icon={IconUsers} label={t('course.students', { ns: 'common' })}>
                {t('course.enrolledOfMax', {
                  ns: 'common',
                  enrolled: course.enrolledCount,
                  max: course.maxStudents,
                })}
              </Fact>
              <Fact icon={IconCoins} label={t('course.price', { ns: 'common' })}>
                {formatPrice(course.price, language, currency)}
              </Fact>
            </Stack>
            {/* Side by side when they fit, stacked when they do not: never a cut-off label. */}
            <Group gap="xs" mt="auto" wrap="wrap">
              <Button
                variant="light"
                leftSection={<IconUsers size={16} aria-hidden />}
                styles={wrappingButtonStyles}
                aria-describedby={titleId}
                ref={turnButtonRef}
                onClick={() => setFace('back')}
              >
                {t('card.showStudents')}
              </Button>
              <Button
                leftSection={<IconUserPlus size={16} aria-hidden />}
                styles={wrappingButtonStyles}
                aria-describedby={titleId}
                onClick={() => onAddStudent(course)}
              >
                {t('card.addStudent')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                styles={wrappingButtonStyles}
                aria-describedby={titleId}
                onClick={() => onEdit(course)}
              >
                {t('card.edit')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconSpeakerphone size={16} aria-hidden />}
                styles={wrappingButtonStyles}
                aria-describedby={titleId}
                onClick={() => onAnnouncements(course)}
              >
                {t('open', { ns: announcementsNamespace })}
              </Button>
              <Button
                component={Link}
                to={paths.gradebook(course.id)}
                variant="default"
                leftSection={<IconTable size={16} aria-hidden />}
                styles={wrappingButtonStyles}
                aria-describedby={titleId}
              >
                {t('card.gradebook')}
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                styles={wrappingButtonStyles}
                aria-describedby={titleId}
                onClick={() => onDelete(course)}
              >
                {t('card.delete')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm" h="100%">
            {heading}
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Title id={studentsHeadingId} order={4} size="h6">
                {t('card.studentsTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('course.enrolledOfMax', {
                  ns: 'common',
                  enrolled: course.enrolledCount,
                  max: course.maxStudents,
                })}
              </Text>
            </Group>
            <EnrolledStudents
              course={course}
              labelledBy={studentsHeadingId}
              onRemoved={() => turnButtonRef.current?.focus()}
            />
            <CourseWaitingList courseId={course.id} />
            <Group gap="xs" mt="auto" wrap="wrap">
              <Button
                variant="light"
                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                styles={wrappingButtonStyles}
                aria-describedby={titleId}
                ref={turnButtonRef}
                onClick={() => setFace('front')}
              >
                {t('card.showCourse')}
              </Button>
              <Button
                leftSection={<IconUserPlus size={16} aria-hidden />}
                styles={wrappingButtonStyles}
                aria-describedby={titleId}
                onClick={() => onAddStudent(course)}
              >
                {t('card.addStudent')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconUsersPlus size={16} aria-hidden />}
                styles={wrappingButtonStyles}
                aria-describedby={titleId}
                onClick={() => onEnrolList(course)}
              >
                {t('card.enrolList')}
              </Button>
              <RosterExportButton course={course} describedBy={titleId} />
            </Group>
          </Stack>
        )}
      </Box>
    </Card>
  );
}
