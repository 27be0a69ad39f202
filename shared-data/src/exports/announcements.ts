// Course announcements: the entity, its service and its form (docs/announcements.md).

export { byPinnedThenNewest, type Announcement } from '../mappers/announcement';
export {
  COURSE_ANNOUNCEMENTS_LIMIT,
  DASHBOARD_ANNOUNCEMENTS_LIMIT,
  announcementsService,
  type AnnouncementChanges,
  type AnnouncementInput,
} from '../services/announcements';
export {
  ANNOUNCEMENT_TEXT_LIMITS,
  announcementFormFrom,
  emptyAnnouncementForm,
  validateAnnouncementForm,
  type AnnouncementFormErrors,
  type AnnouncementFormMessageKey,
  type AnnouncementFormValues,
} from '../rules/announcement-form';
