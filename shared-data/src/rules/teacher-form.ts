import { blankToNull } from '../mappers/fields';
import type { AppUser } from '../mappers/user';
import type { NewUserInput, PersonalChanges } from '../mappers/user-changes';
import type { UiSiteLanguage } from './settings';
import { isPhoneNumber } from './profile-form';
import { isValidEmail } from './validation';

// The teacher form of Teacher Management (docs/product-rules.md "Teacher Management"): the limits of
// public.users' checks (20261122000100_users.sql), so the form refuses what the database and the
// admin-users function would. A teacher's specializations are labels such as "Business Spanish": at
// most 10, each at most 40 characters, none twice.

/** `char_length(...) <=` of public.users, counted after trimming; the email as the function allows it. */
export const TEACHER_TEXT_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: 255,
  phone: 40,
  location: 120,
  bio: 2000,
} as const;

export type TeacherTextField = keyof typeof TEACHER_TEXT_LIMITS;

/** users_specializations_count and users_specializations_items. */
export const TEACHER_SPECIALIZATIONS = { maxCount: 10, maxLength: 40 } as const;

/** Teacher cards on one page of Teacher Management. */
export const TEACHER_PAGE_SIZE = 12;

/** Courses a teacher's card names (the newest); the rest are counted. */
export const TEACHER_CARD_COURSE_LIMIT = 5;

export type TeacherFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  bio: string;
  specializations: string[];
  /** Create only, as on User Management: the language of the welcome email; '' = the school's default. */
  language: UiSiteLanguage | '';
};

/** i18n keys in the `validation` namespace; their variables come from `teacherMessageValues`. */
export type TeacherFormMessageKey =
  | 'firstNameRequired'
  | 'lastNameRequired'
  | 'emailRequired'
  | 'emailInvalid'
  | 'userTextTooLong'
  | 'profileFirstNameTooLong'
  | 'profileLastNameTooLong'
  | 'profilePhoneInvalid'
  | 'profilePhoneTooLong'
  | 'profileLocationTooLong'
  | 'profileBioTooLong'
  | 'teacherSpecializationsTooMany'
  | 'teacherSpecializationTooLong';

export type TeacherFormErrors = Partial<Record<keyof TeacherFormValues, TeacherFormMessageKey>>;

/** Adding a teacher, or editing one (whose email cannot change). */
export type TeacherFormMode = 'create' | 'edit';

/** What Add Teacher sends: a teacher account with its specializations. */
export type NewTeacherInput = Omit<NewUserInput, 'role'> & { specializations: string[] };

/** What Save sends when editing a teacher. */
export type TeacherChanges = PersonalChanges & { specializations?: string[] };

/** A text's length as the database counts it: characters (an emoji is one), after trimming. */
export function teacherTextLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * The labels as they are saved: trimmed with inner spaces collapsed, blanks dropped, and a label
 * that repeats an earlier one (ignoring case) dropped too. The admin-users function does the same.
 */
export function normalizeSpecializations(labels: readonly string[]): string[] {
  const kept: string[] = [];
  for (const raw of labels) {
    const label = raw.trim().replace(/\s+/g, ' ');
    if (label && !kept.some((other) => other.toLowerCase() === label.toLowerCase())) {
      kept.push(label);
    }
  }
  return kept;
}

export function emptyTeacherForm(): TeacherFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    location: '',
    bio: '',
    specializations: [],
    language: '',
  };
}

export function teacherFormFromTeacher(
  teacher: AppUser & { specializations: readonly string[] },
): TeacherFormValues {
  return {
    firstName: teacher.firstName,
    lastName: teacher.lastName,
    email: teacher.email,
    phone: teacher.phone ?? '',
    location: teacher.location ?? '',
    bio: teacher.bio ?? '',
    specializations: [...teacher.specializations],
    language: '',
  };
}

function tooLong(field: TeacherTextField, value: string): boolean {
  return teacherTextLength(value) > TEACHER_TEXT_LIMITS[field];
}

function specializationsError(labels: readonly string[]): TeacherFormMessageKey | undefined {
  const kept = normalizeSpecializations(labels);
  if (kept.length > TEACHER_SPECIALIZATIONS.maxCount) return 'teacherSpecializationsTooMany';
  if (kept.some((label) => [...label].length > TEACHER_SPECIALIZATIONS.maxLength)) {
    return 'teacherSpecializationTooLong';
  }
  return undefined;
}

/**
 * The form's checks: failing fields only, `{}` when valid. When editing, the email is shown but not
 * sent (it cannot change), so it is not checked either.
 */
