import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPABASE_DIR, databaseUrl } from '../../local-supabase/src/config';
import { connect } from '../../local-supabase/src/database';
import { listSeedFiles, supabaseCliContentType } from '../../local-supabase/src/seed-storage';
import { assertMimeTypeAllowed, parseFileSizeLimit } from '../../local-supabase/src/storage-uploads';
import { DEMO_ACCOUNTS, signInAs } from '../../local-supabase/tests/support';

// The demo the seed promises (supabase/seed.sql). Other test files add rows to the same database, so the
// figures are lower bounds and the demo rows are found by their fixed ids.
const EMMA = DEMO_ACCOUNTS.student.id;
const DANIEL = DEMO_ACCOUNTS.teacher.id;
const EMMA_SUBMISSION_FILE =
  'c3f7b5d2-0000-4000-8000-000000000003/ac71a1e0-0000-4000-8000-000000000001/1731934800000-r9d3kz.txt';

describe('seed (supabase/seed.sql + supabase/seed/storage)', () => {
  let db: Awaited<ReturnType<typeof connect>>;
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0] as T;

  beforeAll(async () => {
    db = await connect(databaseUrl());
  });

  afterAll(async () => {
    await db.end();
  });

  it('has the demo accounts plus at least 3 more teachers and 25 more students', async () => {
    const counts = await one<{ teachers: number; students: number; admins: number }>(
      `select count(*) filter (where role = 'teacher' and email like '%@school.test')::int as teachers,
              count(*) filter (where role = 'student' and email like '%@mail.test')::int as students,
              count(*) filter (where role = 'admin' and email = 'admin@school.test')::int as admins
         from public.users`,
    );
    expect(counts.teachers).toBeGreaterThanOrEqual(4);
    expect(counts.students).toBeGreaterThanOrEqual(25);
    expect(counts.admins).toBe(1);
  });

  it('offers courses in both languages and categories at every level, one full and one inactive', async () => {
    const seeded = `id::text like 'c0a5e000-%'`;
    const mix = await one<{ combos: number; levels: number; full: number; inactive: number; daniel: number }>(
      `select count(distinct (language, category))::int as combos, count(distinct level)::int as levels,
              count(*) filter (where is_active and enrolled_count >= max_students)::int as full,
              count(*) filter (where not is_active)::int as inactive,
              count(*) filter (where teacher_id = $1)::int as daniel
         from public.courses where ${seeded}`,
      [DANIEL],
    );
    expect(mix).toMatchObject({ combos: 4, levels: 3 });
    expect(mix.full).toBeGreaterThanOrEqual(1);
    expect(mix.inactive).toBeGreaterThanOrEqual(1);
    expect(mix.daniel).toBeGreaterThanOrEqual(2);
    const drift = await one<{ drift: number }>(
      `select count(*)::int as drift from public.courses c
        where ${seeded}
          and c.enrolled_count <> (select count(*) from public.enrollments e where e.course_id = c.id and e.status = 'active')`,
    );
    expect(drift.drift).toBe(0);
  });

  it('schedules live and recorded classes from six weeks ago to six weeks ahead, some today', async () => {
    const classes = await one<{ first: Date; last: Date; today: number; live_without_link: number; recorded: number }>(
      `select min(scheduled_date) as first, max(scheduled_date) as last,
              count(*) filter (where scheduled_date::date = now()::date)::int as today,
              count(*) filter (where type = 'live' and meeting_link not like 'https://meet.example.org/%')::int as live_without_link,
              count(*) filter (where type = 'recorded' and recording_url is not null)::int as recorded
         from public.classes c
        where c.course_id::text like 'c0a5e000-%' and c.scheduled_date > now() - interval '43 days'`,
    );
    const days = (date: Date) => (date.getTime() - Date.now()) / 86_400_000;
    expect(days(classes.first)).toBeLessThan(-40);
    expect(days(classes.last)).toBeGreaterThan(40);
    expect(classes.today).toBeGreaterThanOrEqual(1);
    expect(classes.live_without_link).toBe(0);
    expect(classes.recorded).toBeGreaterThan(0);
  });

  it('enrols the demo student actively in 3 courses, with a dropped and a completed enrollment too', async () => {
    const emma = await one<{ active: number; dropped: number; completed: number }>(
      `select count(*) filter (where status = 'active')::int as active,
              count(*) filter (where status = 'dropped')::int as dropped,
              count(*) filter (where status = 'completed')::int as completed
         from public.enrollments where user_id = $1`,
      [EMMA],
    );
    expect(emma.active).toBeGreaterThanOrEqual(3);
    expect(emma.dropped).toBeGreaterThanOrEqual(1);
    expect(emma.completed).toBeGreaterThanOrEqual(1);
  });

  it('has materials of every type, some general, activities of every type and work to grade', async () => {
    const materials = await one<{ types: number; general: number }>(
      `select count(distinct type)::int as types, count(*) filter (where course_id is null)::int as general
         from public.materials where id::text like '4a7e41a1-%'`,
    );
    expect(materials.types).toBe(6);
    expect(materials.general).toBeGreaterThan(0);
    const activities = await one<{ types: number; past: number; future: number; class_level: number; late: number }>(
      `select count(distinct type)::int as types,
              count(*) filter (where due_date < now())::int as past,
              count(*) filter (where due_date > now())::int as future,
              count(*) filter (where class_id is not null)::int as class_level,
              count(*) filter (where allow_late_submission)::int as late
         from public.activities where id::text like 'ac71a1e0-%'`,
    );
    expect(activities.types).toBe(5);
    for (const figure of [activities.past, activities.future, activities.class_level, activities.late]) {
      expect(figure).toBeGreaterThan(0);
    }
    const work = await one<{ graded: number; pending: number; late: number; attendance: number; reviewed: number }>(
      `select (select count(*) from public.activity_submissions where student_id = $1 and status = 'graded' and feedback is not null)::int as graded,
              (select count(*) from public.activity_submissions where student_id = $1 and status = 'submitted')::int as pending,
              (select count(*) from public.activity_submissions s join public.activities a on a.id = s.activity_id
                where a.id::text like 'ac71a1e0-%' and s.submitted_at > a.due_date)::int as late,
              (select count(*) from public.class_attendance where user_id = $1)::int as attendance,
              (select count(distinct course_id) from public.course_reviews where course_id::text like 'c0a5e000-%')::int as reviewed`,
      [EMMA],
    );
    expect(work.graded).toBeGreaterThanOrEqual(1);
    expect(work.pending).toBeGreaterThanOrEqual(1);
    expect(work.late).toBe(0);
    expect(work.attendance).toBeGreaterThan(0);
    expect(work.reviewed).toBeGreaterThanOrEqual(3);
  });

  it('stores every file the rows refer to, with the size the material says', async () => {
    const { rows } = await db.query<{ bucket: string; name: string; expected: string | null; stored: string | null }>(
      `select 'materials' as bucket, m.storage_path as name, m.file_size::text as expected, o.metadata ->> 'size' as stored
         from public.materials m
         left join storage.objects o on o.bucket_id = 'materials' and o.name = m.storage_path
        where m.id::text like '4a7e41a1-%' and m.storage_path is not null
       union all
       select 'activity-submissions', f.name, null, o.metadata ->> 'size'
         from public.activity_submissions s
        cross join unnest(s.file_urls) as f (name)
         left join storage.objects o on o.bucket_id = 'activity-submissions' and o.name = f.name
        where s.student_id = $1`,
      [EMMA],
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      expect(row.stored, `${row.bucket}/${row.name}`).not.toBeNull();
      if (row.expected !== null) expect(row.stored, `${row.bucket}/${row.name}`).toBe(row.expected);
    }
  });

  it('lets the demo student and teacher download seeded files through the storage API', async () => {
    const student = await signInAs(DEMO_ACCOUNTS.student.email);
    const teacher = await signInAs(DEMO_ACCOUNTS.teacher.email);
    const pdf = await student.storage.from('materials').download('c0a5e000-0000-4000-8000-000000000001/b2e8c4a1-0000-4000-8000-000000000002/1731330000000-v7k2qd.pdf');
    expect(pdf.error).toBeNull();
    const bytes = new Uint8Array(await (pdf.data as Blob).arrayBuffer());
    expect(Buffer.from(bytes)).toEqual(await readFile(path.join(SUPABASE_DIR, 'seed/storage/materials/c0a5e000-0000-4000-8000-000000000001/b2e8c4a1-0000-4000-8000-000000000002/1731330000000-v7k2qd.pdf')));
    // As the CLI's uploads through Storage record them: no user metadata is {}.
    const info = await student.storage.from('materials').info('c0a5e000-0000-4000-8000-000000000001/b2e8c4a1-0000-4000-8000-000000000002/1731330000000-v7k2qd.pdf');
    expect(info.data?.contentType).toBe('application/pdf');
    expect(info.data?.metadata).toEqual({});
    for (const client of [student, teacher]) {
      const work = await client.storage.from('activity-submissions').download(EMMA_SUBMISSION_FILE);
      expect(work.error).toBeNull();
      expect(await (work.data as Blob).text()).toContain('Mi rutina diaria');
    }
  });

  describe('hosted seeding (supabase/config.toml)', () => {
    interface ConfigBucket {
      public?: boolean;
      file_size_limit?: string;
      allowed_mime_types?: string[];
      objects_path?: string;
    }

    // Just enough TOML for the `[storage.buckets.<id>]` tables this file writes.
    async function configBuckets(): Promise<Map<string, ConfigBucket>> {
      const toml = await readFile(path.join(SUPABASE_DIR, 'config.toml'), 'utf8');
      const buckets = new Map<string, ConfigBucket>();
      for (const section of toml.split(/^\[/m).slice(1)) {
        const header = /^storage\.buckets\.([A-Za-z0-9_-]+)\]/.exec(section);
        if (!header?.[1]) continue;
        const body = section.slice(header[0].length);
        const value = (key: string) => new RegExp(`^${key}\\s*=\\s*(.+)$`, 'm').exec(body)?.[1]?.trim();
        const list = /^allowed_mime_types\s*=\s*\[([^\]]*)\]/m.exec(body)?.[1];
        buckets.set(header[1], {
          public: value('public') === undefined ? undefined : value('public') === 'true',
          file_size_limit: value('file_size_limit')?.replace(/^"|"$/g, ''),
          allowed_mime_types: list === undefined ? undefined : [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1] as string),
          objects_path: value('objects_path')?.replace(/^"|"$/g, ''),
        });
      }
      return buckets;
    }

    it('lists every seeded bucket with the settings of the migrations (the CLI applies them before uploading)', async () => {
      const config = await configBuckets();
      const seeded = [...new Set((await listSeedFiles()).map((file) => file.bucketId))];
      const { rows } = await db.query<{ id: string; public: boolean; file_size_limit: string | null; allowed_mime_types: string[] | null }>(
        'select id, public, file_size_limit::text, allowed_mime_types from storage.buckets where id = any($1)',
        [seeded],
      );
      expect(rows.map((row) => row.id).sort()).toEqual([...seeded].sort());
      for (const bucket of rows) {
        const entry = config.get(bucket.id);
        expect(entry, `[storage.buckets.${bucket.id}]`).toBeDefined();
        expect(entry?.objects_path).toBe(`./seed/storage/${bucket.id}`);
        expect(entry?.public).toBe(bucket.public);
        expect(parseFileSizeLimit(entry?.file_size_limit)).toBe(bucket.file_size_limit === null ? null : Number(bucket.file_size_limit));
        expect([...(entry?.allowed_mime_types ?? [])].sort()).toEqual([...(bucket.allowed_mime_types ?? [])].sort());
      }
    });

    it('accepts each seed file with the content type the Supabase CLI uploads it as', async () => {
      const config = await configBuckets();
      for (const file of await listSeedFiles()) {
        const contentType = supabaseCliContentType(file.name, new Uint8Array(await readFile(file.file)));
        const allowed = config.get(file.bucketId)?.allowed_mime_types ?? null;
        expect(() => assertMimeTypeAllowed(contentType, allowed), `${file.bucketId}/${file.name} as ${contentType}`).not.toThrow();
      }
    });
  });
});
