import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Person,
  closeDb,
  createActivity,
  createCourse,
  createPerson,
  enroll,
  hoursFromNow,
  ownerQuery,
  service,
} from './fixtures';

// Handed-in work stays as it was handed in. The files of the activity-submissions bucket follow the
// submission row's rules, through the real Storage API as the student: no upload after the due date
// (unless the activity takes late work), none once the work is graded, and a file the submission
// names is never replaced or removed. A submission names only files of its own folder
// (<student id>/<activity id>/<file>).

const BUCKET = 'activity-submissions';
const run = randomUUID().slice(0, 8);
const pdf = (text = '%PDF-1.4 my work') => new Blob([text], { type: 'application/pdf' });
let counter = 0;

let teacher: Person;
let student: Person;
let classmate: Person;
let course: { id: string };

function fileIn(person: Person, activityId: string): string {
  counter += 1;
  return `${person.id}/${activityId}/${Date.now()}-${run}${counter}.pdf`;
}

async function upload(client: SupabaseClient, name: string, options: { upsert?: boolean } = {}) {
  const { error } = await client.storage.from(BUCKET).upload(name, pdf(`%PDF-1.4 ${name}`), options);
  return error;
}

async function mustUpload(client: SupabaseClient, name: string): Promise<string> {
  const error = await upload(client, name);
  if (error) throw new Error(`upload ${name}: ${error.message}`);
  return name;
}

/** The bytes stored under `name`, read as the service role. */
async function storedText(name: string): Promise<string> {
  const { data, error } = await service.storage.from(BUCKET).download(name);
  if (error || !data) throw new Error(`download ${name}: ${error?.message}`);
  return data.text();
}

async function exists(name: string): Promise<boolean> {
  const { rowCount } = await ownerQuery('select 1 from storage.objects where bucket_id = $1 and name = $2', [
    BUCKET,
    name,
  ]);
  return (rowCount ?? 0) > 0;
}

/** The student hands in `files` for `activityId` (insert or update of their one submission). */
function handIn(person: Person, activityId: string, files: string[]) {
  return person.client
    .from('activity_submissions')
    .upsert(
      { activity_id: activityId, student_id: person.id, submission_text: 'My work', file_urls: files },
      { onConflict: 'activity_id,student_id' },
    )
    .select('id, file_urls')
    .single();
}

async function mustHandIn(person: Person, activityId: string, files: string[]): Promise<string> {
  const { data, error } = await handIn(person, activityId, files);
  if (error || !data) throw new Error(`hand in: ${error?.message}`);
  return data.id as string;
}

/** Tries to replace `name` both ways storage-js offers (upload with upsert, update). */
async function replaced(client: SupabaseClient, name: string): Promise<boolean> {
  const upserted = await client.storage.from(BUCKET).upload(name, pdf('%PDF-1.4 changed'), { upsert: true });
  const updated = await client.storage.from(BUCKET).update(name, pdf('%PDF-1.4 changed again'));
  return !upserted.error || !updated.error;
}

beforeAll(async () => {
  [teacher, student, classmate] = await Promise.all([
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Sara'),
    createPerson('student', 'Oscar'),
  ]);
  course = await createCourse({ teacher_id: teacher.id });
  await Promise.all([enroll(student.id, course.id), enroll(classmate.id, course.id)]);
});

afterAll(async () => {
  const { rows } = await ownerQuery<{ name: string }>(
    `select name from storage.objects where bucket_id = $1 and name like any ($2)`,
    [BUCKET, [`${student.id}/%`, `${classmate.id}/%`]],
  );
  if (rows.length > 0) await service.storage.from(BUCKET).remove(rows.map((row) => row.name));
  await closeDb();
});

describe('before the due date, while not graded', () => {
  it('the student uploads, hands in, adds a file and hands in again', async () => {
    const activity = await createActivity({ course_id: course.id, due_date: hoursFromNow(24) });
    const first = await mustUpload(student.client, fileIn(student, String(activity.id)));
    await mustHandIn(student, String(activity.id), [first]);
    const second = await mustUpload(student.client, fileIn(student, String(activity.id)));
    const { data, error } = await handIn(student, String(activity.id), [first, second]);
    expect(error).toBeNull();
    expect(data?.file_urls).toEqual([first, second]);
  });

  it('a file not (yet) handed in may be replaced and removed; a handed-in one may not', async () => {
    const activity = await createActivity({ course_id: course.id, due_date: hoursFromNow(24) });
    const draft = await mustUpload(student.client, fileIn(student, String(activity.id)));
    expect(await replaced(student.client, draft)).toBe(true);
    const handed = await mustUpload(student.client, fileIn(student, String(activity.id)));
    await mustHandIn(student, String(activity.id), [handed]);

    expect(await replaced(student.client, handed)).toBe(false);
    expect(await storedText(handed)).toBe(`%PDF-1.4 ${handed}`);
    const removal = await student.client.storage.from(BUCKET).remove([handed]);
    expect(removal.data ?? []).toEqual([]);
    expect(await exists(handed)).toBe(true);

    // Once the submission no longer names it (changed before the due date), it is an ordinary draft.
    await mustHandIn(student, String(activity.id), []);
    const removed = await student.client.storage.from(BUCKET).remove([draft, handed]);
    expect((removed.data ?? []).map((object) => object.name).sort()).toEqual([draft, handed].sort());
  });
});

