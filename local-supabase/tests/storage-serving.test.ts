import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY, databaseUrl } from '../src/config';
import { DEMO_ACCOUNTS, type SignedUpUser, serviceClient, signInAs, signUpUser } from './support';

// What the Storage API accepts as an object's type and how it serves the bytes back
// (docs/security.md "Stored files: types, serving and previews"). Every upload path, as each role
// of the portal uses it, and every read route.

const run = randomUUID().slice(0, 8);
const SERVED = `t-served-${run}`; // public; names its script-capable types explicitly
const LOOSE = `t-loose-${run}`; // private; no allow-list; any signed-in user may do anything
const IMAGES = `t-images-${run}`; // private; 'image/*' only

const db = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
const service = serviceClient();
const HTML = '<html><body><script>document.title = "owned"</script></body></html>';

let alice: SignedUpUser;
let teacher: SupabaseClient;
let teacherToken: string;
let courseId: string;
let activityId: string;

beforeAll(async () => {
  const buckets: Array<[string, { public: boolean; allowedMimeTypes?: string[] }]> = [
    [
      SERVED,
      {
        public: true,
        allowedMimeTypes: [
          'image/png',
          'application/pdf',
          'video/mp4',
          'audio/mpeg',
          'text/plain',
          'text/csv',
          'application/zip',
          'image/svg+xml',
          'text/html',
        ],
      },
    ],
    [LOOSE, { public: false }],
    [IMAGES, { public: false, allowedMimeTypes: ['image/*'] }],
  ];
  for (const [id, options] of buckets) {
    const { error } = await service.storage.createBucket(id, options);
    if (error) throw error;
  }
  for (const bucket of [LOOSE, IMAGES]) {
    await db.query(
      `create policy "t ${run} ${bucket}" on storage.objects for all to authenticated
         using (bucket_id = '${bucket}') with check (bucket_id = '${bucket}')`,
    );
  }
  alice = await signUpUser('serving-alice');
  teacher = await signInAs(DEMO_ACCOUNTS.teacher.email);
  teacherToken = (await teacher.auth.getSession()).data.session?.access_token as string;

  const course = await db.query<{ id: string }>(
    `insert into public.courses (title, description, language, teacher_id)
     values ($1, 'Storage serving test course', 'English', $2) returning id`,
    [`Storage serving ${run}`, DEMO_ACCOUNTS.teacher.id],
  );
  courseId = course.rows[0]?.id as string;
  const activity = await db.query<{ id: string }>(
    `insert into public.activities (title, description, course_id, created_by)
     values ('Hand in a file', 'Storage serving test', $1, $2) returning id`,
    [courseId, DEMO_ACCOUNTS.teacher.id],
  );
  activityId = activity.rows[0]?.id as string;
  const { error } = await alice.client.rpc('enroll_user_in_course', {
    user_uuid: alice.user.id,
    course_uuid: courseId,
  });
  if (error) throw error;
});

afterAll(async () => {
  await db.query(`drop policy if exists "t ${run} ${LOOSE}" on storage.objects`);
  await db.query(`drop policy if exists "t ${run} ${IMAGES}" on storage.objects`);
  for (const bucket of [SERVED, LOOSE, IMAGES]) {
    await service.storage.emptyBucket(bucket);
    await service.storage.deleteBucket(bucket);
  }
  for (const bucket of ['avatars', 'materials', 'activity-submissions']) {
    const { rows } = await db.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name like $2',
      [bucket, `%serving-${run}%`],
    );
    if (rows.length) await service.storage.from(bucket).remove(rows.map((row) => row.name));
  }
  await db.query('delete from public.courses where id = $1', [courseId]);
  await db.end();
});

function authHeaders(token: string, extra: Record<string, string> = {}) {
  return { apikey: ANON_KEY, authorization: `Bearer ${token}`, ...extra };
}

