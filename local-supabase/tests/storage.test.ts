import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY, dataDir, databaseUrl } from '../src/config';
import {
  DEMO_ACCOUNTS,
  type SignedUpUser,
  anonClient,
  serviceClient,
  signInAs,
  signUpUser,
} from './support';

// Test buckets with their own policies (policies are permissive, so these add nothing to other buckets).
const run = randomUUID().slice(0, 8);
const OPEN = `t-open-${run}`; // private; any signed-in user may do anything
const OWN = `t-own-${run}`; // private; each user only in `<own id>/…`, admins read everything
const PUBLIC = `t-public-${run}`; // public read; each user writes only `<own id>/…` (the avatars rule)
const LIMITED = `t-limited-${run}`; // private; 1 KiB, text and images only

const policies = [
  `create policy "t ${run} open" on storage.objects for all to authenticated
     using (bucket_id = '${OPEN}') with check (bucket_id = '${OPEN}')`,
  `create policy "t ${run} limited" on storage.objects for all to authenticated
     using (bucket_id = '${LIMITED}') with check (bucket_id = '${LIMITED}')`,
  `create policy "t ${run} own read" on storage.objects for select to authenticated
     using (bucket_id = '${OWN}' and ((storage.foldername(name))[1] = (select auth.uid())::text or (select private.is_admin())))`,
  `create policy "t ${run} public read" on storage.objects for select to anon, authenticated
     using (bucket_id = '${PUBLIC}')`,
  ...[OWN, PUBLIC].flatMap((bucket, index) => [
    `create policy "t ${run} ${index} insert" on storage.objects for insert to authenticated
       with check (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text)`,
    `create policy "t ${run} ${index} update" on storage.objects for update to authenticated
       using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text)
       with check (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text)`,
    `create policy "t ${run} ${index} delete" on storage.objects for delete to authenticated
       using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text)`,
  ]),
];

const db = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
const service = serviceClient();
let alice: SignedUpUser;
let bob: SignedUpUser;
let admin: SupabaseClient;
let teacher: SupabaseClient;

const text = (content: string, type = 'text/plain') => new Blob([content], { type });

function expectStorageError(error: unknown, status: number, message?: string | RegExp) {
  expect(error).toBeTruthy();
  const { status: actual, message: actualMessage } = error as { status?: number; message: string };
  expect(actual, actualMessage).toBe(status);
  if (typeof message === 'string') expect(actualMessage).toBe(message);
  else if (message) expect(actualMessage).toMatch(message);
}

async function download(client: SupabaseClient, bucket: string, path: string) {
  const { data, error } = await client.storage.from(bucket).download(path);
  return { text: data ? await data.text() : undefined, error };
}

beforeAll(async () => {
  const buckets: Array<
    [string, { public: boolean; fileSizeLimit?: number; allowedMimeTypes?: string[] }]
  > = [
    [OPEN, { public: false }],
    [OWN, { public: false }],
    [PUBLIC, { public: true }],
    [LIMITED, { public: false, fileSizeLimit: 1024, allowedMimeTypes: ['text/plain', 'image/*'] }],
  ];
  for (const [id, options] of buckets) {
    const { error } = await service.storage.createBucket(id, options);
    if (error) throw error;
  }
  for (const sql of policies) await db.query(sql);
  [alice, bob, admin, teacher] = await Promise.all([
    signUpUser('storage-alice'),
    signUpUser('storage-bob'),
    signInAs(DEMO_ACCOUNTS.admin.email),
    signInAs(DEMO_ACCOUNTS.teacher.email),
  ]);
});

afterAll(async () => {
  const { rows } = await db.query<{ policyname: string }>(
    `select policyname from pg_policies where schemaname = 'storage' and policyname like $1`,
    [`t ${run} %`],
  );
  for (const { policyname } of rows)
    await db.query(`drop policy "${policyname}" on storage.objects`);
  for (const bucket of [OPEN, OWN, PUBLIC, LIMITED]) {
    await service.storage.emptyBucket(bucket);
    await service.storage.deleteBucket(bucket);
  }
  await db.end();
});

