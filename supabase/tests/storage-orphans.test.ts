import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Person,
  closeDb,
  createActivity,
  createCourse,
  createMaterial,
  createPerson,
  createSubmission,
  enroll,
  ownerQuery,
  service,
} from './fixtures';

// Uploads that no row ever came to name (20261201009000_storage_orphans.sql): every screen stores a
// file before the row that names it, so a closed tab leaves it behind. The storage-cleanup function
// sweeps the buckets for objects older than the grace period (24 hours) that no row names. In each
// bucket: an old unnamed file goes; an old file a row names stays; a young unnamed one stays (its form
// may still be open). "Old" is made by backdating the object's times with the owner connection.

const run = randomUUID().slice(0, 8);
const webm = () =>
  new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01])], {
    type: 'audio/webm',
  });
const pdf = () => new Blob(['%PDF-1.4 work'], { type: 'application/pdf' });
const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

let teacher: Person;
let student: Person;
let courseId: string;
let activityId: string;
let conversationId: string;
const stored: Array<[string, string]> = [];

async function mustUpload(client: SupabaseClient, bucket: string, name: string, body: Blob) {
  const { error } = await client.storage.from(bucket).upload(name, body);
  if (error) throw new Error(`upload ${bucket}/${name}: ${error.message}`);
  stored.push([bucket, name]);
  return name;
}

