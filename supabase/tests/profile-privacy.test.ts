import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { anonClient } from '../../local-supabase/tests/support';
import {
  createCourse,
  createMaterial,
  createPerson,
  enroll,
  expectDenied,
  service,
  type Person,
} from './fixtures';

// What each role may read of other people's profiles, what a person may change on their own, and
// that no answer tells a non-admin which ids are administrators.
//
// A teacher's public profile (what students and other teachers read) is their id, name, avatar and
// specializations, through the `teacher_profiles` view; the whole `users` row stays with its owner,
// administrators, and the teachers of a student's courses.

const PUBLIC_PROFILE_KEYS = ['avatar_url', 'first_name', 'id', 'last_name', 'specializations'];

const PRIVATE_COLUMNS = [
  'email',
  'phone',
  'location',
  'bio',
  'role',
  'is_active',
  'last_sign_in_at',
  'created_at',
  'updated_at',
];

let student: Person;
let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let enrolledStudent: Person;
let courseId: string;
let adminCourseId: string;

beforeAll(async () => {
  [student, teacher, otherTeacher, admin, enrolledStudent] = await Promise.all([
    createPerson('student', 'Privy'),
    createPerson('teacher', 'Tanya'),
    createPerson('teacher', 'Oscar'),
    createPerson('admin', 'Ada'),
    createPerson('student', 'Enzo'),
  ]);
  // The teacher's private details, which only they, admins and nobody else may read.
  const details = {
    phone: '+34 600 000 111',
    location: 'Bilbao',
    bio: 'Private bio',
    avatar_url: null,
    specializations: ['Conversation', 'Business Spanish'],
  };
  for (const person of [teacher, otherTeacher]) {
    const { error } = await service.from('users').update(details).eq('id', person.id);
    if (error) throw new Error(error.message);
  }
  courseId = (await createCourse({ teacher_id: teacher.id, is_active: true })).id;
  adminCourseId = (await createCourse({ teacher_id: admin.id, is_active: true })).id;
  await enroll(enrolledStudent.id, courseId);
});