describe('buckets', () => {
  it('lets the service role create, read, update, empty and delete a bucket', async () => {
    const id = `t-crud-${run}`;
    expect(
      await service.storage.createBucket(id, { public: false, fileSizeLimit: '1MB' }),
    ).toMatchObject({
      data: { name: id },
      error: null,
    });
    const duplicate = await service.storage.createBucket(id, { public: false });
    expectStorageError(duplicate.error, 409, 'The resource already exists');

    const { data: bucket } = await service.storage.getBucket(id);
    expect(bucket).toMatchObject({
      id,
      name: id,
      public: false,
      file_size_limit: 1_000_000,
      allowed_mime_types: null,
    });
    expect((await service.storage.listBuckets()).data?.map((b) => b.id)).toContain(id);

    expect(
      (await service.storage.updateBucket(id, { public: true, allowedMimeTypes: ['image/png'] }))
        .error,
    ).toBeNull();
    expect((await service.storage.getBucket(id)).data).toMatchObject({
      public: true,
      allowed_mime_types: ['image/png'],
    });

    // A picture-only bucket checks the bytes: a PNG's signature.
    await service.storage
      .from(id)
      .upload('x.png', new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    expectStorageError((await service.storage.deleteBucket(id)).error, 409, /not empty/);
    expect((await service.storage.emptyBucket(id)).data).toEqual({
      message: 'Successfully emptied',
    });
    expect((await service.storage.deleteBucket(id)).data).toEqual({
      message: 'Successfully deleted',
    });
    expectStorageError((await service.storage.getBucket(id)).error, 404, 'Bucket not found');
  });

  it('keeps bucket management to the service role', async () => {
    expectStorageError((await alice.client.storage.createBucket(`t-nope-${run}`)).error, 403);
    expectStorageError((await admin.storage.updateBucket(OPEN, { public: true })).error, 403);
    expectStorageError((await admin.storage.deleteBucket(OPEN)).error, 403);
    // Bucket reads run as the caller: storage.buckets RLS lets anonymous callers see none.
    expect((await anonClient().storage.listBuckets()).data).toEqual([]);
    expect((await service.storage.getBucket(OPEN)).data?.public).toBe(false);
  });

  it('refuses bucket names that would clash with routes or paths', async () => {
    expectStorageError((await service.storage.createBucket('sign')).error, 400);
    expectStorageError((await service.storage.createBucket('../etc')).error, 400);
  });
});

describe('upload and download', () => {
  it('round-trips a Blob (multipart) with its type, size and default cache-control', async () => {
    const path = `round-trip/${randomUUID()}.txt`;
    const { data, error } = await alice.client.storage
      .from(OPEN)
      .upload(path, text('¡Hola, mundo!'));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `${OPEN}/${path}` });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    expect(await download(bob.client, OPEN, path)).toEqual({ text: '¡Hola, mundo!', error: null });
    const { data: info } = await alice.client.storage.from(OPEN).info(path);
    expect(info).toMatchObject({
      name: path,
      bucketId: OPEN,
      size: Buffer.byteLength('¡Hola, mundo!'),
      contentType: 'text/plain',
      cacheControl: 'max-age=3600',
    });
    expect((await alice.client.storage.from(OPEN).exists(path)).data).toBe(true);
    expect((await alice.client.storage.from(OPEN).exists(`${path}.missing`)).data).toBe(false);

    const { rows } = await db.query(
      'select owner, owner_id, metadata from storage.objects where bucket_id = $1 and name = $2',
      [OPEN, path],
    );
    expect(rows[0]).toMatchObject({
      owner: alice.user.id,
      owner_id: alice.user.id,
      metadata: {
        mimetype: 'text/plain',
        size: 14,
        contentLength: 14,
        cacheControl: 'max-age=3600',
        httpStatusCode: 200,
      },
    });
    expect(rows[0].metadata.eTag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('accepts raw bytes with their content type and cache-control', async () => {
    const path = `raw/${randomUUID()}.bin`;
    const bytes = Buffer.from([0, 1, 2, 3, 254, 255]);
    const { error } = await alice.client.storage
      .from(OPEN)
      .upload(path, bytes, { contentType: 'application/octet-stream', cacheControl: '60' });
    expect(error).toBeNull();
    const { data } = await alice.client.storage.from(OPEN).download(path);
    expect(Buffer.from(await (data as Blob).arrayBuffer())).toEqual(bytes);
    const { data: info } = await alice.client.storage.from(OPEN).info(path);
    expect(info).toMatchObject({
      contentType: 'application/octet-stream',
      cacheControl: 'max-age=60',
      size: 6,
    });
  });

  it('overwrites only with upsert (x-upsert: true); update replaces', async () => {
    const path = `upsert/${randomUUID()}.txt`;
    const bucket = alice.client.storage.from(OPEN);
    expect((await bucket.upload(path, text('first'))).error).toBeNull();
    expectStorageError(
      (await bucket.upload(path, text('second'))).error,
      409,
      'The resource already exists',
    );
    expect((await download(alice.client, OPEN, path)).text).toBe('first');

    expect((await bucket.upload(path, text('second'), { upsert: true })).error).toBeNull();
    expect((await download(alice.client, OPEN, path)).text).toBe('second');
    expect((await bucket.update(path, text('third'))).error).toBeNull();
    expect((await download(alice.client, OPEN, path)).text).toBe('third');
  });

  it('keeps row and bytes in step under concurrent upserts of one key', async () => {
    const path = `concurrent/${randomUUID()}.txt`;
    const bodies = Array.from({ length: 12 }, (_, index) => `version ${index} `.repeat(index + 1));
    const results = await Promise.all(
      bodies.map((body) =>
        alice.client.storage.from(OPEN).upload(path, text(body), { upsert: true }),
      ),
    );
    expect(results.every((result) => result.error === null)).toBe(true);
    const stored = (await download(alice.client, OPEN, path)).text as string;
    expect(bodies).toContain(stored);
    const { data: info } = await alice.client.storage.from(OPEN).info(path);
    expect(info?.size).toBe(Buffer.byteLength(stored));
  });

  it('answers info() with the user metadata as Storage does: {} when the upload gave none', async () => {
    const bucket = alice.client.storage.from(OPEN);
    const plain = `info/${randomUUID()}.txt`;
    const raw = `info/${randomUUID()}.bin`;
    const tagged = `info/${randomUUID()}.txt`;
    expect((await bucket.upload(plain, text('plain'))).error).toBeNull();
    expect((await bucket.upload(raw, Buffer.from('raw'), { contentType: 'application/octet-stream' })).error).toBeNull();
    expect((await bucket.upload(tagged, text('tagged'), { metadata: { lesson: 3, level: 'B1' } })).error).toBeNull();
    expect((await bucket.info(plain)).data?.metadata).toEqual({});
    expect((await bucket.info(raw)).data?.metadata).toEqual({});
    expect((await bucket.info(tagged)).data?.metadata).toEqual({ lesson: 3, level: 'B1' });
  });

  it('answers a missing object or bucket with 404', async () => {
    expectStorageError((await download(alice.client, OPEN, 'nothing/here.txt')).error, 404);
    const missingBucket = await alice.client.storage
      .from(`missing-${run}`)
      .upload('a.txt', text('a'));
    expectStorageError(missingBucket.error, 404, 'Bucket not found');
  });

  it('serves byte ranges and conditional requests', async () => {
    const path = `range/${randomUUID()}.txt`;
    await alice.client.storage.from(OPEN).upload(path, text('0123456789'));
    const { data } = await alice.client.storage.from(OPEN).createSignedUrl(path, 60);
    const url = data?.signedUrl as string;
    const partial = await fetch(url, { headers: { range: 'bytes=2-5' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await partial.text()).toBe('2345');
    const full = await fetch(url);
    const again = await fetch(url, {
      headers: { 'if-none-match': full.headers.get('etag') as string },
    });
    expect(again.status).toBe(304);
  });
});

describe('limits', () => {
  it('refuses an object over the bucket size limit with 413', async () => {
    const { error } = await alice.client.storage
      .from(LIMITED)
      .upload(`${randomUUID()}.txt`, text('x'.repeat(1025)));
    expectStorageError(error, 413, 'The object exceeded the maximum allowed size');
    const raw = await alice.client.storage
      .from(LIMITED)
      .upload(`${randomUUID()}.txt`, Buffer.alloc(4096, 1), { contentType: 'text/plain' });
    expectStorageError(raw.error, 413, 'The object exceeded the maximum allowed size');
    expect(
      (
        await alice.client.storage
          .from(LIMITED)
          .upload(`${randomUUID()}.txt`, text('x'.repeat(1024)))
      ).error,
    ).toBeNull();
  });

  it('refuses a MIME type the bucket does not allow with 415 (wildcards allowed)', async () => {
    const { error } = await alice.client.storage
      .from(LIMITED)
      .upload(`${randomUUID()}.pdf`, text('%PDF', 'application/pdf'));
    expectStorageError(error, 415, 'mime type application/pdf is not supported');
    expect(
      (
        await alice.client.storage
          .from(LIMITED)
          .upload(`${randomUUID()}.png`, text('png', 'image/png'))
      ).error,
    ).toBeNull();
  });

  it('refuses keys that could leave the bucket folder', async () => {
    for (const key of ['a%2F..%2Fb.txt', '%2Fabsolute.txt', 'a%2F%2Fb.txt']) {
      const response = await fetch(`${API_URL}/storage/v1/object/${OPEN}/${key}`, {
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          authorization: `Bearer ${alice.session.access_token}`,
          'content-type': 'text/plain',
        },
        body: 'x',
      });
      expect(response.status, key).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
  });
});

describe('signed URLs', () => {
  let path: string;
  beforeAll(async () => {
    path = `${alice.user.id}/signed-${randomUUID()}.txt`;
    const { error } = await alice.client.storage.from(OWN).upload(path, text('secret notes'));
    if (error) throw error;
  });

  it('serves the object to anyone holding the URL, without an API key', async () => {
    const { data, error } = await alice.client.storage.from(OWN).createSignedUrl(path, 3600);
    expect(error).toBeNull();
    expect(data?.signedUrl).toContain(`${API_URL}/storage/v1/object/sign/${OWN}/${path}?token=`);
    const response = await fetch(data?.signedUrl as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('secret notes');

    const token = new URL(data?.signedUrl as string).searchParams.get('token') as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    expect(claims.url).toBe(`${OWN}/${path}`);
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.role).toBeUndefined();
  });

  it.each([
    ['md', 'text/markdown'],
    ['txt', 'text/plain'],
  ])('serves a .%s text file as UTF-8, so a browser shows its accents', async (extension, type) => {
    const notes = `${alice.user.id}/notes-${randomUUID()}.${extension}`;
    const content = '# Una conversación en el café: ¿qué tal?';
    const { error } = await alice.client.storage.from(OWN).upload(notes, text(content, type));
    expect(error).toBeNull();
    const { data } = await alice.client.storage.from(OWN).createSignedUrl(notes, 60);
    const response = await fetch(data?.signedUrl as string);
    expect(response.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
    expect(new TextDecoder('utf-8').decode(await response.arrayBuffer())).toBe(content);
  });

  it('stores only type/subtype, so text is served as UTF-8 whatever the upload said; binary types get no charset', async () => {
    const latin = `${alice.user.id}/latin-${randomUUID()}.txt`;
    await alice.client.storage
      .from(OWN)
      .upload(latin, Buffer.from('café'), { contentType: 'text/plain; charset=iso-8859-1' });
    const image = `${alice.user.id}/pixel-${randomUUID()}.png`;
    await alice.client.storage.from(OWN).upload(image, text('png', 'image/png'));
    const signed = await alice.client.storage.from(OWN).createSignedUrls([latin, image], 60);
    const [latinResponse, imageResponse] = await Promise.all(
      (signed.data ?? []).map((entry) => fetch(entry.signedUrl as string)),
    );
    expect(latinResponse?.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(imageResponse?.headers.get('content-type')).toBe('image/png');
  });

  it('adds a download disposition on request', async () => {
    const { data } = await alice.client.storage
      .from(OWN)
      .createSignedUrl(path, 60, { download: 'notes.txt' });
    const response = await fetch(data?.signedUrl as string);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''notes.txt`,
    );
  });

  it('refuses a tampered token or a token used for another object', async () => {
    const { data } = await alice.client.storage.from(OWN).createSignedUrl(path, 3600);
    const url = new URL(data?.signedUrl as string);
    const token = url.searchParams.get('token') as string;

    const tampered = new URL(url);
    tampered.searchParams.set(
      'token',
      `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`,
    );
    const forged = await fetch(tampered);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ statusCode: '403', error: 'InvalidSignature' });

    const otherPath = `${alice.user.id}/other-${randomUUID()}.txt`;
    await alice.client.storage.from(OWN).upload(otherPath, text('other'));
    const reused = await fetch(
      `${API_URL}/storage/v1/object/sign/${OWN}/${otherPath}?token=${token}`,
    );
    expect(reused.status).toBe(403);

    // An API JWT is not a signed-URL token.
    const apiToken = await fetch(
      `${API_URL}/storage/v1/object/sign/${OWN}/${path}?token=${alice.session.access_token}`,
    );
    expect(apiToken.status).toBe(403);
    expect((await fetch(`${API_URL}/storage/v1/object/sign/${OWN}/${path}`)).status).toBe(400);
  });

  it('stops working once expired', async () => {
    // Three seconds: long enough for the first fetch on a busy machine (one second was not, at load 13).
    const { data } = await alice.client.storage.from(OWN).createSignedUrl(path, 3);
    expect((await fetch(data?.signedUrl as string)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 4_100));
    const expired = await fetch(data?.signedUrl as string);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      statusCode: '400',
      error: 'InvalidJWT',
      message: 'The signed URL has expired',
    });
  });

  it('signs several paths at once, reporting the ones the caller cannot read', async () => {
    const missing = `${alice.user.id}/missing.txt`;
    const { data, error } = await alice.client.storage
      .from(OWN)
      .createSignedUrls([path, missing], 3600);
    expect(error).toBeNull();
    expect(data?.[0]).toMatchObject({ path, error: null });
    expect(await (await fetch(data?.[0]?.signedUrl as string)).text()).toBe('secret notes');
    expect(data?.[1]).toMatchObject({ path: missing, signedUrl: null });
    expect(data?.[1]?.error).toMatch(/does not exist or you do not have access/);
  });

  it('rejects a lifetime that is not a positive whole number', async () => {
    expectStorageError(
      (await alice.client.storage.from(OWN).createSignedUrl(path, 0)).error,
      400,
      /expiresIn/,
    );
  });

  it('caps a lifetime at 7 days (604800 s), one path or several', async () => {
    const week = 7 * 24 * 60 * 60;
    const bucket = alice.client.storage.from(OWN);
    expect((await bucket.createSignedUrl(path, week)).error).toBeNull();
    const message = 'expiresIn must be at most 604800 seconds (7 days)';
    expectStorageError((await bucket.createSignedUrl(path, week + 1)).error, 400, message);
    expectStorageError((await bucket.createSignedUrls([path], 365 * 24 * 3600)).error, 400, message);
  });

  it('lets a signed upload URL store one object: a second upload with its token is a 409 duplicate', async () => {
    const own = `${alice.user.id}/once-${randomUUID()}.txt`;
    const { data, error } = await alice.client.storage
      .from(OWN)
      .createSignedUploadUrl(own, { upsert: true });
    expect(error).toBeNull();
    const token = data?.token as string;
    const anon = anonClient().storage.from(OWN);
    expect((await anon.uploadToSignedUrl(own, token, text('first'))).error).toBeNull();
    const again = await anon.uploadToSignedUrl(own, token, text('second'));
    // Storage's answer to a second object at the same path (its error code: Duplicate).
    expectStorageError(again.error, 409, 'The resource already exists');
    expect((await download(alice.client, OWN, own)).text).toBe('first');
    // Two uploads racing with one fresh token: exactly one stores.
    const raced = `${alice.user.id}/race-${randomUUID()}.txt`;
    const fresh = await alice.client.storage.from(OWN).createSignedUploadUrl(raced, { upsert: true });
    const results = await Promise.all(
      ['a', 'b', 'c'].map((body) => anon.uploadToSignedUrl(raced, fresh.data?.token as string, text(body))),
    );
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
  });

  it('gives the token back when the upload stored nothing, so the URL can be tried again', async () => {
    const own = `${alice.user.id}/retry-${randomUUID()}.txt`;
    const { data } = await alice.client.storage.from(LIMITED).createSignedUploadUrl(`${own}`);
    const anon = anonClient().storage.from(LIMITED);
    const tooBig = await anon.uploadToSignedUrl(own, data?.token as string, text('x'.repeat(2048)));
    expectStorageError(tooBig.error, 413);
    expect((await anon.uploadToSignedUrl(own, data?.token as string, text('fits'))).error).toBeNull();
  });
});

describe('uploads stream to disk', () => {
  const MiB = 1024 * 1024;
  const UPLOADS = 20;
  const SIZE = 40 * MiB;

  /** The process serving the API: /health names it; else the owner of the listening socket. */
  async function gatewayPid(): Promise<number> {
    const health = (await (await fetch(`${API_URL}/health`)).json().catch(() => ({}))) as { pid?: unknown };
    if (typeof health.pid === 'number') return health.pid;
    const port = Number(new URL(API_URL).port).toString(16).toUpperCase().padStart(4, '0');
    const listening = readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .find((fields) => fields[1]?.endsWith(`:${port}`) && fields[3] === '0A');
    const socket = `socket:[${listening?.[9]}]`;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        for (const fd of readdirSync(`/proc/${pid}/fd`)) {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`) === socket) return Number(pid);
        }
      } catch {
        // Not ours to read, or gone.
      }
    }
    throw new Error(`no process listens on ${API_URL}`);
  }

  const rssBytes = (pid: number) =>
    Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

  /** One upload of SIZE zero bytes, sent a MiB at a time (the client holds one MiB), raw or as a form. */
  function bigUpload(name: string, multipart: boolean): Promise<number> {
    const boundary = `----local-${randomUUID()}`;
    const head = multipart
      ? Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        )
      : Buffer.alloc(0);
    const tail = multipart ? Buffer.from(`\r\n--${boundary}--\r\n`) : Buffer.alloc(0);
    const chunk = Buffer.alloc(MiB);
    const url = new URL(`/storage/v1/object/${OPEN}/${name}`, API_URL);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            apikey: SERVICE_ROLE_KEY,
            authorization: `Bearer ${SERVICE_ROLE_KEY}`,
            'content-type': multipart ? `multipart/form-data; boundary=${boundary}` : 'application/octet-stream',
            'content-length': head.length + SIZE + tail.length,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      let sent = 0;
      const pump = () => {
        while (sent < SIZE) {
          sent += MiB;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end(tail);
      };
      req.write(head);
      pump();
    });
  }

  it.runIf(process.platform === 'linux')(
    'keeps the gateway RSS bounded while 20 uploads of 40 MB run at once (raw and multipart)',
    async () => {
      const pid = await gatewayPid();
      const names = Array.from({ length: UPLOADS }, (_, index) => `big/${run}-${index}.bin`);
      const before = rssBytes(pid);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssBytes(pid));
      }, 25);
      try {
        const statuses = await Promise.all(names.map((name, index) => bigUpload(name, index % 2 === 1)));
        expect(statuses).toEqual(names.map(() => 200));
      } finally {
        clearInterval(sampler);
        peak = Math.max(peak, rssBytes(pid));
      }
      // Buffered, these 800 MB took the gateway to ~1.9 GB; streamed, a chunk per upload is in memory.
      expect(peak - before, `RSS ${Math.round(before / MiB)} MB → peak ${Math.round(peak / MiB)} MB`).toBeLessThan(
        150 * MiB,
      );
      expect(peak).toBeLessThan(400 * MiB);
      // Every byte arrived: size and MD5 (the ETag) of 40 MB of zeros.
      const zerosMd5 = createHash('md5').update(Buffer.alloc(SIZE)).digest('hex');
      for (const name of [names[0], names[1]] as string[]) {
        const { data, error } = await service.storage.from(OPEN).info(name);
        expect(error).toBeNull();
        expect(data?.size).toBe(SIZE);
        expect(data?.etag).toBe(`"${zerosMd5}"`);
      }
      await service.storage.from(OPEN).remove(names);
    },
    60_000,
  );

  it.runIf(process.platform === 'linux')('removes the partial file of an upload over the limit or cut off by its client', async () => {
    // The stack's staging folder: its data dir (LOCAL_SUPABASE_DATA_DIR of its process, else the default).
    const environment = readFileSync(`/proc/${await gatewayPid()}/environ`, 'utf8').split('\0');
    const dataDirOfStack = environment
      .find((entry) => entry.startsWith('LOCAL_SUPABASE_DATA_DIR='))
      ?.slice('LOCAL_SUPABASE_DATA_DIR='.length);
    const stagingDir = path.join(path.resolve(dataDirOfStack ?? dataDir()), 'storage-staging');
    const staged = () => {
      try {
        return readdirSync(stagingDir).length;
      } catch {
        return 0;
      }
    };
    const before = staged();
    const tooBig = await fetch(`${API_URL}/storage/v1/object/${LIMITED}/big-${run}.txt`, {
      method: 'POST',
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'text/plain' },
      body: 'x'.repeat(4096),
    });
    expect(tooBig.status).toBe(413);
    await new Promise<void>((resolve) => {
      const req = httpRequest(new URL(`/storage/v1/object/${OPEN}/cut-${run}.bin`, API_URL), {
        method: 'POST',
        headers: {
          apikey: SERVICE_ROLE_KEY,
          authorization: `Bearer ${SERVICE_ROLE_KEY}`,
          'content-type': 'application/octet-stream',
          'content-length': 10 * MiB,
        },
      });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(MiB), () => setTimeout(() => {
        req.destroy();
        resolve();
      }, 200));
    });
    // The gateway notices the client is gone when the socket says so: on a busy machine that can take
    // longer than half a second (a fixed wait failed in CI). The file must go, within 10 s.
    await expect.poll(staged, { timeout: 10_000, interval: 100 }).toBeLessThanOrEqual(before);
    expect((await service.storage.from(OPEN).info(`cut-${run}.bin`)).error).toBeTruthy();
  });
});

