import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@portal/shared-data';
import { useCourseAnnouncementsDrawer } from '@portal/shared-data/queries';
import { AnnouncementsDrawer, AnnouncementsManager } from '@portal/shared-ui';

export interface CourseAnnouncementsProps {
  course: { id: string; title: string };
  onClose: () => void;
}

/**
 * One of the teacher's courses' announcements (docs/announcements.md): the shared drawer and manager
 * (the administrator's Course Management shows the same), wired by shared-data's
 * `useCourseAnnouncementsDrawer`.
 */
export function CourseAnnouncements({ course, onClose }: CourseAnnouncementsProps) {
  const { t } = useTranslation();
  const manager = useCourseAnnouncementsDrawer(course.id, (error) =>
    t(errorMessageKey(error), { ns: 'errors' }),
  );
  return (
    <AnnouncementsDrawer courseTitle={course.title} onClose={onClose}>
      <AnnouncementsManager {...manager} />
    </AnnouncementsDrawer>
  );
}