describe("a teacher's profile as others see it", () => {
  it('a student reads no row of a teacher in users', async () => {
    const { data, error } = await student.client.from('users').select('*').eq('id', teacher.id);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('a student lists only their own row in users', async () => {
    const { data, error } = await student.client.from('users').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: student.id }]);
  });

  it('another teacher reads no row of a teacher in users', async () => {
    const { data, error } = await otherTeacher.client
      .from('users')
      .select('id, email')
      .eq('id', teacher.id);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it.each(['student', 'otherTeacher'] as const)(
    'a %s reads the public profile: id, names, avatar and specializations only',
    async (who) => {
      const reader = who === 'student' ? student : otherTeacher;
      const { data, error } = await reader.client
        .from('teacher_profiles')
        .select('*')
        .eq('id', teacher.id);
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(Object.keys(data?.[0] ?? {}).sort()).toEqual(PUBLIC_PROFILE_KEYS);
      expect(data?.[0]).toEqual({
        id: teacher.id,
        first_name: 'Tanya',
        last_name: 'Tester',
        avatar_url: null,
        specializations: ['Conversation', 'Business Spanish'],
      });
    },
  );

  it.each(PRIVATE_COLUMNS)('the public profile has no %s column', async (column) => {
    const { error } = await student.client
      .from('teacher_profiles')
      .select(`id, ${column}`)
      .limit(1);
    expect(error).toBeTruthy();
  });

  it('lists teachers only (no student or administrator)', async () => {
    const { data, error } = await student.client
      .from('teacher_profiles')
      .select('id')
      .in('id', [student.id, enrolledStudent.id, admin.id, teacher.id, otherTeacher.id]);
    expect(error).toBeNull();
    expect((data ?? []).map((row) => row.id).sort()).toEqual([teacher.id, otherTeacher.id].sort());
  });

  it('is not readable without signing in', async () => {
    const { data, error } = await anonClient().from('teacher_profiles').select('id').limit(1);
    expect(error !== null || (data ?? []).length === 0).toBe(true);
  });

  it("a course's teacher name reaches a student through the course (one request)", async () => {
    const { data, error } = await student.client
      .from('courses')
      .select('id, teacher:teacher_profile(first_name, last_name)')
      .eq('id', courseId)
      .single();
    expect(error).toBeNull();
    expect(data?.teacher).toEqual({ first_name: 'Tanya', last_name: 'Tester' });
  });

  it("a general material's uploader name reaches a student (one request)", async () => {
    const material = await createMaterial({ uploaded_by: teacher.id, course_id: null });
    const { data, error } = await student.client
      .from('materials')
      .select('id, uploader:uploader_profile(first_name, last_name)')
      .eq('id', material.id)
      .single();
    expect(error).toBeNull();
    expect(data?.uploader).toEqual({ first_name: 'Tanya', last_name: 'Tester' });
  });

  it('an administrator teaching a course stays unnamed to students, named to admins', async () => {
    const asStudent = await student.client
      .from('courses')
      .select('teacher:teacher_profile(first_name)')
      .eq('id', adminCourseId)
      .single();
    expect(asStudent.error).toBeNull();
    expect(asStudent.data?.teacher).toBeNull();

    const asAdmin = await admin.client
      .from('courses')
      .select('teacher:teacher_profile(first_name)')
      .eq('id', adminCourseId)
      .single();
    expect(asAdmin.error).toBeNull();
    expect(asAdmin.data?.teacher).toEqual({ first_name: 'Ada' });
  });
});

describe('whole rows stay with those who need them', () => {
  it('an administrator reads every column of a teacher', async () => {
    const { data, error } = await admin.client
      .from('users')
      .select('id, email, phone, location, bio, is_active, last_sign_in_at')
      .eq('id', teacher.id)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: teacher.id,
      email: teacher.email,
      phone: '+34 600 000 111',
      location: 'Bilbao',
      bio: 'Private bio',
      is_active: true,
    });
  });

  it('a teacher reads their own whole row', async () => {
    const { data, error } = await teacher.client
      .from('users')
      .select('id, email, phone, location, bio')
      .eq('id', teacher.id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      id: teacher.id,
      email: teacher.email,
      phone: '+34 600 000 111',
      location: 'Bilbao',
      bio: 'Private bio',
    });
  });

  it('a teacher reads the whole row of a student enrolled in their course, not of others', async () => {
    const mine = await teacher.client
      .from('users')
      .select('id, email')
      .eq('id', enrolledStudent.id);
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ id: enrolledStudent.id, email: enrolledStudent.email }]);

    const notMine = await otherTeacher.client
      .from('users')
      .select('id')
      .in('id', [enrolledStudent.id, student.id]);
    expect(notMine.error).toBeNull();
    expect(notMine.data).toEqual([]);
  });
});

describe('self-updates are limited to the personal fields', () => {
  const PROTECTED: Array<[string, Record<string, unknown>]> = [
    ['role', { role: 'admin' }],
    ['is_active', { is_active: false }],
    ['email', { email: 'changed@example.test' }],
    ['specializations', { specializations: ['Grammar'] }],
    ['created_at', { created_at: '2000-01-01T00:00:00Z' }],
    ['last_sign_in_at', { last_sign_in_at: '2000-01-01T00:00:00Z' }],
  ];

  const fullRow = async (id: string) =>
    (await service.from('users').select('*').eq('id', id).single()).data;

  it.each(
    (['student', 'teacher'] as const).flatMap((role) =>
      PROTECTED.map(([column, change]) => [role, column, change] as const),
    ),
  )('a %s cannot change their own %s', async (role, _column, change) => {
    const me = role === 'student' ? student : teacher;
    const before = await fullRow(me.id);
    const result = await me.client.from('users').update(change).eq('id', me.id).select('id');
    expectDenied(result);
    expect(await fullRow(me.id)).toEqual(before);
  });

  it.each(['student', 'teacher'] as const)(
    'a %s changes their own personal fields',
    async (role) => {
      const me = role === 'student' ? student : teacher;
      const change = {
        first_name: 'Renamed',
        last_name: 'Person',
        phone: '123',
        location: 'Vigo',
        bio: 'Hi',
      };
      const { data, error } = await me.client
        .from('users')
        .update(change)
        .eq('id', me.id)
        .select('first_name, last_name, phone, location, bio')
        .single();
      expect(error).toBeNull();
      expect(data).toEqual(change);
      // Put the names back for the other tests.
      await service
        .from('users')
        .update({
          first_name: role === 'student' ? 'Privy' : 'Tanya',
          last_name: 'Tester',
          phone: '+34 600 000 111',
          location: 'Bilbao',
          bio: 'Private bio',
        })
        .eq('id', me.id);
    },
  );
});