async function exists(bucket: string, name: string): Promise<boolean> {
  const { rowCount } = await ownerQuery(
    'select 1 from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  );
  return (rowCount ?? 0) > 0;
}

/** Makes the objects look stored `hours` ago (storage.objects.created_at, which the sweep reads). */
async function backdate(bucket: string, names: string[], hours: number): Promise<void> {
  const { rowCount } = await ownerQuery(
    `update storage.objects
        set created_at = now() - make_interval(hours => $3)
      where bucket_id = $1 and name = any ($2)`,
    [bucket, names, hours],
  );
  expect(rowCount).toBe(names.length);
}

const cleanup = async () => {
  const { error } = await service.functions.invoke('storage-cleanup', { body: {} });
  if (error) throw error;
};

/** Calls the cleanup as its schedule does until every object is gone (row and bytes); fails after `ms`. */
async function expectGone(objects: Array<[string, string]>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    await cleanup();
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

/** Calls the cleanup until a whole pass of the sweep began after `since`: it has seen every object. */
async function sweepOnceMore(since: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    await cleanup();
    const { rows } = await ownerQuery<{ done: boolean }>(
      'select coalesce(last_pass_started_at > $1, false) as done from private.storage_orphan_sweep',
      [since],
    );
    if (rows[0]?.done) return;
    if (Date.now() > deadline) throw new Error(`no whole sweep after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function databaseNow(): Promise<string> {
  const { rows } = await ownerQuery<{ now: string }>('select now()::text as now');
  return rows[0]!.now;
}

interface Case {
  bucket: string;
  orphan: string;
  named: string;
  young: string;
}

/** Backdates the orphan and the named file by 25 hours, sweeps, and checks who stays. */
async function expectSwept({ bucket, orphan, named, young }: Case): Promise<void> {
  const { rows: answers } = await ownerQuery<{ name: string; named: boolean }>(
    `select n as name, private.is_named_stored_object($1::text, n) as named from unnest($2::text[]) as n`,
    [bucket, [orphan, named, young]],
  );
  expect(answers).toEqual([
    { name: orphan, named: false },
    { name: named, named: true },
    { name: young, named: false },
  ]);
  await backdate(bucket, [orphan, named], 25);
  await expectGone([[bucket, orphan]]);
  await sweepOnceMore(await databaseNow());
  expect(await exists(bucket, named), `${bucket}: a file a row names stays`).toBe(true);
  expect(await exists(bucket, young), `${bucket}: a file younger than a day stays`).toBe(true);
  const { rows } = await ownerQuery(
    'select name from private.storage_deletions where bucket_id = $1 and name = any ($2)',
    [bucket, [named, young]],
  );
  expect(rows).toEqual([]);
}

beforeAll(async () => {
  [teacher, student] = await Promise.all([
    createPerson('teacher', 'Gabriela'),
    createPerson('student', 'Ana'),
  ]);
  courseId = (await createCourse({ teacher_id: teacher.id })).id as string;
  await enroll(student.id, courseId);
  activityId = (await createActivity({ course_id: courseId, skills: ['speaking'] })).id as string;
  const { data, error } = await student.client.rpc('start_conversation', { other_id: teacher.id });
  if (error) throw new Error(`start_conversation: ${error.message}`);
  conversationId = data as string;
});

afterAll(async () => {
  for (const [bucket, name] of stored) await service.storage.from(bucket).remove([name]);
  await closeDb();
});

describe('uploads no row ever named are swept after a day', { timeout: 60_000 }, () => {
  it('feedback audio recorded in the grading dialog and never saved (the tab closed)', async () => {
    const submissionId = (
      await createSubmission({ activity_id: activityId, student_id: student.id })
    ).id as string;
    const folder = `${activityId}/${submissionId}`;
    const [orphan, named, young] = await Promise.all(
      ['c-unsaved', 'a-saved', 'b-recording'].map((file) =>
        mustUpload(teacher.client, 'feedback-audio', `${folder}/${file}-${run}.webm`, webm()),
      ),
    );
    const saved = await teacher.client
      .from('activity_submissions')
      .update({ feedback_audio: named })
      .eq('id', submissionId)
      .select('feedback_audio');
    expect(saved.data).toEqual([{ feedback_audio: named }]);
    await expectSwept({ bucket: 'feedback-audio', orphan: orphan!, named: named!, young: young! });
  });

  it('answer files a student uploaded and never handed in', async () => {
    const writingId = (await createActivity({ course_id: courseId })).id as string;
    const folder = `${student.id}/${writingId}`;
    const [orphan, named, young] = await Promise.all(
      ['c-dropped', 'a-handed-in', 'b-picked'].map((file) =>
        mustUpload(student.client, 'activity-submissions', `${folder}/${file}-${run}.pdf`, pdf()),
      ),
    );
    const handedIn = await createSubmission({
      activity_id: writingId,
      student_id: student.id,
      file_urls: [named],
      file_names: ['work.pdf'],
    });
    expect(handedIn.file_urls).toEqual([named]);
    await expectSwept({
      bucket: 'activity-submissions',
      orphan: orphan!,
      named: named!,
      young: young!,
    });
  });

  it('a material file whose row was never saved', async () => {
    const folder = `${courseId}/${teacher.id}`;
    const [orphan, named, young] = await Promise.all(
      ['c-lost', 'a-saved', 'b-uploading'].map((file) =>
        mustUpload(teacher.client, 'materials', `${folder}/${file}-${run}.pdf`, pdf()),
      ),
    );
    await createMaterial({
      type: 'pdf',
      url: named,
      storage_path: named,
      course_id: courseId,
      uploaded_by: teacher.id,
    });
    await expectSwept({ bucket: 'materials', orphan: orphan!, named: named!, young: young! });
  });

  it('a message attachment whose message was never sent', async () => {
    const folder = `${conversationId}/${student.id}`;
    const [orphan, named, young] = await Promise.all(
      ['c-unsent', 'a-sent', 'b-sending'].map((file) =>
        mustUpload(student.client, 'message-attachments', `${folder}/${file}-${run}.pdf`, pdf()),
      ),
    );
    const sent = await student.client
      .from('messages')
      .insert({
        conversation_id: conversationId,
        body: 'my homework',
        attachment_path: named,
        attachment_name: 'homework.pdf',
        attachment_size: 13,
        attachment_type: 'application/pdf',
      })
      .select('attachment_path');
    expect(sent.data).toEqual([{ attachment_path: named }]);
    await expectSwept({
      bucket: 'message-attachments',
      orphan: orphan!,
      named: named!,
      young: young!,
    });
  });

  it('an avatar the profile never came to name', async () => {
    const [orphan, named, young] = await Promise.all(
      ['c-replaced', 'a-current', 'b-new'].map((file) =>
        mustUpload(student.client, 'avatars', `${student.id}/${file}-${run}.png`, png()),
      ),
    );
    const profile = await student.client
      .from('users')
      .update({ avatar_url: named })
      .eq('id', student.id)
      .select('avatar_url');
    expect(profile.data).toEqual([{ avatar_url: named }]);
    await expectSwept({ bucket: 'avatars', orphan: orphan!, named: named!, young: young! });
  });
});

describe('the sweep', () => {
  it('is for the service role only', async () => {
    const { rows } = await ownerQuery<{ role: string; may: boolean }>(
      `select r as role, has_function_privilege(r, 'private.queue_orphaned_objects(integer)', 'execute') as may
         from unnest(array['anon', 'authenticated', 'service_role']) as r`,
    );
    expect(rows).toEqual([
      { role: 'anon', may: false },
      { role: 'authenticated', may: false },
      { role: 'service_role', may: true },
    ]);
  });
});