/** A multipart body as storage-js sends one (cacheControl, then the file part), with the part's own type. */
function form(partType: string, content: string | Uint8Array) {
  const boundary = `----serving-${randomUUID()}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\n` +
    `Content-Type: ${partType}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const body =
    typeof content === 'string'
      ? `${head}${content}${tail}`
      : Buffer.concat([Buffer.from(head), content, Buffer.from(tail)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The first bytes of a PNG: a bucket that takes pictures only checks them (an avatar). */
const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type UploadPath =
  | 'raw POST'
  | 'form POST'
  | 'raw POST with x-upsert'
  | 'form PUT (update)'
  | 'signed upload URL, raw'
  | 'signed upload URL, form';

const UPLOAD_PATHS: UploadPath[] = [
  'raw POST',
  'form POST',
  'raw POST with x-upsert',
  'form PUT (update)',
  'signed upload URL, raw',
  'signed upload URL, form',
];

/** Uploads `content` as `type` the way `path` does, as the holder of `token`. */
async function upload(
  path: UploadPath,
  token: string,
  bucket: string,
  name: string,
  type: string,
  content: string | Uint8Array = HTML,
): Promise<Response> {
  const multipart = path.includes('form');
  const { body, contentType } = multipart
    ? form(type, content)
    : { body: typeof content === 'string' ? content : Buffer.from(content), contentType: type };
  if (path.startsWith('signed upload URL')) {
    const signed = await fetch(`${API_URL}/storage/v1/object/upload/sign/${bucket}/${name}`, {
      method: 'POST',
      headers: authHeaders(token),
    });
    expect(signed.status, `signing ${bucket}/${name}`).toBe(200);
    const { url } = (await signed.json()) as { url: string };
    return fetch(`${API_URL}/storage/v1${url}`, {
      method: 'PUT',
      headers: { apikey: ANON_KEY, 'content-type': contentType },
      body,
    });
  }
  return fetch(`${API_URL}/storage/v1/object/${bucket}/${name}`, {
    method: path === 'form PUT (update)' ? 'PUT' : 'POST',
    headers: authHeaders(token, {
      'content-type': contentType,
      ...(path === 'raw POST with x-upsert' ? { 'x-upsert': 'true' } : {}),
    }),
    body,
  });
}

async function storedType(bucket: string, name: string): Promise<string | undefined> {
  const { rows } = await db.query<{ mimetype: string }>(
    `select metadata->>'mimetype' as mimetype from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return rows[0]?.mimetype;
}

const SMUGGLED = ['image/png;x=,text/html', 'image/png; a="b", text/html', 'IMAGE/PNG;,text/html'];

describe('an allowed type with HTML smuggled after it', () => {
  const roles = [
    {
      role: 'a student’s avatar',
      token: () => alice.session.access_token,
      bucket: 'avatars',
      name: () => `${alice.user.id}/serving-${run}-${randomUUID().slice(0, 8)}.png`,
    },
    {
      role: 'a teacher’s material',
      token: () => teacherToken,
      bucket: 'materials',
      name: () =>
        `general/${DEMO_ACCOUNTS.teacher.id}/serving-${run}-${randomUUID().slice(0, 8)}.png`,
    },
    {
      role: 'a student’s submission file',
      token: () => alice.session.access_token,
      bucket: 'activity-submissions',
      name: () => `${alice.user.id}/${activityId}/serving-${run}-${randomUUID().slice(0, 8)}.png`,
    },
  ];

  describe.each(roles)('as $role', ({ token, bucket, name }) => {
    it.each(UPLOAD_PATHS.flatMap((path) => SMUGGLED.map((type) => [path, type] as const)))(
      'refuses %s declaring %j with 415 invalid_mime_type and stores nothing',
      async (path, type) => {
        const objectName = name();
        const response = await upload(path, token(), bucket, objectName, type);
        expect(response.status).toBe(415);
        expect(await response.json()).toMatchObject({
          statusCode: '415',
          error: 'invalid_mime_type',
        });
        expect(await storedType(bucket, objectName)).toBeUndefined();
      },
    );

    it('stores an allowed type as its bare, lower-case type/subtype', async () => {
      const objectName = name();
      const response = await upload(
        'raw POST',
        token(),
        bucket,
        objectName,
        'Image/PNG; q=1',
        PNG_BYTES,
      );
      expect(response.status).toBe(200);
      expect(await storedType(bucket, objectName)).toBe('image/png');
      const viaForm = name();
      expect((await upload('form POST', token(), bucket, viaForm, 'IMAGE/PNG', PNG_BYTES)).status).toBe(
        200,
      );
      expect(await storedType(bucket, viaForm)).toBe('image/png');
    });
  });
});

