import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Person,
  type School,
  asUser,
  attempt,
  closeDb,
  createMaterial,
  createSchool,
  ownerQuery,
  service,
} from './fixtures';

// The storage policies at the SQL level, as the storage API runs them: storage.objects rows written and
// read as the calling user (the HTTP API itself is tested in local-supabase/tests/storage.test.ts).
// Removals go through the Storage API as the user: storage.objects refuses any other delete, as on
// hosted Supabase.

let school: School;
const run = randomUUID().slice(0, 8);
const created: Array<[string, string]> = [];

async function putObject(
  bucket: string,
  name: string,
  ownerId: string | null = null,
): Promise<void> {
  await ownerQuery(
    `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3::text)`,
    [bucket, name, ownerId],
  );
  created.push([bucket, name]);
}

const insertSql = `insert into storage.objects (bucket_id, name, owner, owner_id)
                   values ($1, $2, (select auth.uid()), (select auth.uid())::text)`;

function canInsert(userId: string, bucket: string, name: string) {
  return asUser(userId, async (db) => (await attempt(db, insertSql, [bucket, name])).ok);
}

function visible(userId: string, bucket: string, name: string) {
  return asUser(userId, async (db) => {
    const { rows } = await db.query(
      'select 1 from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    );
    return rows.length === 1;
  });
}

function updatedRows(userId: string, bucket: string, name: string) {
  return asUser(userId, async (db) => {
    const result = await attempt(
      db,
      `update storage.objects set metadata = '{"size": 1}' where bucket_id = $1 and name = $2`,
      [bucket, name],
    );
    return result.rowCount;
  });
}

/** How many files the user's own Storage API call removed (the policies hide or refuse the others). */
async function deletedRows(person: Person, bucket: string, name: string) {
  const { data, error } = await person.client.storage.from(bucket).remove([name]);
  expect(error).toBeNull();
  return data?.length ?? 0;
}

beforeAll(async () => {
  school = await createSchool();
});

afterAll(async () => {
  for (const [bucket, name] of created) {
    const { error } = await service.storage.from(bucket).remove([name]);
    expect(error).toBeNull();
  }
  await closeDb();
});

describe('buckets', () => {
  it('declare privacy, size limits and MIME types', async () => {
    const { rows } = await ownerQuery<{
      id: string;
      public: boolean;
      file_size_limit: string;
      types: string[];
    }>(
      `select id, public, file_size_limit::text, allowed_mime_types as types from storage.buckets
        where id in ('materials', 'avatars', 'activity-submissions') order by id`,
    );
    expect(
      rows.map(({ id, public: isPublic, file_size_limit }) => [
        id,
        isPublic,
        Number(file_size_limit),
      ]),
    ).toEqual([
      ['activity-submissions', false, 20 * 1024 * 1024],
      ['avatars', true, 2 * 1024 * 1024],
      ['materials', false, 50 * 1024 * 1024],
    ]);
    const types = Object.fromEntries(rows.map((row) => [row.id, row.types]));
    expect(types.avatars).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
    expect(types.materials).toEqual(
      expect.arrayContaining(['application/pdf', 'video/mp4', 'audio/mpeg', 'image/png']),
    );
    expect(types['activity-submissions']).toEqual(
      expect.arrayContaining(['application/pdf', 'application/zip', 'image/jpeg']),
    );
    expect(types['activity-submissions']).not.toContain('application/x-msdownload');
  });
});

describe('avatars', () => {
  it('a user writes only in their own folder', async () => {
    const { student, otherStudent } = school;
    expect(await canInsert(student.id, 'avatars', `${student.id}/avatar.png`)).toBe(true);
    expect(await canInsert(student.id, 'avatars', `${otherStudent.id}/avatar.png`)).toBe(false);
    expect(await canInsert(student.id, 'avatars', `avatar-${run}.png`)).toBe(false);
  });

  it("a user replaces and removes their own avatar, not somebody else's", async () => {
    const { student, otherStudent } = school;
    const theirs = `${otherStudent.id}/avatar-${run}.png`;
    const mine = `${student.id}/avatar-${run}.png`;
    await putObject('avatars', theirs, otherStudent.id);
    await putObject('avatars', mine, student.id);
    expect(await updatedRows(student.id, 'avatars', theirs)).toBe(0);
    expect(await deletedRows(student, 'avatars', theirs)).toBe(0);
    expect(await updatedRows(student.id, 'avatars', mine)).toBe(1);
    expect(await deletedRows(student, 'avatars', mine)).toBe(1);
    // The bucket is public: pictures are served by URL, so the API lists only the user's own folder
    // (20261128007300_avatar_listing_and_fk_indexes.sql).
    expect(await visible(school.teacher.id, 'avatars', theirs)).toBe(false);
    expect(await visible(otherStudent.id, 'avatars', theirs)).toBe(true);
  });
});

describe('activity submissions', () => {
  let ownFile: string;
  let otherFile: string;

  beforeAll(async () => {
    const { student, otherStudent, activity, otherActivity } = school;
    ownFile = `${student.id}/${activity.id}/${run}-a.pdf`;
    otherFile = `${otherStudent.id}/${otherActivity.id}/${run}-b.pdf`;
    await putObject('activity-submissions', ownFile, student.id);
    await putObject('activity-submissions', otherFile, otherStudent.id);
  });

  it('a student uploads only into <own id>/<activity they can submit to>/', async () => {
    const { student, otherStudent, activity, otherActivity, inactiveActivity } = school;
    expect(
      await canInsert(
        student.id,
        'activity-submissions',
        `${student.id}/${activity.id}/${run}-1.pdf`,
      ),
    ).toBe(true);
    expect(
      await canInsert(
        student.id,
        'activity-submissions',
        `${otherStudent.id}/${activity.id}/${run}-2.pdf`,
      ),
    ).toBe(false);
    expect(
      await canInsert(
        student.id,
        'activity-submissions',
        `${student.id}/${otherActivity.id}/${run}-3.pdf`,
      ),
    ).toBe(false);
    expect(
      await canInsert(
        student.id,
        'activity-submissions',
        `${student.id}/${inactiveActivity.id}/${run}-4.pdf`,
      ),
    ).toBe(false);
    expect(
      await canInsert(student.id, 'activity-submissions', `${student.id}/not-a-uuid/${run}-5.pdf`),
    ).toBe(false);
    expect(await canInsert(student.id, 'activity-submissions', `${student.id}/${run}-6.pdf`)).toBe(
      false,
    );
  });

  it("another student's file cannot be read (so not downloaded or signed), overwritten or removed", async () => {
    const { student } = school;
    expect(await visible(student.id, 'activity-submissions', ownFile)).toBe(true);
    expect(await visible(student.id, 'activity-submissions', otherFile)).toBe(false);
    expect(await updatedRows(student.id, 'activity-submissions', otherFile)).toBe(0);
    expect(await deletedRows(student, 'activity-submissions', otherFile)).toBe(0);
    expect(await updatedRows(student.id, 'activity-submissions', ownFile)).toBe(1);
  });

  it("the course's teacher and admins read the files; another teacher does not", async () => {
    const { teacher, otherTeacher, admin } = school;
    expect(await visible(teacher.id, 'activity-submissions', ownFile)).toBe(true);
    expect(await visible(otherTeacher.id, 'activity-submissions', ownFile)).toBe(false);
    expect(await visible(teacher.id, 'activity-submissions', otherFile)).toBe(false);
    expect(await visible(admin.id, 'activity-submissions', otherFile)).toBe(true);
    expect(
      await canInsert(
        teacher.id,
        'activity-submissions',
        `${teacher.id}/${school.activity.id}/${run}.pdf`,
      ),
    ).toBe(false);
  });
});

describe('material files (by place and uploader: <course id | general>/<uploader id>/<file>)', () => {
  let courseFile: string;
  let generalFile: string;
  let flatFile: string;

  beforeAll(async () => {
    const { teacher, course } = school;
    courseFile = `${course.id}/${teacher.id}/${Date.now()}-${run}c.pdf`;
    generalFile = `general/${teacher.id}/${Date.now()}-${run}g.pdf`;
    flatFile = `${Date.now()}-${run}l.pdf`;
    await putObject('materials', courseFile, teacher.id);
    await putObject('materials', generalFile, teacher.id);
    await putObject('materials', flatFile, teacher.id);
  });

  it('teachers and admins upload into their own folder; students do not', async () => {
    const { teacher, admin, student, course, otherCourse } = school;
    expect(await canInsert(teacher.id, 'materials', `${course.id}/${teacher.id}/${run}1.pdf`)).toBe(
      true,
    );
    expect(await canInsert(teacher.id, 'materials', `general/${teacher.id}/${run}1.pdf`)).toBe(
      true,
    );
    expect(
      await canInsert(teacher.id, 'materials', `${otherCourse.id}/${teacher.id}/${run}1.pdf`),
    ).toBe(false);
    expect(await canInsert(teacher.id, 'materials', `general/${admin.id}/${run}1.pdf`)).toBe(false);
    expect(await canInsert(teacher.id, 'materials', `${Date.now()}-${run}1.pdf`)).toBe(false);
    expect(
      await canInsert(admin.id, 'materials', `${otherCourse.id}/${admin.id}/${run}2.pdf`),
    ).toBe(true);
    expect(await canInsert(student.id, 'materials', `general/${student.id}/${run}3.pdf`)).toBe(
      false,
    );
  });

  it('the bucket takes text and Markdown notes through the Storage API, and still refuses a page', async () => {
    const { teacher, course } = school;
    const upload = (name: string, body: string, contentType: string) =>
      teacher.client.storage
        .from('materials')
        .upload(`${course.id}/${teacher.id}/${Date.now()}-${run}${name}`, body, {
          contentType,
        });
    for (const [name, type] of [
      ['v.md', 'text/markdown'],
      ['n.txt', 'text/plain'],
    ] as const) {
      const { data, error } = await upload(name, '# Vocabulario\n\n- hola', type);
      expect(error).toBeNull();
      created.push(['materials', data?.path ?? '']);
      const { rows } = await ownerQuery<{ mimetype: string }>(
        `select metadata->>'mimetype' as mimetype from storage.objects where bucket_id = 'materials' and name = $1`,
        [data?.path],
      );
      expect(rows).toEqual([{ mimetype: type }]);
    }
    const page = await upload('p.html', '<script>alert(1)</script>', 'text/html');
    expect(page.error).not.toBeNull();
    expect(page.data).toBeNull();
  });

  it('a file is readable by its place, with or without a material naming it', async () => {
    const { student, outsider, otherTeacher, admin, teacher } = school;
    expect(await visible(student.id, 'materials', courseFile)).toBe(true);
    expect(await visible(outsider.id, 'materials', courseFile)).toBe(false);
    expect(await visible(otherTeacher.id, 'materials', courseFile)).toBe(false);
    expect(await visible(outsider.id, 'materials', generalFile)).toBe(true);
    // A flat name (stored before the layout): its uploader and admins only.
    expect(await visible(student.id, 'materials', flatFile)).toBe(false);
    expect(await visible(teacher.id, 'materials', flatFile)).toBe(true);
    expect(await visible(admin.id, 'materials', flatFile)).toBe(true);
  });

  it('a material naming a file grants nothing', async () => {
    const { outsider, otherTeacher, teacher } = school;
    await createMaterial({
      type: 'pdf',
      url: courseFile,
      storage_path: courseFile,
      uploaded_by: otherTeacher.id,
    });
    expect(await visible(outsider.id, 'materials', courseFile)).toBe(false);
    expect(await deletedRows(otherTeacher, 'materials', courseFile)).toBe(0);
    expect(await deletedRows(otherTeacher, 'materials', flatFile)).toBe(0);
    expect(await updatedRows(teacher.id, 'materials', flatFile)).toBe(1);
  });

  it('the uploader (or the course teacher, or an admin) removes a file; others cannot', async () => {
    const { student, otherTeacher, teacher, admin, course } = school;
    const byAdmin = `${course.id}/${admin.id}/${Date.now()}-${run}a.pdf`;
    await putObject('materials', byAdmin, admin.id);
    expect(await deletedRows(student, 'materials', courseFile)).toBe(0);
    expect(await deletedRows(otherTeacher, 'materials', courseFile)).toBe(0);
    expect(await updatedRows(otherTeacher.id, 'materials', courseFile)).toBe(0);
    expect(await deletedRows(otherTeacher, 'materials', generalFile)).toBe(0);
    expect(await deletedRows(teacher, 'materials', byAdmin)).toBe(1);
    expect(await deletedRows(teacher, 'materials', courseFile)).toBe(1);
    expect(await deletedRows(admin, 'materials', generalFile)).toBe(1);
  });
});
