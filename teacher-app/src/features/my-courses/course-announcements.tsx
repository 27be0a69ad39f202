import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENT_TEXT_LIMITS,
  errorMessageKey,
  validateAnnouncementForm,
} from '@portal/shared-data';
import { useCourseAnnouncements } from '@portal/shared-data/queries';
import { AnnouncementsDrawer, AnnouncementsManager } from '@portal/shared-ui';

export interface CourseAnnouncementsProps {
  course: { id: string; title: string };
  onClose: () => void;
}

/**
 * One of the teacher's courses' announcements (docs/announcements.md): the shared drawer and manager
 * (the administrator's Course Management shows the same), wired to the course's list and writes.
 */
export function CourseAnnouncements({ course, onClose }: CourseAnnouncementsProps) {
  const { t } = useTranslation();
  const { read, save, remove, setPinned } = useCourseAnnouncements(course.id);
  const describeError = (error: unknown) => t(errorMessageKey(error), { ns: 'errors' });
  return (
    <AnnouncementsDrawer courseTitle={course.title} onClose={onClose}>
      <AnnouncementsManager
        items={read.data}
        loading={read.isPending}
        loadError={read.isError ? describeError(read.error) : null}
        onRetry={() => void read.refetch()}
        retrying={read.isFetching}
        save={save}
        remove={remove}
        setPinned={setPinned}
        describeError={describeError}
        validate={validateAnnouncementForm}
        limits={ANNOUNCEMENT_TEXT_LIMITS}
        withHeading={false}
      />
    </AnnouncementsDrawer>
  );
}