describe('types that can carry script', () => {
  it.each([
    'text/html',
    'text/html; charset=utf-8',
    'image/svg+xml',
    'application/xhtml+xml',
    'text/xml',
    'application/xml',
    'text/javascript',
    'application/javascript',
    'multipart/x-mixed-replace; boundary=x',
  ])('are refused as %s by a bucket without an allow-list', async (type) => {
    const objectName = `script/${randomUUID()}`;
    const response = await upload('raw POST', alice.session.access_token, LOOSE, objectName, type);
    expect(response.status).toBe(415);
    expect(await storedType(LOOSE, objectName)).toBeUndefined();
  });

  it('are refused by a wildcard (image/* does not let SVG in)', async () => {
    const objectName = `${randomUUID()}.svg`;
    const response = await upload(
      'form POST',
      alice.session.access_token,
      IMAGES,
      objectName,
      'image/svg+xml',
      '<svg/>',
    );
    expect(response.status).toBe(415);
    expect(
      (
        await upload(
          'form POST',
          alice.session.access_token,
          IMAGES,
          `${randomUUID()}.webp`,
          'image/webp',
          // A picture-only bucket checks the bytes: a WebP's signature.
          'RIFF0000WEBPVP8 ',
        )
      ).status,
    ).toBe(200);
  });

  it('are stored when the bucket names them, and then never served as a page', async () => {
    const name = `${randomUUID()}.svg`;
    const response = await upload(
      'raw POST',
      SERVICE_ROLE_KEY,
      SERVED,
      name,
      'image/svg+xml',
      '<svg/>',
    );
    expect(response.status).toBe(200);
    const served = await fetch(`${API_URL}/storage/v1/object/public/${SERVED}/${name}`);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('content-security-policy')).toBe('sandbox');
  });
});

describe('a bucket without an allow-list', () => {
  it('stores the bare type/subtype of a valid type, parameters dropped', async () => {
    const objectName = `${randomUUID()}.bin`;
    const response = await upload(
      'raw POST',
      alice.session.access_token,
      LOOSE,
      objectName,
      'Application/X-Custom; v=2',
      'x',
    );
    expect(response.status).toBe(200);
    expect(await storedType(LOOSE, objectName)).toBe('application/x-custom');
  });

  it.each(['not a type', 'image/', '/png', 'image/png, text/plain', ...SMUGGLED])(
    'refuses %j with 415',
    async (type) => {
      const objectName = `${randomUUID()}.bin`;
      const response = await upload(
        'form POST',
        alice.session.access_token,
        LOOSE,
        objectName,
        type,
        'x',
      );
      expect(response.status).toBe(415);
      expect(await storedType(LOOSE, objectName)).toBeUndefined();
    },
  );
});

