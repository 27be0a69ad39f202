import { useMutation, useQuery } from '@tanstack/react-query';
import type { AnnouncementFormValues } from '@portal/shared-data';
import { announcementMutations, announcementQueries } from './announcement-queries';

/**
 * A course's announcements for its teacher or an administrator: the list and the writes the shared
 * `AnnouncementsManager` (shared-ui) takes as props. Each write rejects with the service's failure, so
 * the dialog can say why and keep what was typed.
 */
export function useCourseAnnouncements(courseId: string) {
  const read = useQuery(announcementQueries.forCourse(courseId));
  const create = useMutation(announcementMutations.create());
  const update = useMutation(announcementMutations.update());
  const remove = useMutation(announcementMutations.remove());
  return {
    read,
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
  };
}
