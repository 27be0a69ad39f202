import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LARGE_LIST_LIMIT,
  errorMessageKey,
  isCourseFull,
  type Course,
  type UserFilters,
} from '@portal/shared-data';
import { courseMutations, courseQueries, userQueries } from '@portal/shared-data/queries';
import {
  EmptyState,
  ErrorBanner,
  FormModal,
  FullPageLoader,
  SearchInput,
  wrappingTitle,
} from '@portal/shared-ui';
import { personName, rosterFilters } from './course-roster';
import { namespace } from './i18n';
import { studentFailureToast } from './student-failure';

/** After a student is added the toast shows and the picker hides this much later (the spec's 1000 ms). */
export const PICKER_HIDE_AFTER_ADD_MS = 1000;

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

export interface StudentPickerModalProps {
  /** The course to add a student to, as the list shows it now (its seats and status). */
  course: Course;
  onClose: () => void;
}

/**
 * The user picker ('Seleccionar usuario'): active students found by name (first, last or both, "Ana García") or email
 * on the server, up to 100, each with Add; those already in the course say so. Mounted only while
 * open. Adding goes through `enroll_user_in_course`, which decides (a full course, a duplicate, a
 * non-student are refused, and the reason is shown); after a student is added the toast shows and
 * the picker hides 1000 ms later. Two requests: the students, and the course's enrolled students
 * (the same cached answer as the card's back).
 */
export function StudentPickerModal({ course, onClose }: StudentPickerModalProps) {
  const { t } = useTranslation(namespace);
  const listId = useId();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [added, setAdded] = useState<string | null>(null);
  const request: UserFilters = {
    role: 'student',
    isActive: true,
    search: term || undefined,
    sortBy: 'name',
    sortOrder: 'asc',
    page: 1,
    limit: LARGE_LIST_LIMIT,
  };
  const students = useQuery(userQueries.list(request));
  const roster = useQuery(courseQueries.enrollments(rosterFilters(course)));
  const enroll = useMutation(courseMutations.enroll());

  // The spec's pause between the toast and the picker hiding, counted from the add (the screen
  // re-rendering with the refreshed lists does not restart it); dropped if the picker goes first.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (added === null) return;
    const timer = setTimeout(() => close.current(), PICKER_HIDE_AFTER_ADD_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const enrolledIds = new Set((roster.data?.items ?? []).map((enrollment) => enrollment.userId));
  const closedReason = !course.isActive
    ? t('picker.inactive')
    : isCourseFull(course)
      ? t('picker.full')
      : null;

  const add = (userId: string) => {
    enroll.mutate(
      { courseId: course.id, userId },
      {
        onSuccess: () => {
          setAdded(userId);
          notifications.show({ color: 'teal', message: t('toast.studentAdded') });
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            ...studentFailureToast(error, t('toast.addFailed'), t),
          });
        },
      },
    );
  };

  const list = students.data;
  const results = list ? (
    list.items.length === 0 ? (
      <EmptyState title={t('picker.empty')} />
    ) : (
      <Stack gap="xs">
        <Group gap="xs" aria-live="polite">
          <Text id={listId} size="sm" fw={600}>
            {t('picker.results')}
          </Text>
          {students.isFetching ? <Loader size="xs" aria-label={t('picker.updating')} /> : null}
        </Group>
        <Stack
          component="ul"
          gap="xs"
          aria-labelledby={listId}
          aria-busy={students.isFetching}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {list.items.map((student) => {
            const name = personName(student) ?? t('unknownPerson', { ns: 'common' });
            const adding = enroll.isPending && enroll.variables?.userId === student.id;
            return (
              <Group key={student.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500} style={wrappingTitle}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {student.email}
                  </Text>
                </Stack>
                {added === student.id ? (
                  <Badge
                    color="teal"
                    variant="light"
                    leftSection={<IconCheck size={12} aria-hidden />}
                  >
                    {t('picker.added')}
                  </Badge>
                ) : enrolledIds.has(student.id) ? (
                  <Badge color="gray" variant="light">
                    {t('picker.enrolled')}
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    leftSection={<IconUserPlus size={14} aria-hidden />}
                    aria-label={t('picker.addStudent', { name, title: course.title })}
                    loading={adding}
                    disabled={
                      closedReason !== null || added !== null || (enroll.isPending && !adding)
                    }
                    onClick={() => add(student.id)}
                    style={{ flexShrink: 0 }}
                  >
                    {t('picker.add')}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
        {list.total > list.items.length ? (
          <Text size="xs" c="dimmed">
            {t('picker.more', { shown: list.items.length, total: list.total })}
          </Text>
        ) : null}
      </Stack>
    )
  ) : students.isPending ? (
    <FullPageLoader label={t('picker.loading')} minHeight={160} />
  ) : null;

  return (
    <FormModal
      title={t('picker.title')}
      onClose={onClose}
      // Each add is saved at once; the search is not worth a question.
      dirty={false}
      size="md"
    >
      <Text size="sm" style={wrappingTitle}>
        {t('picker.intro', { title: course.title })}{' '}
        <Text span c="dimmed" inherit>
          (
          {t('course.enrolledOfMax', {
            ns: 'common',
            enrolled: course.enrolledCount,
            max: course.maxStudents,
          })}
          )
        </Text>
      </Text>
      {closedReason ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {closedReason}
        </Alert>
      ) : null}
      <SearchInput
        data-autofocus
        label={t('picker.search')}
        placeholder={t('picker.searchPlaceholder')}
        value={search}
        onChange={setSearch}
      />
      {students.isError ? (
        <ErrorBanner
          title={t('picker.loadError')}
          message={t(errorMessageKey(students.error), { ns: 'errors' })}
          onRetry={() => void students.refetch()}
          retrying={students.isFetching}
        />
      ) : null}
      {results}
    </FormModal>
  );
}