describe('copy and move of an object stored before types were checked', () => {
  let legacy: string;
  beforeAll(async () => {
    legacy = `legacy/${randomUUID()}.png`;
    const { error } = await alice.client.storage
      .from(LOOSE)
      .upload(legacy, new Blob([HTML], { type: 'image/png' }));
    if (error) throw error;
    // What an older stack stored: the whole header as sent.
    await db.query(
      `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', '"image/png;x=,text/html"')
        where bucket_id = $1 and name = $2`,
      [LOOSE, legacy],
    );
  });

  it('is served as opaque bytes, never as the HTML its stored header names', async () => {
    const { data } = await alice.client.storage.from(LOOSE).createSignedUrl(legacy, 60);
    const response = await fetch(data?.signedUrl as string);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('cannot be copied or moved into an app bucket', async () => {
    const bucket = alice.client.storage.from(LOOSE);
    const target = `${alice.user.id}/serving-${run}-copied.png`;
    const copied = await bucket.copy(legacy, target, { destinationBucket: 'avatars' });
    expect((copied.error as { status?: number } | null)?.status).toBe(415);
    const moved = await bucket.move(legacy, target, { destinationBucket: 'avatars' });
    expect((moved.error as { status?: number } | null)?.status).toBe(415);
    expect(await storedType('avatars', target)).toBeUndefined();
  });

  it('is copied within a bucket without an allow-list as opaque bytes', async () => {
    const target = `legacy/${randomUUID()}-copy.png`;
    const { error } = await alice.client.storage.from(LOOSE).copy(legacy, target);
    expect(error).toBeNull();
    expect(await storedType(LOOSE, target)).toBe('application/octet-stream');
  });
});

describe('served headers on every read route', () => {
  const objects = {
    'image.png': ['image/png', 'png'],
    'paper.pdf': ['application/pdf', '%PDF-1.4'],
    'clip.mp4': ['video/mp4', 'mp4'],
    'song.mp3': ['audio/mpeg', 'mp3'],
    'notes.txt': ['text/plain', 'Una conversación'],
    'marks.csv': ['text/csv', 'a,b'],
    'bundle.zip': ['application/zip', 'PK'],
    'page.html': ['text/html', HTML],
  } as const;
  type Name = keyof typeof objects;
  const INLINE = new Set<Name>(['image.png', 'paper.pdf', 'clip.mp4', 'song.mp3']);
  const folder = `served-${randomUUID()}`;

  beforeAll(async () => {
    for (const [name, [type, content]] of Object.entries(objects)) {
      const response = await upload(
        'raw POST',
        SERVICE_ROLE_KEY,
        SERVED,
        `${folder}/${name}`,
        type,
        content,
      );
      if (response.status !== 200)
        throw new Error(`${name}: ${response.status} ${await response.text()}`);
    }
  });

  /** The object by every route that serves its bytes, GET and HEAD, whole and a range. */
  async function responses(name: Name): Promise<Array<[string, Response]>> {
    const key = `${SERVED}/${folder}/${name}`;
    const { data } = await service.storage.from(SERVED).createSignedUrl(`${folder}/${name}`, 60);
    const signed = data?.signedUrl as string;
    const routes: Array<[string, string, Record<string, string>]> = [
      ['public', `${API_URL}/storage/v1/object/public/${key}`, {}],
      [
        'authenticated',
        `${API_URL}/storage/v1/object/authenticated/${key}`,
        authHeaders(SERVICE_ROLE_KEY),
      ],
      ['object', `${API_URL}/storage/v1/object/${key}`, authHeaders(SERVICE_ROLE_KEY)],
      ['signed', signed, {}],
    ];
    const answers: Array<[string, Response]> = [];
    for (const [route, url, headers] of routes) {
      answers.push([`GET ${route}`, await fetch(url, { headers })]);
      answers.push([`HEAD ${route}`, await fetch(url, { method: 'HEAD', headers })]);
      answers.push([
        `range ${route}`,
        await fetch(url, { headers: { ...headers, range: 'bytes=0-1' } }),
      ]);
    }
    return answers;
  }

  it.each(Object.keys(objects) as Name[])('%s: nosniff, disposition and sandbox', async (name) => {
    for (const [route, response] of await responses(name)) {
      expect([200, 206], `${route} status`).toContain(response.status);
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff');
      if (INLINE.has(name)) {
        expect(response.headers.get('content-disposition'), route).toBeNull();
      } else {
        expect(response.headers.get('content-disposition'), route).toBe(
          `attachment; filename*=UTF-8''${name}`,
        );
      }
      // Chromium's PDF viewer does not open a sandboxed document; a PDF runs no script on this origin.
      expect(response.headers.get('content-security-policy'), route).toBe(
        name === 'paper.pdf' ? null : 'sandbox',
      );
    }
  });

  it('keeps text readable: served as UTF-8, its bytes fetched whole', async () => {
    const { data } = await service.storage.from(SERVED).createSignedUrl(`${folder}/notes.txt`, 60);
    const response = await fetch(data?.signedUrl as string);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(new TextDecoder('utf-8').decode(await response.arrayBuffer())).toBe('Una conversación');
  });

  it('serves HTML a bucket allows as a download in a sandbox, never as a page', async () => {
    const response = await fetch(
      `${API_URL}/storage/v1/object/public/${SERVED}/${folder}/page.html`,
    );
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('names the requested download file, inline types too', async () => {
    const { data } = await service.storage
      .from(SERVED)
      .createSignedUrl(`${folder}/image.png`, 60, { download: 'photo.png' });
    const response = await fetch(data?.signedUrl as string);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''photo.png`,
    );
  });

  it('sends the same headers on a 304', async () => {
    const url = `${API_URL}/storage/v1/object/public/${SERVED}/${folder}/notes.txt`;
    const first = await fetch(url);
    const again = await fetch(url, {
      headers: { 'if-none-match': first.headers.get('etag') as string },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(again.headers.get('content-security-policy')).toBe('sandbox');
  });
});
