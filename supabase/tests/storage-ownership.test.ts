import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageKey } from '../../shared-data/src/rules/error-messages';
import {
  type School,
  closeDb,
  createActivity,
  createCourse,
  createMaterial,
  createPerson,
  createSchool,
  enroll,
  expectDenied,
  ownerQuery,
  service,
} from './fixtures';

// Who may read, sign and remove a materials object is decided by its place and its uploader
// (`<course id | general>/<uploader id>/<file>`), never by a `materials` row naming it; a row names only
// an object its author may manage, in the row's own place; and deleting what a file belongs to removes
// the file, through the database (a queue the storage-cleanup edge function empties via the Storage API).

let school: School;
const run = randomUUID().slice(0, 8);
const pdf = (text = '%PDF-1.4 lesson') => new Blob([text], { type: 'application/pdf' });
const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
const stored: Array<[string, string]> = [];
let counter = 0;

function objectName(place: string, uploaderId: string, extension = 'pdf'): string {
  counter += 1;
  return `${place}/${uploaderId}/${Date.now()}-${run}${counter}.${extension}`;
}

async function upload(client: SupabaseClient, bucket: string, name: string, body: Blob = pdf()) {
  const { error } = await client.storage.from(bucket).upload(name, body);
  if (!error) stored.push([bucket, name]);
  return error;
}

async function mustUpload(client: SupabaseClient, bucket: string, name: string, body?: Blob) {
  const error = await upload(client, bucket, name, body);
  if (error) throw new Error(`upload ${bucket}/${name}: ${error.message}`);
  return name;
}

async function readable(client: SupabaseClient, name: string): Promise<boolean> {
  const { data, error } = await client.storage.from('materials').createSignedUrl(name, 60);
  if (error || !data) return false;
  const response = await fetch(data.signedUrl);
  await response.arrayBuffer();
  return response.ok;
}

async function removed(client: SupabaseClient, name: string): Promise<boolean> {
  const { data } = await client.storage.from('materials').remove([name]);
  return (data ?? []).length === 1;
}