describe('no answer tells a non-admin which ids are administrators', () => {
  // A well-formed id that belongs to nobody.
  const NOBODY = '00000000-0000-4000-8000-00000000dead';

  type Reply = {
    data: unknown;
    error: { code?: string; message?: string } | null;
    status?: number;
  };
  /** What a caller can observe of a reply: the data, the error code and message, the status. */
  const seen = (reply: Reply) => ({
    data: reply.data,
    code: reply.error?.code ?? null,
    message: reply.error?.message ?? null,
    status: reply.status,
  });

  /** Runs `probe` with an administrator's id and with nobody's id: the two answers must match. */
  async function expectSameAnswer(probe: (id: string) => PromiseLike<Reply>) {
    const forAdmin = seen(await probe(admin.id));
    const forNobody = seen(await probe(NOBODY));
    expect(forAdmin).toEqual(forNobody);
  }

  const callerOf = (who: 'student' | 'teacher') => (who === 'student' ? student : teacher);

  it.each(['student', 'teacher'] as const)('a %s selecting users by id', async (who) => {
    const me = who === 'student' ? student : teacher;
    await expectSameAnswer((id) => me.client.from('users').select('*').eq('id', id));
    await expectSameAnswer((id) => me.client.from('teacher_profiles').select('*').eq('id', id));
  });

  it.each(['student', 'teacher'] as const)('a %s updating or deleting users by id', async (who) => {
    const me = who === 'student' ? student : teacher;
    await expectSameAnswer((id) =>
      me.client.from('users').update({ first_name: 'X' }).eq('id', id).select('id'),
    );
    await expectSameAnswer((id) =>
      me.client.from('users').update({ role: 'student' }).eq('id', id).select('id'),
    );
    await expectSameAnswer((id) =>
      me.client.from('users').update({ is_active: false }).eq('id', id).select('id'),
    );
    await expectSameAnswer((id) => me.client.from('users').delete().eq('id', id).select('id'));
  });

  it('a teacher creating a course for someone else', async () => {
    await expectSameAnswer((id) =>
      teacher.client
        .from('courses')
        .insert({ title: 'Probe', language: 'Spanish', teacher_id: id })
        .select('id'),
    );
  });

  it('a teacher handing their course to someone else', async () => {
    await expectSameAnswer((id) =>
      teacher.client.from('courses').update({ teacher_id: id }).eq('id', courseId).select('id'),
    );
    const { data } = await service.from('courses').select('teacher_id').eq('id', courseId).single();
    expect(data?.teacher_id).toBe(teacher.id);
  });

  it.each(['student', 'teacher'] as const)('a %s calling RPCs that take a user id', async (who) => {
    const me = callerOf(who);
    await expectSameAnswer((id) => me.client.rpc('get_student_stats', { student_uuid: id }));
    await expectSameAnswer((id) => me.client.rpc('get_my_student_detail', { student_uuid: id }));
    await expectSameAnswer((id) =>
      me.client.rpc('enroll_user_in_course', { user_uuid: id, course_uuid: courseId }),
    );
    await expectSameAnswer((id) =>
      me.client.rpc('unenroll_user_from_course', { user_uuid: id, course_uuid: courseId }),
    );
    await expectSameAnswer((id) =>
      me.client.rpc('reassign_teacher_courses', { from_teacher: id, to_teacher: teacher.id }),
    );
  });

  it.each(['student', 'teacher'] as const)('a %s calling the admin-users function', async (who) => {
    const me = callerOf(who);
    const token = (await me.client.auth.getSession()).data.session?.access_token;
    const call = async (body: unknown): Promise<Reply> => {
      const response = await fetch(`${API_URL}/functions/v1/admin-users`, {
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return { data: await response.json(), error: null, status: response.status };
    };
    await expectSameAnswer((id) => call({ action: 'update', id, firstName: 'X' }));
    await expectSameAnswer((id) => call({ action: 'delete', id }));
  });
});

afterAll(async () => {
  // The files' accounts are unique per run; nothing to undo.
});
