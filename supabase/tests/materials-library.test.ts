import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, anonClient, signInAs } from '../../local-supabase/tests/support';
import {
  type School,
  closeDb,
  createCourse,
  createMaterial,
  createPerson,
  createSchool,
  enroll,
  expectDenied,
  ownerQuery,
  service,
} from './fixtures';

// The Materials Library's database part (20261122001500_read_models_courses.sql and the storage
// migration): material_stats(), the
// can_delete column of material_list, and the rule that a file material names only a file its
// uploader stored. Expected figures are counted here by the database owner (no RLS) from each
// person's own rule: general materials for everyone, plus a teacher's own courses, a student's
// active enrolments, or everything for an admin.

type Stats = {
  total: number;
  documents: number;
  videos: number;
  audio: number;
  links: number;
  total_size: number;
};

const COUNT = `count(*)::int as total,
               count(*) filter (where m.type in ('pdf', 'document'))::int as documents,
               count(*) filter (where m.type = 'video')::int as videos,
               count(*) filter (where m.type = 'audio')::int as audio,
               count(*) filter (where m.type = 'link')::int as links,
               coalesce(sum(m.file_size), 0)::int as total_size`;

async function expected(where: string, params: unknown[] = []): Promise<Stats> {
  const { rows } = await ownerQuery<Stats>(
    `select ${COUNT} from public.materials m ${where}`,
    params,
  );
  return rows[0] as Stats;
}

const ofTeacher = (teacherId: string) =>
  expected(
    `where m.course_id is null
        or m.course_id in (select c.id from public.courses c where c.teacher_id = $1)`,
    [teacherId],
  );

const ofStudent = (studentId: string) =>
  expected(
    `where m.course_id is null
        or m.course_id in (select e.course_id from public.enrollments e where e.user_id = $1 and e.status = 'active')`,
    [studentId],
  );

/** The caller's figures through the API, as the screen asks for them. */
async function statsOf(client: SupabaseClient): Promise<Stats> {
  const { data, error } = await client.rpc('material_stats');
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
  const [row] = data as Array<Record<keyof Stats, number>>;
  return {
    total: Number(row?.total),
    documents: Number(row?.documents),
    videos: Number(row?.videos),
    audio: Number(row?.audio),
    links: Number(row?.links),
    total_size: Number(row?.total_size),
  };
}

let school: School;
let demoTeacher: SupabaseClient;
let demoAdmin: SupabaseClient;
const run = randomUUID().slice(0, 8);
const objects: string[] = [];

/** A stored object in the materials bucket, owned by `ownerId`, as the storage API writes it. */
/** An object stored by `ownerId` in their folder of `place` (a course id, or the general library). */
async function putObject(ownerId: string, place = 'general'): Promise<string> {
  const name = `${place}/${ownerId}/${Date.now()}-${run}${objects.length}.pdf`;
  await ownerQuery(
    `insert into storage.objects (bucket_id, name, owner, owner_id) values ('materials', $1, $2::uuid, $2::text)`,
    [name, ownerId],
  );
  objects.push(name);
  return name;
}

const fileRow = (name: string, values: Record<string, unknown> = {}) => ({
  title: 'Handout',
  type: 'pdf',
  url: name,
  storage_path: name,
  file_size: 100,
  ...values,
});

beforeAll(async () => {
  school = await createSchool();
  [demoTeacher, demoAdmin] = await Promise.all([
    signInAs(DEMO_ACCOUNTS.teacher.email),
    signInAs(DEMO_ACCOUNTS.admin.email),
  ]);
  // Give the school's courses a file of each kind, so the figures differ by type.
  await Promise.all([
    createMaterial({
      title: 'Clip',
      type: 'video',
      url: 'https://video.example.org/a.mp4',
      course_id: school.course.id,
      file_size: 0,
    }),
    createMaterial({
      title: 'Dialogue',
      type: 'audio',
      url: `${run}-a.mp3`,
      storage_path: `${run}-a.mp3`,
      course_id: school.course.id,
      file_size: 300,
    }),
    createMaterial({
      title: 'Reading',
      type: 'document',
      url: `${run}-b.docx`,
      storage_path: `${run}-b.docx`,
      course_id: school.otherCourse.id,
      file_size: 500,
    }),
  ]);
});

afterAll(async () => {
  // Through the Storage API: storage.objects refuses a direct delete, as on hosted Supabase.
  const { error } = await service.storage.from('materials').remove(objects);
  expect(error).toBeNull();
  await closeDb();
});

