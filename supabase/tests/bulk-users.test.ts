import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { closeDb, createCourse, createPerson, ownerQuery, service, type Person } from './fixtures';

// User Management's bulk deactivate and delete (admin-users `bulk`): only active administrators may
// call it; each person of the selection is answered on their own; the caller's own account and a
// teacher who still has courses are refused with their reasons while the others go ahead.

const FUNCTION_URL = `${API_URL}/functions/v1/admin-users`;

const created: string[] = [];

afterAll(async () => {
  for (const id of created) await service.auth.admin.deleteUser(id).catch(() => undefined);
  await closeDb();
});

type BulkAnswer = {
  code?: string;
  details?: Record<string, unknown>;
  results?: Array<{ id: string; status: 'done' | 'refused'; code?: string; details?: Record<string, unknown> }>;
};

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client is not signed in');
  return data.session.access_token;
}

async function call(token: string, body: unknown) {
  const response = await fetch(FUNCTION_URL, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as BulkAnswer };
}

async function person(role: Person['role'], name?: string): Promise<Person> {
  const someone = await createPerson(role, name);
  created.push(someone.id);
  return someone;
}

async function profile(id: string) {
  const { rows } = await ownerQuery<{ is_active: boolean }>(
    'select is_active from public.users where id = $1',
    [id],
  );
  return rows[0];
}

const byId = (answer: BulkAnswer) => new Map((answer.results ?? []).map((row) => [row.id, row]));

describe('bulk deactivate and delete (admin-users `bulk`)', () => {
  it.each(['teacher', 'student'] as const)('a %s is refused (403) and nobody changes', async (role) => {
    const [caller, target] = await Promise.all([person(role), person('student', 'Target')]);
    const token = await tokenOf(caller.client);
    for (const operation of ['deactivate', 'delete']) {
      const answer = await call(token, { action: 'bulk', operation, ids: [target.id] });
      expect(answer, operation).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    expect(await profile(target.id)).toEqual({ is_active: true });
  });

  it('deactivates each person on their own: not the caller, not a teacher who still has courses', async () => {
    const admin = await person('admin', 'Acting');
    const [student, idleTeacher, busyTeacher] = await Promise.all([
      person('student', 'Bulk'),
      person('teacher', 'Idle'),
      person('teacher', 'Busy'),
    ]);
    await createCourse({ teacher_id: busyTeacher.id });
    await createCourse({ teacher_id: busyTeacher.id });
    const unknown = crypto.randomUUID();
    const ids = [student.id, admin.id, busyTeacher.id, idleTeacher.id, unknown];

    const answer = await call(await tokenOf(admin.client), { action: 'bulk', operation: 'deactivate', ids });

    expect(answer.status).toBe(200);
    expect(answer.body.results?.map((row) => row.id)).toEqual(ids);
    const rows = byId(answer.body);
    expect(rows.get(student.id)).toMatchObject({ status: 'done' });
    expect(rows.get(idleTeacher.id)).toMatchObject({ status: 'done' });
    expect(rows.get(admin.id)).toMatchObject({ status: 'refused', code: 'CANNOT_DEMOTE_SELF' });
    expect(rows.get(busyTeacher.id)).toMatchObject({
      status: 'refused',
      code: 'TEACHER_HAS_COURSES',
      details: { courses: 2 },
    });
    expect(rows.get(unknown)).toMatchObject({ status: 'refused', code: 'USER_NOT_FOUND' });
    expect(await profile(student.id)).toEqual({ is_active: false });
    expect(await profile(idleTeacher.id)).toEqual({ is_active: false });
    expect(await profile(busyTeacher.id)).toEqual({ is_active: true });
    expect(await profile(admin.id)).toEqual({ is_active: true });
  });

  it('deletes each person on their own, never the caller', async () => {
    const admin = await person('admin', 'Acting');
    const [first, second] = await Promise.all([person('student', 'Gone'), person('admin', 'Gone')]);
    const ids = [first.id, admin.id, second.id];

    const answer = await call(await tokenOf(admin.client), { action: 'bulk', operation: 'delete', ids });

    expect(answer.status).toBe(200);
    const rows = byId(answer.body);
    expect(rows.get(first.id)).toMatchObject({ status: 'done' });
    expect(rows.get(second.id)).toMatchObject({ status: 'done' });
    expect(rows.get(admin.id)).toMatchObject({ status: 'refused', code: 'CANNOT_DELETE_SELF' });
    expect(await profile(first.id)).toBeUndefined();
    expect(await profile(second.id)).toBeUndefined();
    expect(await profile(admin.id)).toEqual({ is_active: true });
  });

  it('refuses a call of more than 100 people, or without a valid operation', async () => {
    const admin = await person('admin', 'Acting');
    const token = await tokenOf(admin.client);
    const ids = Array.from({ length: 101 }, () => crypto.randomUUID());
    expect(await call(token, { action: 'bulk', operation: 'delete', ids })).toMatchObject({
      status: 400,
      body: { code: 'BULK_TOO_LARGE' },
    });
    expect(
      await call(token, { action: 'bulk', operation: 'promote', ids: [crypto.randomUUID()] }),
    ).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', details: { field: 'operation' } } });
  });
});