async function exists(bucket: string, name: string): Promise<boolean> {
  const { rowCount } = await ownerQuery(
    'select 1 from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Waits until every object is gone from storage (row and bytes), calling the cleanup function the way
 * its schedule does; fails after `ms`.
 */
async function expectGone(objects: Array<[string, string]>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { error } = await service.functions.invoke('storage-cleanup', { body: {} });
    if (error) throw error;
    const left = [];
    for (const [bucket, name] of objects)
      if (await exists(bucket, name)) left.push(`${bucket}/${name}`);
    if (left.length === 0) break;
    if (Date.now() > deadline) throw new Error(`still stored after ${ms} ms: ${left.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (const [bucket, name] of objects) {
    const download = await service.storage.from(bucket).download(name);
    expect(download.error, `${bucket}/${name} still downloads`).toBeTruthy();
  }
}

beforeAll(async () => {
  school = await createSchool();
});

afterAll(async () => {
  for (const [bucket, name] of stored) await service.storage.from(bucket).remove([name]);
  await closeDb();
});

describe('materials objects: by place and uploader', () => {
  it('teachers upload only into their own folder of the general library or of a course they teach', async () => {
    const { teacher, otherTeacher, student, admin, course, otherCourse } = school;
    expect(
      await upload(teacher.client, 'materials', objectName(String(course.id), teacher.id)),
    ).toBeNull();
    expect(await upload(teacher.client, 'materials', objectName('general', teacher.id))).toBeNull();
    // Not a course they do not teach, not another uploader's folder, not the old flat names.
    expect(
      await upload(teacher.client, 'materials', objectName(String(otherCourse.id), teacher.id)),
    ).toBeTruthy();
    expect(
      await upload(teacher.client, 'materials', objectName('general', otherTeacher.id)),
    ).toBeTruthy();
    expect(await upload(teacher.client, 'materials', `${Date.now()}-${run}.pdf`)).toBeTruthy();
    expect(
      await upload(teacher.client, 'materials', objectName(randomUUID(), teacher.id)),
    ).toBeTruthy();
    // Students upload nothing; admins into any existing course, in their own folder.
    expect(
      await upload(student.client, 'materials', objectName('general', student.id)),
    ).toBeTruthy();
    expect(
      await upload(admin.client, 'materials', objectName(String(otherCourse.id), admin.id)),
    ).toBeNull();
    expect(
      await upload(admin.client, 'materials', objectName(randomUUID(), admin.id)),
    ).toBeTruthy();
  });

  it("a course file is read by its uploader, the course's teacher, its enrolled students and admins, with no material row", async () => {
    const { teacher, otherTeacher, student, otherStudent, outsider, admin, course } = school;
    const byAdmin = await mustUpload(
      admin.client,
      'materials',
      objectName(String(course.id), admin.id),
    );
    for (const reader of [admin, teacher, student])
      expect(await readable(reader.client, byAdmin), reader.email).toBe(true);
    for (const stranger of [otherTeacher, otherStudent, outsider]) {
      expect(await readable(stranger.client, byAdmin), stranger.email).toBe(false);
    }
  });

  it('a general file is read by everyone signed in', async () => {
    const { teacher, otherTeacher, outsider, student } = school;
    const general = await mustUpload(
      teacher.client,
      'materials',
      objectName('general', teacher.id),
    );
    for (const reader of [otherTeacher, outsider, student])
      expect(await readable(reader.client, general)).toBe(true);
  });

  it("the course's teacher and admins remove a course file; other teachers and students do not", async () => {
    const { teacher, otherTeacher, student, admin, course } = school;
    const first = await mustUpload(
      admin.client,
      'materials',
      objectName(String(course.id), admin.id),
    );
    const second = await mustUpload(
      teacher.client,
      'materials',
      objectName(String(course.id), teacher.id),
    );
    expect(await removed(otherTeacher.client, first)).toBe(false);
    expect(await removed(student.client, first)).toBe(false);
    expect(await removed(teacher.client, first)).toBe(true);
    expect(await removed(otherTeacher.client, second)).toBe(false);
    expect(await removed(admin.client, second)).toBe(true);
  });

  it('a row that names an object grants nothing: not reading, signing or removing it', async () => {
    const { teacher, otherTeacher, outsider, course } = school;
    const courseFile = await mustUpload(
      teacher.client,
      'materials',
      objectName(String(course.id), teacher.id),
    );
    // A general row naming the course file (written by a trusted caller: no API user may write it).
    await createMaterial({
      type: 'pdf',
      url: courseFile,
      storage_path: courseFile,
      uploaded_by: otherTeacher.id,
    });
    expect(await readable(outsider.client, courseFile)).toBe(false);
    expect(await readable(otherTeacher.client, courseFile)).toBe(false);
    expect(await removed(otherTeacher.client, courseFile)).toBe(false);
    expect(await exists('materials', courseFile)).toBe(true);
  });
});

describe('a material names only a file its author may manage, stored in its place', () => {
  const fileRow = (name: string, values: Record<string, unknown> = {}) => ({
    title: 'Handout',
    type: 'pdf',
    url: name,
    storage_path: name,
    file_size: 10,
    ...values,
  });

  it("refuses another teacher's file with its own message (the finding: a general row claiming it)", async () => {
    const { teacher, otherTeacher, otherCourse } = school;
    const theirs = await mustUpload(
      otherTeacher.client,
      'materials',
      objectName(String(otherCourse.id), otherTeacher.id),
    );
    const theirGeneral = await mustUpload(
      otherTeacher.client,
      'materials',
      objectName('general', otherTeacher.id),
    );
    for (const name of [theirs, theirGeneral]) {
      const claimed = await teacher.client
        .from('materials')
        .insert(fileRow(name, { course_id: null }));
      expectDenied(claimed, 'A material can only name a file you may manage');
      expect(
        errorMessageKey({
          code: 'CREATE_MATERIALS_ERROR',
          message: claimed.error?.message ?? '',
          details: { code: claimed.error?.code },
        }),
      ).toBe('materialFileNotAllowed');
    }
    // So the file stays theirs: not signed by students of the claimer, not removed by the claimer.
    expect(await removed(teacher.client, theirs)).toBe(false);
    expect(await exists('materials', theirs)).toBe(true);
  });

  it("the course's teacher records a file someone else stored in the course's folder", async () => {
    const { teacher, admin, course } = school;
    const byAdmin = await mustUpload(
      admin.client,
      'materials',
      objectName(String(course.id), admin.id),
    );
    const recorded = await teacher.client
      .from('materials')
      .insert(fileRow(byAdmin, { course_id: course.id }))
      .select('id');
    expect(recorded.error).toBeNull();
  });

  it('refuses a file stored for another place, on insert and when the course changes', async () => {
    const { teacher, course } = school;
    const general = await mustUpload(
      teacher.client,
      'materials',
      objectName('general', teacher.id),
    );
    const wrongPlace = await teacher.client
      .from('materials')
      .insert(fileRow(general, { course_id: course.id }));
    expect(wrongPlace.error?.code).toBe('23514');
    expect(wrongPlace.error?.message).toBe(
      "A material's file must be stored in the folder of its course",
    );
    expect(
      errorMessageKey({ code: 'CREATE_MATERIALS_ERROR', message: wrongPlace.error?.message ?? '' }),
    ).toBe('materialFileWrongPlace');

    const row = await teacher.client
      .from('materials')
      .insert(fileRow(general))
      .select('id')
      .single();
    expect(row.error).toBeNull();
    const moved = await teacher.client
      .from('materials')
      .update({ course_id: course.id })
      .eq('id', (row.data as { id: string }).id);
    expect(moved.error?.code).toBe('23514');
  });
});

describe('deleting what files belong to removes them (through the database)', () => {
  it('a material: its file goes, unless another material still names it', async () => {
    const { teacher, course } = school;
    const name = await mustUpload(
      teacher.client,
      'materials',
      objectName(String(course.id), teacher.id),
    );
    const row = await teacher.client
      .from('materials')
      .insert({
        title: 'Handout',
        type: 'pdf',
        url: name,
        storage_path: name,
        course_id: course.id,
      })
      .select('id')
      .single();
    expect(row.error).toBeNull();
    const deleted = await teacher.client
      .from('materials')
      .delete()
      .eq('id', (row.data as { id: string }).id)
      .select('id');
    expect(deleted.data).toHaveLength(1);
    await expectGone([['materials', name]]);
  });

  it('a course: its materials folder goes, files of materials and loose uploads alike', async () => {
    const { teacher, admin } = school;
    const course = await createCourse({ title: `Doomed ${run}`, teacher_id: teacher.id });
    const recorded = await mustUpload(
      teacher.client,
      'materials',
      objectName(String(course.id), teacher.id),
    );
    const loose = await mustUpload(
      admin.client,
      'materials',
      objectName(String(course.id), admin.id),
    );
    const row = await teacher.client
      .from('materials')
      .insert({
        title: 'Handout',
        type: 'pdf',
        url: recorded,
        storage_path: recorded,
        course_id: course.id,
      })
      .select('id');
    expect(row.error).toBeNull();
    const deleted = await admin.client.from('courses').delete().eq('id', course.id).select('id');
    expect(deleted.data).toHaveLength(1);
    await expectGone([
      ['materials', recorded],
      ['materials', loose],
    ]);
  });

  it('an activity: the files handed in for it go, and those uploaded but never handed in', async () => {
    const { student, teacher, course } = school;
    const activity = await createActivity({
      course_id: course.id,
      title: `Essay ${run}`,
      created_by: teacher.id,
    });
    const handedIn = await mustUpload(
      student.client,
      'activity-submissions',
      `${student.id}/${activity.id}/${run}-essay.pdf`,
    );
    const loose = await mustUpload(
      student.client,
      'activity-submissions',
      `${student.id}/${activity.id}/${run}-draft.pdf`,
    );
    const submission = await student.client
      .from('activity_submissions')
      .insert({
        activity_id: activity.id,
        student_id: student.id,
        submission_text: 'Done',
        file_urls: [handedIn],
      })
      .select('id');
    expect(submission.error).toBeNull();
    const deleted = await teacher.client
      .from('activities')
      .delete()
      .eq('id', activity.id)
      .select('id');
    expect(deleted.data).toHaveLength(1);
    await expectGone([
      ['activity-submissions', handedIn],
      ['activity-submissions', loose],
    ]);
  });

  it('a user: their avatar and their handed-in work go; files of materials they uploaded stay', async () => {
    const { course, admin } = school;
    const leaving = await createPerson('student', 'Leaving');
    await enroll(leaving.id, String(course.id));
    const activity = await createActivity({ course_id: course.id, title: `Quiz ${run}` });
    const avatar = await mustUpload(leaving.client, 'avatars', `${leaving.id}/avatar.png`, png());
    const work = await mustUpload(
      leaving.client,
      'activity-submissions',
      `${leaving.id}/${activity.id}/${run}-work.pdf`,
    );
    const kept = await mustUpload(admin.client, 'materials', objectName('general', admin.id));
    await createMaterial({ type: 'pdf', url: kept, storage_path: kept, uploaded_by: admin.id });

    const { error } = await service.auth.admin.deleteUser(leaving.id);
    expect(error).toBeNull();
    await expectGone([
      ['avatars', avatar],
      ['activity-submissions', work],
    ]);
    expect(await exists('materials', kept)).toBe(true);
  });

  it('the cleanup function is for the service role only', async () => {
    const { admin } = school;
    const { error } = await admin.client.functions.invoke('storage-cleanup', { body: {} });
    expect((error as { context?: Response } | null)?.context?.status).toBe(403);
  });
});