describe('public URLs', () => {
  it('serve objects of a public bucket to anyone', async () => {
    const path = `${alice.user.id}/avatar.png`;
    await alice.client.storage
      .from(PUBLIC)
      .upload(path, text('png-bytes', 'image/png'), { upsert: true });
    const { data } = anonClient().storage.from(PUBLIC).getPublicUrl(path);
    expect(data.publicUrl).toBe(`${API_URL}/storage/v1/object/public/${PUBLIC}/${path}`);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await response.text()).toBe('png-bytes');
  });

  it('do not serve a private bucket', async () => {
    const path = `public-check/${randomUUID()}.txt`;
    await alice.client.storage.from(OPEN).upload(path, text('private'));
    const response = await fetch(alice.client.storage.from(OPEN).getPublicUrl(path).data.publicUrl);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});

describe('list', () => {
  const folder = `list-${randomUUID()}`;
  beforeAll(async () => {
    for (const name of [
      'c.txt',
      'a.txt',
      'B.txt',
      'b.txt',
      'sub/x.txt',
      'sub/y.txt',
      'sub/deeper/z.txt',
    ]) {
      const { error } = await alice.client.storage
        .from(OPEN)
        .upload(`${folder}/${name}`, text(name));
      if (error) throw error;
    }
  });

  it('returns one folder level, folders and files sorted by name', async () => {
    const { data, error } = await alice.client.storage.from(OPEN).list(folder);
    expect(error).toBeNull();
    expect(data?.map((entry) => entry.name)).toEqual(['B.txt', 'a.txt', 'b.txt', 'c.txt', 'sub']);
    const sub = data?.find((entry) => entry.name === 'sub');
    expect(sub).toMatchObject({ id: null, metadata: null, created_at: null });
    const file = data?.find((entry) => entry.name === 'a.txt');
    expect(file?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain' });

    expect(
      (await alice.client.storage.from(OPEN).list(`${folder}/sub/`)).data?.map(
        (entry) => entry.name,
      ),
    ).toEqual(['deeper', 'x.txt', 'y.txt']);
  });

  it('pages with limit and offset, sorts descending and searches by name prefix', async () => {
    const bucket = alice.client.storage.from(OPEN);
    expect((await bucket.list(folder, { limit: 2, offset: 1 })).data?.map((e) => e.name)).toEqual([
      'a.txt',
      'b.txt',
    ]);
    expect(
      (await bucket.list(folder, { sortBy: { column: 'name', order: 'desc' } })).data?.map(
        (e) => e.name,
      ),
    ).toEqual(['sub', 'c.txt', 'b.txt', 'a.txt', 'B.txt']);
    expect((await bucket.list(folder, { search: 'b' })).data?.map((e) => e.name)).toEqual([
      'B.txt',
      'b.txt',
    ]);
    expectStorageError((await bucket.list(folder, { sortBy: { column: 'size' } })).error, 400);
  });

  it('shows only what the policies let the caller read', async () => {
    expect((await anonClient().storage.from(OPEN).list(folder)).data).toEqual([]);
    await alice.client.storage.from(OWN).upload(`${alice.user.id}/listed.txt`, text('mine'));
    expect((await bob.client.storage.from(OWN).list(alice.user.id)).data).toEqual([]);
    expect(
      (await alice.client.storage.from(OWN).list(alice.user.id)).data?.map((e) => e.name),
    ).toContain('listed.txt');
  });
});

describe('listV2 (POST /object/list-v2/<bucket>)', () => {
  const folder = `list-v2-${randomUUID()}`;
  const names = ['c.txt', 'a.txt', 'B.txt', 'sub-x.txt', 'sub/x.txt', 'sub/y.txt', 'sub/deeper/z.txt', 'zz/w.txt'];
  beforeAll(async () => {
    for (const name of names) {
      const { error } = await alice.client.storage.from(OPEN).upload(`${folder}/${name}`, text(name));
      if (error) throw error;
    }
  });

  it('lists one level with the delimiter: folders (ending in /) apart from objects, full keys, byte order', async () => {
    const { data, error } = await alice.client.storage
      .from(OPEN)
      .listV2({ prefix: `${folder}/`, with_delimiter: true });
    expect(error).toBeNull();
    expect(data?.hasNext).toBe(false);
    expect(data?.folders.map((entry) => entry.name)).toEqual([`${folder}/sub/`, `${folder}/zz/`]);
    expect(data?.objects.map((entry) => entry.name)).toEqual(
      ['B.txt', 'a.txt', 'c.txt', 'sub-x.txt'].map((name) => `${folder}/${name}`),
    );
    const file = data?.objects.find((entry) => entry.name === `${folder}/a.txt`);
    expect(file?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain' });
    expect(file?.key).toBe('a.txt');
  });

  it('lists every object under the prefix without the delimiter, and sorts descending', async () => {
    const bucket = alice.client.storage.from(OPEN);
    const all = names.map((name) => `${folder}/${name}`).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const flat = await bucket.listV2({ prefix: `${folder}/` });
    expect(flat.data?.folders).toEqual([]);
    expect(flat.data?.objects.map((entry) => entry.name)).toEqual(all);
    const down = await bucket.listV2({ prefix: `${folder}/`, sortBy: { column: 'name', order: 'desc' } });
    expect(down.data?.objects.map((entry) => entry.name)).toEqual([...all].reverse());
    const sub = await bucket.listV2({ prefix: `${folder}/sub/`, with_delimiter: true });
    expect(sub.data?.folders.map((entry) => entry.name)).toEqual([`${folder}/sub/deeper/`]);
    expect(sub.data?.objects.map((entry) => entry.name)).toEqual([`${folder}/sub/x.txt`, `${folder}/sub/y.txt`]);
  });

  it.each([
    ['by name', { column: 'name' as const, order: 'asc' as const }],
    ['by name, descending', { column: 'name' as const, order: 'desc' as const }],
    ['by creation', { column: 'created_at' as const, order: 'asc' as const }],
  ])('pages with a cursor %s: every entry once, in order', async (_label, sortBy) => {
    const bucket = alice.client.storage.from(OPEN);
    for (const with_delimiter of [true, false]) {
      const whole = await bucket.listV2({ prefix: `${folder}/`, with_delimiter, sortBy });
      const expected = [...(whole.data?.folders ?? []), ...(whole.data?.objects ?? [])].map((e) => e.name);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 20; page += 1) {
        const { data, error } = await bucket.listV2({ prefix: `${folder}/`, with_delimiter, sortBy, limit: 2, cursor });
        expect(error).toBeNull();
        seen.push(...(data?.folders ?? []).map((e) => e.name), ...(data?.objects ?? []).map((e) => e.name));
        if (!data?.hasNext) break;
        expect(data.nextCursor).toBeTruthy();
        cursor = data.nextCursor;
      }
      expect(new Set(seen).size, `with_delimiter ${with_delimiter}`).toBe(seen.length);
      expect([...seen].sort(), `with_delimiter ${with_delimiter}`).toEqual([...expected].sort());
      expect(seen.length).toBe(with_delimiter ? 6 : names.length);
    }
  });

  it('shows only what the policies let the caller read, and refuses a bad request with 400', async () => {
    await alice.client.storage.from(OWN).upload(`${alice.user.id}/listed-v2.txt`, text('mine'));
    const theirs = await bob.client.storage.from(OWN).listV2({ prefix: `${alice.user.id}/` });
    expect(theirs.data).toEqual({ hasNext: false, folders: [], objects: [] });
    const mine = await alice.client.storage.from(OWN).listV2({ prefix: `${alice.user.id}/` });
    expect(mine.data?.objects.map((e) => e.name)).toContain(`${alice.user.id}/listed-v2.txt`);
    expect((await anonClient().storage.from(OPEN).listV2({ prefix: `${folder}/` })).data?.objects).toEqual([]);

    const bucket = alice.client.storage.from(OPEN);
    expectStorageError((await bucket.listV2({ cursor: 'not a cursor' })).error, 400);
    expectStorageError(
      (await bucket.listV2({ sortBy: { column: 'size' as 'name' } })).error,
      400,
    );
    // Like Storage, list-v2 does not look the bucket up: a missing one lists nothing.
    expect((await alice.client.storage.from(`missing-${run}`).listV2()).data).toEqual({
      hasNext: false,
      folders: [],
      objects: [],
    });
  });
});

describe('remove, move and copy', () => {
  it('removes the named objects and returns them', async () => {
    const bucket = alice.client.storage.from(OPEN);
    const path = `remove/${randomUUID()}.txt`;
    await bucket.upload(path, text('bye'));
    const { data, error } = await bucket.remove([path, 'remove/not-there.txt']);
    expect(error).toBeNull();
    expect(data?.map((entry) => entry.name)).toEqual([path]);
    expectStorageError((await download(alice.client, OPEN, path)).error, 404);
    // The name is free again.
    expect((await bucket.upload(path, text('again'))).error).toBeNull();
  });

  it('moves and copies objects', async () => {
    const bucket = alice.client.storage.from(OPEN);
    const base = `transfer-${randomUUID()}`;
    await bucket.upload(`${base}/a.txt`, text('payload'));
    expect((await bucket.copy(`${base}/a.txt`, `${base}/copy.txt`)).data).toEqual({
      path: `${OPEN}/${base}/copy.txt`,
    });
    expect((await bucket.move(`${base}/copy.txt`, `${base}/moved/b.txt`)).data).toEqual({
      message: 'Successfully moved',
    });
    expect((await download(alice.client, OPEN, `${base}/moved/b.txt`)).text).toBe('payload');
    expect((await download(alice.client, OPEN, `${base}/a.txt`)).text).toBe('payload');
    expectStorageError((await download(alice.client, OPEN, `${base}/copy.txt`)).error, 404);
    expectStorageError((await bucket.move(`${base}/a.txt`, `${base}/moved/b.txt`)).error, 409);
    // Into another bucket, within its limits only.
    const fits = await bucket.copy(`${base}/a.txt`, `${base}/a.txt`, {
      destinationBucket: LIMITED,
    });
    expect(fits.error).toBeNull();
    await bucket.upload(`${base}/big.txt`, text('x'.repeat(2048)));
    expectStorageError(
      (await bucket.copy(`${base}/big.txt`, 'big.txt', { destinationBucket: LIMITED })).error,
      413,
    );
  });
});

describe('storage policies decide (own-folder rule)', () => {
  let path: string;
  beforeAll(async () => {
    path = `${alice.user.id}/work-${randomUUID()}.txt`;
    const { error } = await alice.client.storage.from(OWN).upload(path, text("alice's work"));
    if (error) throw error;
  });

  it("does not let another user download or sign someone else's object", async () => {
    expectStorageError((await download(bob.client, OWN, path)).error, 404, 'Object not found');
    expectStorageError(
      (await bob.client.storage.from(OWN).createSignedUrl(path, 3600)).error,
      404,
      'Object not found',
    );
    expectStorageError((await download(teacher, OWN, path)).error, 404);
    expectStorageError((await download(anonClient(), OWN, path)).error, 404);
  });

  it("does not let another user overwrite or remove someone else's object", async () => {
    const upsert = await bob.client.storage
      .from(OWN)
      .upload(path, text('overwritten'), { upsert: true });
    expectStorageError(upsert.error, 403, 'new row violates row-level security policy');
    // The insert policy refuses before the unique key is looked at, so nothing leaks about the object.
    expectStorageError(
      (await bob.client.storage.from(OWN).upload(path, text('overwritten'))).error,
      403,
    );
    expectStorageError(
      (await bob.client.storage.from(OWN).update(path, text('overwritten'))).error,
      403,
    );
    expect((await bob.client.storage.from(OWN).remove([path])).data).toEqual([]);
    expectStorageError(
      (await bob.client.storage.from(OWN).move(path, `${bob.user.id}/stolen.txt`)).error,
      404,
    );
    expect((await download(alice.client, OWN, path)).text).toBe("alice's work");
  });

  it("refuses uploads into someone else's folder, and anonymous uploads", async () => {
    const intruder = await bob.client.storage
      .from(OWN)
      .upload(`${alice.user.id}/planted.txt`, text('x'));
    expectStorageError(intruder.error, 403, 'new row violates row-level security policy');
    const anonymous = await anonClient()
      .storage.from(OWN)
      .upload(`${randomUUID()}/anon.txt`, text('x'));
    expectStorageError(anonymous.error, 403, 'new row violates row-level security policy');
    const { count } = await db
      .query(
        'select count(*)::int as count from storage.objects where bucket_id = $1 and name = $2',
        [OWN, `${alice.user.id}/planted.txt`],
      )
      .then((result) => result.rows[0] as { count: number });
    expect(count).toBe(0);
  });

  it('lets an admin read every folder when the policy says so', async () => {
    expect((await download(admin, OWN, path)).text).toBe("alice's work");
    expect((await admin.storage.from(OWN).createSignedUrl(path, 60)).error).toBeNull();
  });

  it('checks the policies when a signed upload URL is created', async () => {
    const own = `${alice.user.id}/signed-upload-${randomUUID()}.txt`;
    const { data, error } = await alice.client.storage.from(OWN).createSignedUploadUrl(own);
    expect(error).toBeNull();
    const uploaded = await anonClient()
      .storage.from(OWN)
      .uploadToSignedUrl(own, data?.token as string, text('via token'));
    expect(uploaded.error).toBeNull();
    expect((await download(alice.client, OWN, own)).text).toBe('via token');
    const { rows } = await db.query(
      'select owner from storage.objects where bucket_id = $1 and name = $2',
      [OWN, own],
    );
    expect(rows[0]?.owner).toBe(alice.user.id);

    const refused = await bob.client.storage
      .from(OWN)
      .createSignedUploadUrl(`${alice.user.id}/planted.txt`);
    expectStorageError(refused.error, 403, 'new row violates row-level security policy');
  });
});

describe('public bucket with the avatars rule', () => {
  it('lets each user (re)write only their own folder; everyone reads', async () => {
    const mine = `${bob.user.id}/avatar.png`;
    const bucket = bob.client.storage.from(PUBLIC);
    expect((await bucket.upload(mine, text('v1', 'image/png'), { upsert: true })).error).toBeNull();
    expect((await bucket.upload(mine, text('v2', 'image/png'), { upsert: true })).error).toBeNull();
    expect(await (await fetch(bucket.getPublicUrl(mine).data.publicUrl)).text()).toBe('v2');

    const theirs = await bucket.upload(`${alice.user.id}/avatar.png`, text('x', 'image/png'), {
      upsert: true,
    });
    expectStorageError(theirs.error, 403, 'new row violates row-level security policy');
    expectStorageError(
      (await anonClient().storage.from(PUBLIC).upload('anon/avatar.png', text('x', 'image/png')))
        .error,
      403,
    );
  });
});

describe('the app buckets and policies of supabase/migrations', () => {
  // The avatars bucket takes pictures only and checks their first bytes: a PNG's signature first.
  const png = (content: string) =>
    new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), content], { type: 'image/png' });
  let courseId: string;
  let activityId: string;
  const cleanup: Array<[string, string]> = [];

  beforeAll(async () => {
    const course = await db.query<{ id: string }>(
      `insert into public.courses (title, description, language, teacher_id)
       values ($1, 'Storage policies test course', 'English', $2) returning id`,
      [`Storage test ${run}`, DEMO_ACCOUNTS.teacher.id],
    );
    courseId = course.rows[0]?.id as string;
    const activity = await db.query<{ id: string }>(
      `insert into public.activities (title, description, course_id, created_by)
       values ('Hand in a file', 'Storage policies test', $1, $2) returning id`,
      [courseId, DEMO_ACCOUNTS.teacher.id],
    );
    activityId = activity.rows[0]?.id as string;
    for (const student of [alice, bob]) {
      const { error } = await student.client.rpc('enroll_user_in_course', {
        user_uuid: student.user.id,
        course_uuid: courseId,
      });
      if (error) throw error;
    }
  });

  afterAll(async () => {
    for (const [bucket, name] of cleanup) await service.storage.from(bucket).remove([name]);
    await db.query('delete from public.courses where id = $1', [courseId]);
  });

  it('avatars: public, each user writes only their own folder, images up to the size limit', async () => {
    const mine = `${alice.user.id}/avatar.png`;
    cleanup.push(['avatars', mine]);
    const avatars = alice.client.storage.from('avatars');
    expect((await avatars.upload(mine, png('v1'), { upsert: true })).error).toBeNull();
    expect((await avatars.upload(mine, png('v2'), { upsert: true })).error).toBeNull();
    expect(await (await fetch(avatars.getPublicUrl(mine).data.publicUrl)).text()).toMatch(/PNGv2$/);

    const intruder = await bob.client.storage
      .from('avatars')
      .upload(mine, png('bob'), { upsert: true });
    expectStorageError(intruder.error, 403, 'new row violates row-level security policy');
    expectStorageError(
      (await avatars.upload(`${alice.user.id}/avatar.txt`, text('hi'))).error,
      415,
      'mime type text/plain is not supported',
    );
    const huge = new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' });
    expectStorageError((await avatars.upload(`${alice.user.id}/huge.png`, huge)).error, 413);
  });

  it("activity-submissions: another student's file cannot be downloaded, signed, overwritten or removed", async () => {
    const path = `${alice.user.id}/${activityId}/${Date.now()}-a1b2c3.pdf`;
    cleanup.push(['activity-submissions', path]);
    const mine = alice.client.storage.from('activity-submissions');
    expect((await mine.upload(path, text('%PDF-1.4 essay', 'application/pdf'))).error).toBeNull();
    expect((await mine.createSignedUrl(path, 3600)).error).toBeNull();

    const theirs = bob.client.storage.from('activity-submissions');
    expectStorageError((await download(bob.client, 'activity-submissions', path)).error, 404);
    expectStorageError((await theirs.createSignedUrl(path, 3600)).error, 404);
    expectStorageError(
      (await theirs.upload(path, text('%PDF fake', 'application/pdf'), { upsert: true })).error,
      403,
    );
    expect((await theirs.remove([path])).data).toEqual([]);
    expect((await download(alice.client, 'activity-submissions', path)).text).toBe(
      '%PDF-1.4 essay',
    );

    // The course's teacher and admins read it.
    expect((await download(teacher, 'activity-submissions', path)).text).toBe('%PDF-1.4 essay');
    expect((await download(admin, 'activity-submissions', path)).text).toBe('%PDF-1.4 essay');
  });

  it('activity-submissions: only into the own folder of an activity one may hand work in for, allowed types only', async () => {
    const submissions = bob.client.storage.from('activity-submissions');
    const planted = await submissions.upload(
      `${alice.user.id}/${activityId}/planted.pdf`,
      text('%PDF', 'application/pdf'),
    );
    expectStorageError(planted.error, 403);
    const otherActivity = await submissions.upload(
      `${bob.user.id}/${randomUUID()}/work.pdf`,
      text('%PDF', 'application/pdf'),
    );
    expectStorageError(otherActivity.error, 403);
    const exe = await submissions.upload(
      `${bob.user.id}/${activityId}/tool.exe`,
      text('MZ', 'application/x-msdownload'),
    );
    expectStorageError(exe.error, 415, 'mime type application/x-msdownload is not supported');
  });

  it('materials: teachers upload into <course | general>/<own id>/, students do not; course files only for the course', async () => {
    const name = `${courseId}/${DEMO_ACCOUNTS.teacher.id}/${Date.now()}-${randomUUID().slice(0, 6)}.pdf`;
    cleanup.push(['materials', name]);
    const { error } = await teacher.storage
      .from('materials')
      .upload(name, text('%PDF lesson', 'application/pdf'));
    expect(error).toBeNull();
    const { data } = await teacher.storage.from('materials').createSignedUrl(name, 3600);
    expect(await (await fetch(data?.signedUrl as string)).text()).toBe('%PDF lesson');
    // Alice is enrolled in the course: its files are hers to read, with or without a material row.
    expect((await download(alice.client, 'materials', name)).text).toBe('%PDF lesson');

    const byStudent = await alice.client.storage
      .from('materials')
      .upload(`general/${alice.user.id}/${Date.now()}-x.pdf`, text('%PDF', 'application/pdf'));
    expectStorageError(byStudent.error, 403, 'new row violates row-level security policy');
    const flat = await teacher.storage
      .from('materials')
      .upload(`${Date.now()}-flat.pdf`, text('%PDF', 'application/pdf'));
    expectStorageError(flat.error, 403, 'new row violates row-level security policy');
  });
});
