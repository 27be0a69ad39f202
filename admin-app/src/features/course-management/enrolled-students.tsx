import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type Course } from '@portal/shared-data';
import { courseMutations, courseQueries } from '@portal/shared-data/queries';
import { ErrorBanner, wrappingTitle } from '@portal/shared-ui';
import { personName, rosterFilters } from './course-roster';
import { namespace } from './i18n';
import { studentFailureToast } from './student-failure';

export interface EnrolledStudentsProps {
  course: Course;
  /** Names the list (the back face's heading). */
  labelledBy: string;
  /** A student was removed: the list item is gone, so the face takes the focus back. */
  onRemoved?: () => void;
}

/**
 * The back of a course card: the students actively enrolled, read in one request when the card is
 * turned over (bounded by the course's places), each with Remove. Removing drops the enrolment (the
 * row stays, the seat is freed) and the lists and figures are read again.
 */
export function EnrolledStudents({ course, labelledBy, onRemoved }: EnrolledStudentsProps) {
  const { t } = useTranslation(namespace);
  const roster = useQuery(courseQueries.enrollments(rosterFilters(course)));
  const remove = useMutation(courseMutations.removeStudent());

  const removeStudent = (userId: string) => {
    remove.mutate(
      { courseId: course.id, userId },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('toast.studentRemoved') });
          onRemoved?.();
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            ...studentFailureToast(error, t('toast.removeFailed'), t),
          });
        },
      },
    );
  };

  if (roster.isPending) {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t('card.loadingStudents')}</Text>
      </Group>
    );
  }
  if (roster.isError) {
    return (
      <ErrorBanner
        title={t('card.studentsError')}
        message={t(errorMessageKey(roster.error), { ns: 'errors' })}
        onRetry={() => void roster.refetch()}
        retrying={roster.isFetching}
      />
    );
  }

  const enrollments = roster.data.items;
  if (enrollments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('card.noStudents')}
      </Text>
    );
  }

  return (
    <Stack gap="xs">
      <Stack
        component="ul"
        gap="xs"
        aria-labelledby={labelledBy}
        aria-busy={roster.isFetching}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {enrollments.map((enrollment) => {
          const name = personName(enrollment.student) ?? t('unknownPerson', { ns: 'common' });
          const removing = remove.isPending && remove.variables?.userId === enrollment.userId;
          return (
            <Group
              key={enrollment.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="xs"
            >
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} style={wrappingTitle}>
                  {name}
                </Text>
                {enrollment.student?.email ? (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {enrollment.student.email}
                  </Text>
                ) : null}
              </Stack>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconUserMinus size={14} aria-hidden />}
                aria-label={t('card.removeStudent', { name, title: course.title })}
                loading={removing}
                disabled={remove.isPending && !removing}
                onClick={() => removeStudent(enrollment.userId)}
                style={{ flexShrink: 0 }}
              >
                {t('card.remove')}
              </Button>
            </Group>
          );
        })}
      </Stack>
      {roster.data.total > enrollments.length ? (
        <Text size="xs" c="dimmed">
          {t('card.shownOf', { shown: enrollments.length, total: roster.data.total })}
        </Text>
      ) : null}
    </Stack>
  );
}