export function validateTeacherForm(
  values: TeacherFormValues,
  mode: TeacherFormMode,
): TeacherFormErrors {
  const errors: TeacherFormErrors = {};
  const set = (field: keyof TeacherFormValues, key: TeacherFormMessageKey | undefined | false) => {
    if (key) errors[field] = key;
  };
  set(
    'firstName',
    values.firstName.trim() === ''
      ? 'firstNameRequired'
      : tooLong('firstName', values.firstName) && 'profileFirstNameTooLong',
  );
  set(
    'lastName',
    values.lastName.trim() === ''
      ? 'lastNameRequired'
      : tooLong('lastName', values.lastName) && 'profileLastNameTooLong',
  );
  if (mode === 'create') {
    set(
      'email',
      values.email.trim() === ''
        ? 'emailRequired'
        : !isValidEmail(values.email)
          ? 'emailInvalid'
          : tooLong('email', values.email) && 'userTextTooLong',
    );
  }
  if (values.phone.trim() !== '') {
    set(
      'phone',
      tooLong('phone', values.phone)
        ? 'profilePhoneTooLong'
        : !isPhoneNumber(values.phone) && 'profilePhoneInvalid',
    );
  }
  set('location', tooLong('location', values.location) && 'profileLocationTooLong');
  set('bio', tooLong('bio', values.bio) && 'profileBioTooLong');
  set('specializations', specializationsError(values.specializations));
  return errors;
}

/**
 * The variables of a field's message: `max` characters of a text; for specializations `max` labels
 * and `length` characters each.
 */
export function teacherMessageValues(field: keyof TeacherFormValues): {
  max?: number;
  length?: number;
} {
  if (field === 'specializations') {
    return {
      max: TEACHER_SPECIALIZATIONS.maxCount,
      length: TEACHER_SPECIALIZATIONS.maxLength,
    };
  }
  // The language is chosen from a list: it has no message of its own.
  if (field === 'language') return {};
  return { max: TEACHER_TEXT_LIMITS[field] };
}

/** What Add Teacher sends (checked values: call after `validateTeacherForm` passed). */
export function toNewTeacherInput(values: TeacherFormValues): NewTeacherInput {
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: blankToNull(values.phone),
    location: blankToNull(values.location),
    bio: blankToNull(values.bio),
    specializations: normalizeSpecializations(values.specializations),
    ...(values.language ? { language: values.language } : {}),
  };
}

/** What Save sends when editing: names, personal fields (blanks clear them), specializations; never the email. */
export function toTeacherChanges(values: TeacherFormValues): TeacherChanges {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: blankToNull(values.phone),
    location: blankToNull(values.location),
    bio: blankToNull(values.bio),
    specializations: normalizeSpecializations(values.specializations),
  };
}

// What happens to a teacher's courses when the teacher is deactivated or deleted: they stay with the
// teacher (deactivating only), move to another active teacher, or keep no teacher (deleting only;
// they show 'Unknown').

export type CourseHandoff = 'keep' | 'reassign' | 'unassign';

/** A teacher leaves by being deactivated (they may come back) or deleted. */
export type TeacherDeparture = 'delete' | 'deactivate';

/**
 * The choices for each departure, the first one preselected: a deactivated teacher may keep their
 * courses (or hand them over); a deleted one cannot, so they move or keep no teacher.
 */
export const HANDOFF_CHOICES: Record<TeacherDeparture, readonly CourseHandoff[]> = {
  delete: ['reassign', 'unassign'],
  deactivate: ['keep', 'reassign'],
};

/** A teacher who may take the courses over, as the picker shows them. */
export type HandoffTeacherOption = { value: string; label: string };

/**
 * Who may take over the courses of `leavingId`: the other active teachers (the database refuses
 * anyone else), by name; a teacher without a name shows their email.
 */
export function handoffTargets(
  teachers: readonly Pick<AppUser, 'id' | 'firstName' | 'lastName' | 'email' | 'isActive'>[],
  leavingId: string,
): HandoffTeacherOption[] {
  return teachers
    .filter((teacher) => teacher.isActive && teacher.id !== leavingId)
    .map((teacher) => ({
      value: teacher.id,
      label: `${teacher.firstName} ${teacher.lastName}`.trim() || teacher.email,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export type CourseHandoffValues = { handoff: CourseHandoff; reassignTo: string | null };

export type CourseHandoffErrors = Partial<
  Record<keyof CourseHandoffValues, 'teacherReassignTargetRequired'>
>;

/** Moving the courses needs the teacher who takes them over. */
export function validateCourseHandoff(values: CourseHandoffValues): CourseHandoffErrors {
  return values.handoff === 'reassign' && !values.reassignTo
    ? { reassignTo: 'teacherReassignTargetRequired' }
    : {};
}

/** The `reassignTo` to send: the chosen teacher when the courses move, else none. */
export function handoffTarget(values: CourseHandoffValues): string | null {
  return values.handoff === 'reassign' ? values.reassignTo : null;
}