describe('material_stats() as a teacher', () => {
  it('counts their own courses and the general library, by type, with their bytes', async () => {
    const { teacher, otherTeacher } = school;
    const mine = await statsOf(teacher.client);
    expect(mine).toEqual(await ofTeacher(teacher.id));
    expect(await statsOf(otherTeacher.client)).toEqual(await ofTeacher(otherTeacher.id));
    expect(await statsOf(demoTeacher)).toEqual(await ofTeacher(DEMO_ACCOUNTS.teacher.id));
    // Not the other teacher's course: 'Reading' and 'Phrasal verbs' are theirs.
    const general = await expected('where m.course_id is null');
    expect(mine.total - general.total).toBe(3); // Verb table, Clip, Dialogue
    expect(mine.videos - general.videos).toBe(1);
    expect(mine.audio - general.audio).toBe(1);
    expect(mine.total_size - general.total_size).toBe(300);
  });

  it('equals what the teacher reads from the materials themselves', async () => {
    const { teacher } = school;
    const { data } = await teacher.client.from('materials').select('type, file_size');
    const rows = data ?? [];
    expect(await statsOf(teacher.client)).toEqual({
      total: rows.length,
      documents: rows.filter((row) => row.type === 'pdf' || row.type === 'document').length,
      videos: rows.filter((row) => row.type === 'video').length,
      audio: rows.filter((row) => row.type === 'audio').length,
      links: rows.filter((row) => row.type === 'link').length,
      total_size: rows.reduce((sum, row) => sum + Number(row.file_size), 0),
    });
  });

  it("follows a material added to their course, and not one added to another teacher's", async () => {
    const { teacher, course, otherCourse } = school;
    const before = await statsOf(teacher.client);
    const mine = await createMaterial({
      type: 'pdf',
      url: `${run}-c.pdf`,
      storage_path: `${run}-c.pdf`,
      course_id: course.id,
      file_size: 1000,
    });
    const theirs = await createMaterial({
      type: 'pdf',
      url: `${run}-d.pdf`,
      storage_path: `${run}-d.pdf`,
      course_id: otherCourse.id,
      file_size: 1000,
    });
    expect(await statsOf(teacher.client)).toEqual({
      ...before,
      total: before.total + 1,
      documents: before.documents + 1,
      total_size: before.total_size + 1000,
    });
    await service.from('materials').delete().in('id', [mine.id, theirs.id]);
    expect(await statsOf(teacher.client)).toEqual(before);
  });

  it('counts only the general library for a teacher without courses', async () => {
    const newcomer = await createPerson('teacher', 'Nora');
    expect(await statsOf(newcomer.client)).toEqual(await expected('where m.course_id is null'));
  });
});

describe('material_stats() as an admin', () => {
  it('counts every material of the school', async () => {
    const everything = await expected('');
    expect(await statsOf(demoAdmin)).toEqual(everything);
    expect(await statsOf(school.admin.client)).toEqual(everything);
  });
});

describe('material_stats() as a student', () => {
  it('counts the general library and the courses they are actively enrolled in', async () => {
    const { student, outsider } = school;
    expect(await statsOf(student.client)).toEqual(await ofStudent(student.id));
    expect(await statsOf(outsider.client)).toEqual(await expected('where m.course_id is null'));
  });

  it('stops counting a course once it is dropped', async () => {
    const course = await createCourse({ teacher_id: school.teacher.id });
    await createMaterial({ type: 'link', url: 'https://example.org/x', course_id: course.id });
    const leaver = await createPerson('student', 'Leo');
    await enroll(leaver.id, course.id);
    const general = await expected('where m.course_id is null');
    expect(await statsOf(leaver.client)).toEqual({
      ...general,
      total: general.total + 1,
      links: general.links + 1,
    });
    await leaver.client.rpc('unenroll_user_from_course', {
      user_uuid: leaver.id,
      course_uuid: course.id,
    });
    expect(await statsOf(leaver.client)).toEqual(general);
    await service.from('courses').delete().eq('id', course.id);
  });
});

describe('material_stats() without a session', () => {
  it('is refused to anonymous callers', async () => {
    expectDenied(await anonClient().rpc('material_stats'));
  });

  it('may be executed by signed-in users only, and runs as the caller', async () => {
    const { rows } = await ownerQuery<{
      anon: boolean;
      authenticated: boolean;
      definer: boolean;
      search_path: boolean;
    }>(
      `select has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              p.prosecdef as definer,
              coalesce(p.proconfig @> array['search_path=""'], false) as search_path
         from pg_proc p where p.oid = 'public.material_stats()'::regprocedure`,
    );
    expect(rows).toEqual([{ anon: false, authenticated: true, definer: false, search_path: true }]);
  });
});

