import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconMail,
  IconMapPin,
  IconPencil,
  IconPhone,
  IconTrash,
  IconUserCheck,
  IconUserOff,
  type Icon,
} from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedTeacher } from '@portal/shared-data';
import {
  RatingStars,
  formatDate,
  formatDecimal,
  useLanguage,
  wrappingButtonStyles,
  wrappingTitle,
} from '@portal/shared-ui';
import { namespace } from './i18n';

export interface TeacherCardProps {
  teacher: ManagedTeacher;
  onEdit: (teacher: ManagedTeacher) => void;
  onToggleActive: (teacher: ManagedTeacher) => void;
  onDelete: (teacher: ManagedTeacher) => void;
}

/** A specialization (up to 40 characters) wraps inside the card instead of being cut off. */
const SPECIALIZATION_BADGE = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'start' },
} as const;

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

/** A labelled figure of the card: the label over its value, read as "label: value". */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * One teacher of Teacher Management: an article named by the teacher, with their status,
 * specializations, contact, figures (courses, active students, rating from reviews or 'No ratings
 * yet'), their newest courses, and Edit, Deactivate or Reactivate, Delete. Everything wraps, so
 * nothing scrolls sideways at 375 px.
 */
export function TeacherCard({ teacher, onEdit, onToggleActive, onDelete }: TeacherCardProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const titleId = useId();
  const coursesId = useId();
  const specializationsId = useId();
  const name =
    `${teacher.firstName} ${teacher.lastName}`.trim() || t('unknownPerson', { ns: 'common' });
  const more = teacher.courseCount - teacher.courses.length;

  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" h="100%" miw={0}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={teacher.avatar} name={name} color="initials" alt="" size="lg" />
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Title id={titleId} order={3} size="h4" style={wrappingTitle}>
              {name}
            </Title>
            <Badge
              color={teacher.isActive ? 'teal' : 'gray'}
              variant="outline"
              style={{ alignSelf: 'flex-start' }}
            >
              {teacher.isActive ? t('card.active') : t('card.inactive')}
            </Badge>
          </Stack>
        </Group>

        <Stack gap={4}>
          <Fact icon={IconMail} label={t('card.email')}>
            {teacher.email}
          </Fact>
          {teacher.phone ? (
            <Fact icon={IconPhone} label={t('card.phone')}>
              {teacher.phone}
            </Fact>
          ) : null}
          {teacher.location ? (
            <Fact icon={IconMapPin} label={t('card.location')}>
              {teacher.location}
            </Fact>
          ) : null}
        </Stack>

        <Stack gap={4}>
          <Text id={specializationsId} size="xs" c="dimmed" fw={500}>
            {t('card.specializations')}
          </Text>
          {teacher.specializations.length > 0 ? (
            <Group
              gap={6}
              wrap="wrap"
              component="ul"
              aria-labelledby={specializationsId}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {teacher.specializations.map((label) => (
                <Badge
                  key={label}
                  component="li"
                  variant="light"
                  tt="none"
                  styles={SPECIALIZATION_BADGE}
                >
                  {label}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('card.noSpecializations')}
            </Text>
          )}
        </Stack>

        <SimpleGrid cols={3} spacing="xs">
          <Figure label={t('card.courses')}>
            <Text size="sm" fw={600}>
              {t('card.coursesValue', { count: teacher.courseCount })}
            </Text>
            {teacher.courseCount > 0 ? (
              <Text size="xs" c="dimmed">
                {t('card.activeCourses', { count: teacher.activeCourseCount })}
              </Text>
            ) : null}
          </Figure>
          <Figure label={t('card.students')}>
            <Text size="sm" fw={600}>
              {teacher.studentCount}
            </Text>
          </Figure>
          <Figure label={t('card.rating')}>
            {teacher.averageRating === null ? (
              <Text size="sm" c="dimmed">
                {t('card.noRatings')}
              </Text>
            ) : (
              <>
                <RatingStars value={teacher.averageRating} size={14} />
                <Text size="xs" c="dimmed">
                  {t('card.ratingValue', {
                    rating: formatDecimal(teacher.averageRating, language),
                  })}
                  {' · '}
                  {t('card.reviews', { count: teacher.reviewCount })}
                </Text>
              </>
            )}
          </Figure>
        </SimpleGrid>

        <Stack gap={4}>
          <Text id={coursesId} size="xs" c="dimmed" fw={500}>
            {t('card.courseList')}
          </Text>
          {teacher.courses.length > 0 ? (
            <List size="sm" spacing={2} aria-labelledby={coursesId}>
              {teacher.courses.map((course) => (
                <List.Item key={course.id} style={{ overflowWrap: 'anywhere' }}>
                  {course.title}
                  {course.isActive ? null : (
                    <Text component="span" size="xs" c="dimmed">
                      {` (${t('card.inactiveCourse')})`}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {t('card.noCourses')}
            </Text>
          )}
          {more > 0 ? (
            <Text size="xs" c="dimmed">
              {t('card.moreCourses', { count: more })}
            </Text>
          ) : null}
        </Stack>

        <Text size="xs" c="dimmed">
          {t('card.joined', { date: formatDate(teacher.createdAt, language) })}
        </Text>

        {/* Side by side when they fit, stacked when they do not: never a cut-off label. */}
        <Group gap="xs" mt="auto" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            styles={wrappingButtonStyles}
            aria-describedby={titleId}
            onClick={() => onEdit(teacher)}
          >
            {t('card.edit')}
          </Button>
          <Button
            variant="light"
            color={teacher.isActive ? 'orange' : 'teal'}
            leftSection={
              teacher.isActive ? (
                <IconUserOff size={16} aria-hidden />
              ) : (
                <IconUserCheck size={16} aria-hidden />
              )
            }
            styles={wrappingButtonStyles}
            aria-describedby={titleId}
            onClick={() => onToggleActive(teacher)}
          >
            {teacher.isActive ? t('card.deactivate') : t('card.reactivate')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            styles={wrappingButtonStyles}
            aria-describedby={titleId}
            onClick={() => onDelete(teacher)}
          >
            {t('card.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
