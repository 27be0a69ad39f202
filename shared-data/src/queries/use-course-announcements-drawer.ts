import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ANNOUNCEMENT_TEXT_LIMITS,
  validateAnnouncementForm,
  type AnnouncementFormValues,
} from '@portal/shared-data';
import { announcementMutations, announcementQueries } from './announcement-queries';

/**
 * The staff's announcements drawer for one course (docs/announcements.md), wired once for the
 * teacher's My Courses and the administrator's Course Management: returns the props of shared-ui's
 * `AnnouncementsManager` inside its `AnnouncementsDrawer` (the course's list and its states, post,
 * edit, pin, delete, the shared validator and limits). Each write rejects with the service's failure,
 * so the dialog can say why and keep what was typed.
 *
 * `describeError` puts a failure in the user's language; shared-data has no i18n, so the app passes
 * `(error) => t(errorMessageKey(error), { ns: 'errors' })`. It describes the list's load failure and
 * is handed on to the manager for the writes'.
 */
export function useCourseAnnouncementsDrawer(
  courseId: string,
  describeError: (error: unknown) => string,
) {
  const read = useQuery(announcementQueries.forCourse(courseId));
  const create = useMutation(announcementMutations.create());
  const update = useMutation(announcementMutations.update());
  const remove = useMutation(announcementMutations.remove());
  return {
    items: read.data,
    loading: read.isPending,
    loadError: read.isError ? describeError(read.error) : null,
    onRetry: () => void read.refetch(),
    retrying: read.isFetching,
    save: (values: AnnouncementFormValues, editing: { id: string } | null) =>
      editing
        ? update.mutateAsync({
            id: editing.id,
            changes: { title: values.title, body: values.body, pinned: values.pinned },
          })
        : create.mutateAsync({ courseId, ...values }),
    remove: (announcement: { id: string }) => remove.mutateAsync(announcement.id),
    setPinned: (announcement: { id: string }, pinned: boolean) =>
      update.mutateAsync({ id: announcement.id, changes: { pinned } }),
    describeError,
    validate: validateAnnouncementForm,
    limits: ANNOUNCEMENT_TEXT_LIMITS,
    /** The drawer's title already says "Announcements". */
    withHeading: false,
  };
}