describe('material_list.can_delete', () => {
  async function canDelete(
    client: SupabaseClient,
    ids: string[],
  ): Promise<Record<string, boolean>> {
    const { data, error } = await client
      .from('material_list')
      .select('id, can_delete')
      .in('id', ids);
    expect(error).toBeNull();
    return Object.fromEntries(
      (data ?? []).map((row) => [row.id as string, row.can_delete as boolean]),
    );
  }

  it('says what the delete policies allow: uploader, course teacher, admin', async () => {
    const {
      teacher,
      otherTeacher,
      student,
      admin,
      material,
      otherMaterial,
      generalMaterial,
      course,
    } = school;
    const byAdminInCourse = await createMaterial({ course_id: course.id, uploaded_by: admin.id });
    const byTeacherGeneral = await createMaterial({ uploaded_by: teacher.id });
    const ids = [
      material.id,
      otherMaterial.id,
      generalMaterial.id,
      byAdminInCourse.id,
      byTeacherGeneral.id,
    ];

    expect(await canDelete(teacher.client, ids)).toEqual({
      [material.id]: true,
      [generalMaterial.id]: false,
      [byAdminInCourse.id]: true,
      [byTeacherGeneral.id]: true,
    });
    expect(await canDelete(otherTeacher.client, ids)).toEqual({
      [otherMaterial.id]: true,
      [generalMaterial.id]: false,
      [byTeacherGeneral.id]: false,
    });
    expect(await canDelete(student.client, ids)).toEqual({
      [material.id]: false,
      [generalMaterial.id]: false,
      [byAdminInCourse.id]: false,
      [byTeacherGeneral.id]: false,
    });
    expect(Object.values(await canDelete(admin.client, ids))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);

    // And the policies agree: what it calls deletable is deleted, what it does not is not.
    const refused = await otherTeacher.client
      .from('materials')
      .delete()
      .eq('id', byTeacherGeneral.id)
      .select('id');
    expect(refused.data).toEqual([]);
    const allowed = await teacher.client
      .from('materials')
      .delete()
      .eq('id', byAdminInCourse.id)
      .select('id');
    expect(allowed.data).toHaveLength(1);
  });
});

describe('a file material names only a file its uploader stored', () => {
  it('a teacher records their own stored file; not someone else’s, nor one nobody stored', async () => {
    const { teacher, otherTeacher, course, otherCourse } = school;
    const own = await putObject(teacher.id, String(course.id));
    const theirs = await putObject(otherTeacher.id, String(otherCourse.id));

    const claimed = await teacher.client.from('materials').insert(fileRow(theirs));
    expectDenied(claimed, 'A material can only name a file you may manage');
    expectDenied(await teacher.client.from('materials').insert(fileRow(`${run}-missing.pdf`)));
    // The object name in url must be the same stored file.
    expectDenied(await teacher.client.from('materials').insert(fileRow(own, { url: theirs })));
    expectDenied(
      await teacher.client
        .from('materials')
        .insert(fileRow(own, { storage_path: null, url: theirs })),
    );

    const recorded = await teacher.client
      .from('materials')
      .insert(fileRow(own, { course_id: course.id }))
      .select('id')
      .single();
    expect(recorded.error).toBeNull();

    // So the other teacher's file cannot be read or removed through a claiming row.
    const folder = theirs.split('/').slice(0, -1).join('/');
    const file = theirs.split('/').pop() ?? '';
    const { data: visible } = await teacher.client.storage
      .from('materials')
      .list(folder, { search: file });
    expect((visible ?? []).map((object) => object.name)).not.toContain(file);
  });

  it('an update may not swap in someone else’s file, but may change everything else', async () => {
    const { teacher, otherTeacher, course, otherCourse } = school;
    const own = await putObject(teacher.id, String(course.id));
    const theirs = await putObject(otherTeacher.id, String(otherCourse.id));
    const row = await teacher.client
      .from('materials')
      .insert(fileRow(own, { course_id: course.id }))
      .select('id')
      .single();
    const id = (row.data as { id: string }).id;

    const renamed = await teacher.client
      .from('materials')
      .update({ title: 'Renamed', skill: 'reading' })
      .eq('id', id)
      .select('title');
    expect(renamed.data).toEqual([{ title: 'Renamed' }]);
    expectDenied(
      await teacher.client
        .from('materials')
        .update({ url: theirs, storage_path: theirs })
        .eq('id', id),
    );
    // A link turned into a file is checked too.
    const link = await teacher.client
      .from('materials')
      .insert({ title: 'Link', type: 'link', url: 'https://example.org', course_id: course.id })
      .select('id')
      .single();
    expectDenied(
      await teacher.client
        .from('materials')
        .update({ type: 'pdf', url: theirs, storage_path: theirs })
        .eq('id', (link.data as { id: string }).id),
    );
  });

  it('links and files kept on another site name no stored object', async () => {
    const { teacher, otherTeacher } = school;
    const theirs = await putObject(otherTeacher.id);
    const external = await teacher.client
      .from('materials')
      .insert({ title: 'Clip', type: 'video', url: 'https://video.example.org/clip.mp4' })
      .select('id');
    expect(external.error).toBeNull();
    expectDenied(
      await teacher.client
        .from('materials')
        .insert({ title: 'Sneaky', type: 'video', url: theirs }),
    );
  });

  it('an admin may record any stored file; trusted seeds are not checked', async () => {
    const { admin, teacher } = school;
    const teachers = await putObject(teacher.id);
    const recorded = await admin.client.from('materials').insert(fileRow(teachers)).select('id');
    expect(recorded.error).toBeNull();
    const seeded = await service
      .from('materials')
      .insert(fileRow(`${run}-seeded.pdf`))
      .select('id');
    expect(seeded.error).toBeNull();
  });
});
