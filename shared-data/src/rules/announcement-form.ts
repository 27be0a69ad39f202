import type { Announcement } from '../mappers/announcement';

// The announcement form's rules (docs/announcements.md): the same limits as the checks of
// public.announcements (announcements_title_check, announcements_body_check: characters after
// trimming), so the form refuses what the database would.

export const ANNOUNCEMENT_TEXT_LIMITS = { title: 200, body: 10_000 } as const;

export type AnnouncementFormValues = {
  title: string;
  /** Markdown. */
  body: string;
  pinned: boolean;
  /** "Email it to the course's active students" (only when posting). */
  emailStudents: boolean;
};

/** i18n keys in the `validation` namespace (the TooLong ones take `max`). */
export type AnnouncementFormMessageKey =
  | 'announcementTitleRequired'
  | 'announcementTitleTooLong'
  | 'announcementBodyRequired'
  | 'announcementBodyTooLong';

export type AnnouncementFormErrors = Partial<
  Record<keyof AnnouncementFormValues, AnnouncementFormMessageKey>
>;

export function emptyAnnouncementForm(): AnnouncementFormValues {
  return { title: '', body: '', pinned: false, emailStudents: false };
}

export function announcementFormFrom(announcement: Announcement): AnnouncementFormValues {
  return {
    title: announcement.title,
    body: announcement.body,
    pinned: announcement.pinned,
    emailStudents: announcement.emailed,
  };
}

/** A text's length as the database counts it: characters (an emoji is one), after trimming. */
function length(text: string): number {
  return [...text.trim()].length;
}

/** Failing fields; `{}` means the announcement can be saved. */
export function validateAnnouncementForm(values: AnnouncementFormValues): AnnouncementFormErrors {
  const errors: AnnouncementFormErrors = {};
  const title = length(values.title);
  const body = length(values.body);
  if (title === 0) errors.title = 'announcementTitleRequired';
  else if (title > ANNOUNCEMENT_TEXT_LIMITS.title) errors.title = 'announcementTitleTooLong';
  if (body === 0) errors.body = 'announcementBodyRequired';
  else if (body > ANNOUNCEMENT_TEXT_LIMITS.body) errors.body = 'announcementBodyTooLong';
  return errors;
}
