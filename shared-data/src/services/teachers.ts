import { ERROR_MESSAGES } from '../errors';
import { blankToNull, toNumber } from '../mappers/fields';
import { toAppUser, type AppUser, type UserRow } from '../mappers/user';
import { toAdminCreateBody } from '../mappers/user-changes';
import {
  normalizeSpecializations,
  type NewTeacherInput,
  type TeacherChanges,
} from '../rules/teacher-form';
import { fail, ok, settle, type Result } from '../result';
import { invokeFunction } from './edge-functions';

// Teacher Management's writes (admin-app, /teachers; its page and figures are
// read-models/teacher-management.ts): accounts are created, edited, deactivated and deleted through the
// admin-users edge function, which also moves a teacher's courses to another active teacher first when
// asked (`reassignTo`).

/** A teacher's profile with the specializations an administrator keeps on it. */
export type TeacherProfile = AppUser & { specializations: string[] };

/** A teacher just added, with the one-time temporary password to hand over. */
export type CreatedTeacher = { user: TeacherProfile; temporaryPassword: string };

type Json = Record<string, unknown>;
export type TeacherRow = UserRow & { specializations?: unknown };

const ADMIN_USERS_FUNCTION = 'admin-users';

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const numeric = (value: unknown) => toNumber(value as number | string | null | undefined);

export function toTeacherProfile(row: TeacherRow): TeacherProfile {
  return { ...toAppUser({ ...row, role: 'teacher' }), specializations: texts(row.specializations) };
}

/** Adds a teacher account through admin-users: a confirmed email and a one-time password. */
async function create(input: NewTeacherInput): Promise<Result<CreatedTeacher>> {
  return settle('CREATE_USERS_ERROR', ERROR_MESSAGES.createUserFailed, async () => {
    const reply = await invokeFunction<{ user: TeacherRow; temporaryPassword: string }>(
      ADMIN_USERS_FUNCTION,
      {
        ...toAdminCreateBody({ ...input, role: 'teacher' }),
        specializations: normalizeSpecializations(input.specializations),
      },
      'CREATE_USERS_ERROR',
      ERROR_MESSAGES.createUserFailed,
    );
    if (!reply.success) return reply;
    return ok({
      user: toTeacherProfile(reply.data.user),
      temporaryPassword: reply.data.temporaryPassword,
    });
  });
}

async function updateThroughFunction(
  body: Json,
  fallback: string,
): Promise<Result<TeacherProfile>> {
  const reply = await invokeFunction<{ user?: TeacherRow } | null>(
    ADMIN_USERS_FUNCTION,
    { action: 'update', ...body },
    'UPDATE_USERS_ERROR',
    fallback,
  );
  if (!reply.success) return reply;
  return reply.data?.user
    ? ok(toTeacherProfile(reply.data.user))
    : fail('UPDATE_USERS_ERROR', fallback);
}

/** Saves a teacher's names, personal fields and specializations (the email never changes). */
async function update(id: string, changes: TeacherChanges): Promise<Result<TeacherProfile>> {
  return settle('UPDATE_USERS_ERROR', ERROR_MESSAGES.updateUserFailed, async () => {
    const body: Json = { id };
    if (changes.firstName !== undefined) body.firstName = changes.firstName.trim();
    if (changes.lastName !== undefined) body.lastName = changes.lastName.trim();
    if (changes.phone !== undefined) body.phone = blankToNull(changes.phone);
    if (changes.location !== undefined) body.location = blankToNull(changes.location);
    if (changes.bio !== undefined) body.bio = blankToNull(changes.bio);
    if (changes.specializations !== undefined) {
      body.specializations = normalizeSpecializations(changes.specializations);
    }
    return updateThroughFunction(body, ERROR_MESSAGES.updateUserFailed);
  });
}

/**
 * Deactivates (the account is banned and signed out) or reactivates a teacher. `reassignTo` moves
 * the teacher's courses to that active teacher first; without it they stay under this teacher.
 */
async function setActive(
  id: string,
  isActive: boolean,
  reassignTo?: string | null,
): Promise<Result<TeacherProfile>> {
  return settle('UPDATE_USERS_ERROR', ERROR_MESSAGES.updateUserFailed, async () =>
    updateThroughFunction(
      { id, isActive, ...(reassignTo ? { reassignTo } : {}) },
      ERROR_MESSAGES.updateUserFailed,
    ),
  );
}

/**
 * Deletes a teacher's account and profile (and their avatar). `reassignTo` moves their courses to
 * that active teacher first; without it the courses keep no teacher and show 'Unknown'. Answers how
 * many courses moved.
 */
async function remove(
  id: string,
  reassignTo?: string | null,
): Promise<Result<{ reassigned: number }>> {
  return settle('DELETE_USERS_ERROR', ERROR_MESSAGES.deleteUserFailed, async () => {
    const reply = await invokeFunction<{ reassigned?: number } | null>(
      ADMIN_USERS_FUNCTION,
      { action: 'delete', id, ...(reassignTo ? { reassignTo } : {}) },
      'DELETE_USERS_ERROR',
      ERROR_MESSAGES.deleteUserFailed,
    );
    if (!reply.success) return reply;
    return ok({ reassigned: numeric(reply.data?.reassigned) });
  });
}

export const teachersService = {
  create,
  update,
  setActive,
  delete: remove,
};
