import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type Course, type Enrollment, type Paged } from '@portal/shared-data';
import { courseMutations, courseQueries } from '@portal/shared-data/queries';
import { ConfirmDialog, ErrorBanner, wrappingTitle } from '@portal/shared-ui';
import { personName, rosterFilters } from './course-roster';
import { HeldSeats } from './held-seats';
import { namespace } from './i18n';

export interface EnrolledStudentsProps {
  course: Course;
  /** Names the list (the back face's heading). */
  labelledBy: string;
  /** A student was removed: the list item is gone, so the face takes the focus back. */
  onRemoved?: () => void;
}

/** A removal being confirmed; it keeps naming its student while the question closes. */
type Removing = { userId: string; name: string; open: boolean } | null;

/**
 * The back of a course card: the students actively enrolled, read in one request when the card is
 * turned over (bounded by the course's places), each with Remove. Removing asks first, then drops
 * the enrolment (the row stays, the seat is freed) and the lists and figures are read again; a
 * refusal keeps the question open with the reason.
 */
export function EnrolledStudents({ course, labelledBy, onRemoved }: EnrolledStudentsProps) {
  const { t } = useTranslation(namespace);
  const roster = useQuery(courseQueries.enrollments(rosterFilters(course)));
  const remove = useMutation(courseMutations.removeStudent());
  const [removing, setRemoving] = useState<Removing>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    await remove.mutateAsync({ courseId: course.id, userId: removing.userId });
    setRemoving((current) => current && { ...current, open: false });
    notifications.show({ color: 'teal', message: t('toast.studentRemoved') });
    onRemoved?.();
  };

  return (
    <>
      <RosterList
        course={course}
        labelledBy={labelledBy}
        roster={roster}
        onRemove={(userId, name) => setRemoving({ userId, name, open: true })}
      />
      <HeldSeats courseId={course.id} />
      <ConfirmDialog
        opened={removing?.open ?? false}
        title={t('removeStudent.title', { name: removing?.name ?? '', title: course.title })}
        message={t('removeStudent.message')}
        confirmLabel={t('removeStudent.confirm')}
        danger
        onConfirm={confirmRemove}
        onCancel={() => setRemoving((current) => current && { ...current, open: false })}
        failedTitle={t('toast.removeFailed')}
        describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
      />
    </>
  );
}

interface RosterListProps {
  course: Course;
  labelledBy: string;
  roster: UseQueryResult<Paged<Enrollment>>;
  onRemove: (userId: string, name: string) => void;
}

/** The list itself, its loader, its failure with Try again, or that nobody is enrolled. */
function RosterList({ course, labelledBy, roster, onRemove }: RosterListProps) {
  const { t } = useTranslation(namespace);
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
                onClick={() => onRemove(enrollment.userId, name)}
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