describe('after the due date', () => {
  it('refuses a new file, and a replaced or removed handed-in file, while the row keeps its time', async () => {
    const activity = await createActivity({ course_id: course.id, due_date: hoursFromNow(24) });
    const handed = await mustUpload(student.client, fileIn(student, String(activity.id)));
    const id = await mustHandIn(student, String(activity.id), [handed]);
    await service.from('activities').update({ due_date: hoursFromNow(-1) }).eq('id', activity.id);

    expect(await upload(student.client, fileIn(student, String(activity.id)))).toBeTruthy();
    expect(await replaced(student.client, handed)).toBe(false);
    expect(await storedText(handed)).toBe(`%PDF-1.4 ${handed}`);
    await student.client.storage.from(BUCKET).remove([handed]);
    expect(await exists(handed)).toBe(true);
    // The row's own rule, unchanged: the work cannot be handed in again.
    expect((await handIn(student, String(activity.id), [handed])).error?.message).toBe(
      'The due date for this activity has passed',
    );
    const { data } = await service.from('activity_submissions').select('file_urls').eq('id', id).single();
    expect(data?.file_urls).toEqual([handed]);
  });

  it('takes a new file when the activity allows late work', async () => {
    const activity = await createActivity({
      course_id: course.id,
      due_date: hoursFromNow(-1),
      allow_late_submission: true,
    });
    const late = fileIn(student, String(activity.id));
    expect(await upload(student.client, late)).toBeNull();
    expect((await handIn(student, String(activity.id), [late])).error).toBeNull();
  });
});

describe('once graded', () => {
  it('refuses a new file and a replaced handed-in file, even before the due date', async () => {
    const activity = await createActivity({ course_id: course.id, due_date: hoursFromNow(24) });
    const handed = await mustUpload(student.client, fileIn(student, String(activity.id)));
    const id = await mustHandIn(student, String(activity.id), [handed]);
    const graded = await teacher.client
      .from('activity_submissions')
      .update({ grade: 90, feedback: 'Good' })
      .eq('id', id)
      .select('status')
      .single();
    expect(graded.data?.status).toBe('graded');

    expect(await upload(student.client, fileIn(student, String(activity.id)))).toBeTruthy();
    expect(await replaced(student.client, handed)).toBe(false);
    expect(await storedText(handed)).toBe(`%PDF-1.4 ${handed}`);
  });

  it("the course's teacher still reads the handed-in file, and the student their own", async () => {
    const activity = await createActivity({ course_id: course.id, due_date: hoursFromNow(24) });
    const handed = await mustUpload(student.client, fileIn(student, String(activity.id)));
    const id = await mustHandIn(student, String(activity.id), [handed]);
    await teacher.client.from('activity_submissions').update({ grade: 70 }).eq('id', id);
    for (const reader of [teacher, student]) {
      const { data, error } = await reader.client.storage.from(BUCKET).download(handed);
      expect(error, reader.email).toBeNull();
      expect(await data?.text()).toBe(`%PDF-1.4 ${handed}`);
    }
  });
});

describe('the files a submission names', () => {
  it("only the student's own folder of that activity: not a classmate's, another activity's, a URL or ../", async () => {
    const activity = await createActivity({ course_id: course.id, due_date: hoursFromNow(24) });
    const other = await createActivity({ course_id: course.id, due_date: hoursFromNow(24) });
    const a = String(activity.id);
    const theirs = await mustUpload(classmate.client, fileIn(classmate, a));
    const elsewhere = await mustUpload(student.client, fileIn(student, String(other.id)));
    const refused = [
      theirs,
      elsewhere,
      `${student.id}/${a}/../../${classmate.id}/${a}/x.pdf`,
      `${student.id}/${a}/..`,
      `${student.id}/${a}/sub/x.pdf`,
      `${student.id}/${a}/`,
      `/${student.id}/${a}/x.pdf`,
      `${student.id}/${a}x.pdf`,
      `https://evil.example/${student.id}/${a}/x.pdf`,
      `${student.id}/${a}/x.pdf?download`,
      `${student.id}\\${a}\\x.pdf`,
      '',
    ];
    for (const name of refused) {
      const { error } = await handIn(student, a, [name]);
      expect(error?.code, name).toBe('23514');
      expect(error?.message, name).toBe('A submission can only name files of its own folder');
    }
    // An update cannot slip one in either.
    const own = await mustUpload(student.client, fileIn(student, a));
    const id = await mustHandIn(student, a, [own]);
    const moved = await student.client
      .from('activity_submissions')
      .update({ file_urls: [own, theirs] })
      .eq('id', id)
      .select('id');
    expect(moved.error?.code).toBe('23514');
    const { data } = await service.from('activity_submissions').select('file_urls').eq('id', id).single();
    expect(data?.file_urls).toEqual([own]);
  });

  it('holds for the service role too (a path is a path, whoever writes it)', async () => {
    const activity = await createActivity({ course_id: course.id, due_date: hoursFromNow(24) });
    const { error } = await service
      .from('activity_submissions')
      .insert({ activity_id: activity.id, student_id: student.id, file_urls: [`${classmate.id}/${activity.id}/x.pdf`] });
    expect(error?.code).toBe('23514');
  });
});
