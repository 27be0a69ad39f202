import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorMessageKey } from '../rules/error-messages';
import type { MaterialListRow } from '../mappers/material';
import { getClient } from '../client';
import {
  installFakeSupabase,
  materialRow,
  pagedReply,
  sessionBody,
} from '../test-support/fake-supabase';
import { GENERAL_MATERIALS, materialsService } from './materials';

const fake = installFakeSupabase();

/** `<course id | general>/<uploader id>/<timestamp>-<random>.<ext>` */
const OBJECT_NAME = /^course-1\/teacher-1\/\d{13}-[a-z0-9]{8}\.pdf$/;

/** A teacher's session in the client (the uploader folder comes from it); no request is left recorded. */
async function signedInAsTeacher() {
  const account = { id: 'teacher-1', email: 'teacher@school.test' };
  fake.on('POST', '/auth/v1/token?grant_type=password', { body: sessionBody(account) });
  const { error } = await getClient().auth.signInWithPassword({
    email: account.email,
    password: 'secret1',
  });
  if (error) throw error;
  fake.requests.length = 0;
}
const pdf = () => new File(['%PDF-1.4 tiny'], 'Irregular verbs.pdf', { type: 'application/pdf' });

function objectNameOf(path: string | undefined): string {
  return (path ?? '').replace('/storage/v1/object/materials/', '');
}

/** A `material_list` row: uploader name and course title come from the view. */
function materialListRow(overrides: Partial<MaterialListRow> = {}): MaterialListRow {
  return {
    id: 'material-1',
    title: 'Irregular verbs',
    type: 'pdf',
    url: '1700000000000-k3j9x2ab.pdf',
    storage_path: '1700000000000-k3j9x2ab.pdf',
    mime_type: 'application/pdf',
    file_size: 20480,
    course_id: 'course-1',
    course_title: 'Business Spanish',
    language: 'ES',
    skill: 'grammar',
    uploaded_by: 'teacher-1',
    uploader_name: 'Marta López',
    uploaded_at: '2025-02-10T08:00:00Z',
    can_delete: true,
    cefr_level: null,
    ...overrides,
  };
}

describe('materialsService.list', () => {
  it('pages the material_list view newest first with uploader and course', async () => {
    fake.on('GET', '/rest/v1/material_list', pagedReply([materialListRow()], 1));

    const result = await materialsService.list();

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'material-1',
            title: 'Irregular verbs',
            type: 'pdf',
            url: '1700000000000-k3j9x2ab.pdf',
            storagePath: '1700000000000-k3j9x2ab.pdf',
            mimeType: 'application/pdf',
            fileSize: 20480,
            courseId: 'course-1',
            courseTitle: 'Business Spanish',
            language: 'ES',
            skill: 'grammar',
            cefrLevel: null,
            uploadedBy: 'Marta López',
            uploadedById: 'teacher-1',
            uploadedAt: '2025-02-10T08:00:00Z',
            canDelete: true,
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
        totalPages: 1,
      },
    });
    expect(fake.requests).toHaveLength(1);
    const query = fake.requests[0]?.query;
    expect(query?.get('order')).toBe('uploaded_at.desc,id.asc');
    expect(query?.get('select')).toBe(
      'id,title,type,url,storage_path,mime_type,file_size,course_id,course_title,language,skill,uploaded_by,uploader_name,uploaded_at,can_delete,cefr_level',
    );
  });

  it('sends every filter and searches the title', async () => {
    fake.on('GET', '/rest/v1/material_list', pagedReply([]));

    await materialsService.list({
      type: 'video',
      courseId: 'course-2',
      uploadedBy: 'teacher-1',
      language: 'EN',
      skill: 'listening',
      search: '100%_real',
      page: 2,
      limit: 12,
    });

    const query = fake.requests[0]?.query;
    expect(query?.get('type')).toBe('eq.video');
    expect(query?.get('course_id')).toBe('eq.course-2');
    expect(query?.get('uploaded_by')).toBe('eq.teacher-1');
    expect(query?.get('language')).toBe('eq.EN');
    expect(query?.get('skill')).toBe('eq.listening');
    expect(query?.get('title')).toBe('ilike.%100\\%\\_real%');
    expect(query?.get('offset')).toBe('12');
    expect(query?.get('limit')).toBe('12');
  });

  it("lists general material (no course) for 'general'", async () => {
    fake.on(
      'GET',
      '/rest/v1/material_list',
      pagedReply([materialListRow({ course_id: null, course_title: null })]),
    );

    const result = await materialsService.list({ courseId: GENERAL_MATERIALS });

    expect(fake.requests[0]?.query.get('course_id')).toBe('is.null');
    expect(result).toMatchObject({ data: { items: [{ courseId: null, courseTitle: null }] } });
  });

  it("leaves a missing uploader's name null and falls back to 'Failed to fetch materials'", async () => {
    fake.on(
      'GET',
      '/rest/v1/material_list',
      pagedReply([materialListRow({ uploader_name: null, can_delete: null })]),
    );
    expect(await materialsService.list()).toMatchObject({
      data: { items: [{ uploadedBy: null, canDelete: false }] },
    });

    fake.on('GET', '/rest/v1/material_list', { status: 500, body: {} });
    expect(await materialsService.list()).toMatchObject({
      success: false,
      error: { code: 'FETCH_MATERIALS_ERROR', message: 'Failed to fetch materials' },
    });
  });
});

describe('materialsService.uploadFile', () => {
  beforeEach(signedInAsTeacher);

  it('stores the file under a fresh name, then records its type and size', async () => {
    fake.on('POST', '/storage/v1/object/materials/*', { body: { Id: 'o-1', Key: 'materials/x' } });
    fake.on('POST', '/rest/v1/materials', { status: 201, body: materialRow() });

    const result = await materialsService.uploadFile({
      file: pdf(),
      courseId: 'course-1',
      language: 'ES',
      skill: 'grammar',
    });

    expect(result).toMatchObject({ success: true, data: { id: 'material-1', type: 'pdf' } });
    const [upload] = fake.requestsTo('POST', '/storage/v1/object/materials/*');
    const objectName = objectNameOf(upload?.path);
    expect(objectName).toMatch(OBJECT_NAME);
    expect(upload?.headers.get('x-upsert')).toBe('false');
    expect(String(upload?.body)).toMatch(/name="cacheControl"\r\n\r\n3600\r\n/);
    expect(String(upload?.body)).toContain('Content-Type: application/pdf');
    expect(fake.requestsTo('POST', '/rest/v1/materials')[0]?.body).toEqual({
      title: 'Irregular verbs.pdf',
      type: 'pdf',
      url: objectName,
      storage_path: objectName,
      mime_type: 'application/pdf',
      file_size: 13,
      course_id: 'course-1',
      language: 'ES',
      skill: 'grammar',
      cefr_level: null,
    });
  });

  it('classifies by extension and stores general material without course, language or skill', async () => {
    fake.on('POST', '/storage/v1/object/materials/*', { body: { Key: 'materials/x' } });
    fake.on('POST', '/rest/v1/materials', { status: 201, body: materialRow({ type: 'audio' }) });

    await materialsService.uploadFile({
      file: new File(['ID3'], 'dialogue.MP3', { type: 'audio/mpeg' }),
      title: '  Dialogue at the bank ',
    });

    expect(fake.requestsTo('POST', '/rest/v1/materials')[0]?.body).toEqual({
      title: 'Dialogue at the bank',
      type: 'audio',
      url: expect.stringMatching(/^general\/teacher-1\/\d{13}-[a-z0-9]{8}\.mp3$/),
      storage_path: expect.stringMatching(/^general\/teacher-1\/\d{13}-[a-z0-9]{8}\.mp3$/),
      mime_type: 'audio/mpeg',
      file_size: 3,
      course_id: null,
      language: null,
      skill: null,
      cefr_level: null,
    });
  });

  it('refuses a file type the library does not accept, before uploading', async () => {
    const result = await materialsService.uploadFile({
      file: new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }),
    });

    expect(result).toEqual({
      success: false,
      error: {
        code: 'UPLOAD_FILE_ERROR',
        message: 'This file type is not accepted',
        details: { extension: 'exe' },
      },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a file over the 50 MB bucket limit, before uploading', async () => {
    const file = pdf();
    Object.defineProperty(file, 'size', { value: 52428801 });

    expect(await materialsService.uploadFile({ file })).toEqual({
      success: false,
      error: {
        code: 'UPLOAD_FILE_ERROR',
        message: 'File too large',
        details: { code: 'too_large', limitBytes: 52428800, size: 52428801 },
      },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("is UPLOAD_FILE_ERROR with the storage server's message, and records nothing", async () => {
    fake.on('POST', '/storage/v1/object/materials/*', {
      status: 413,
      body: {
        statusCode: '413',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      },
    });

    expect(await materialsService.uploadFile({ file: pdf() })).toEqual({
      success: false,
      error: {
        code: 'UPLOAD_FILE_ERROR',
        message: 'The object exceeded the maximum allowed size',
        details: { status: 413, statusCode: '413' },
      },
    });
    expect(fake.requestsTo('POST', '/rest/v1/materials')).toHaveLength(0);
  });

  it('removes the stored file again when the record cannot be written', async () => {
    fake.on('POST', '/storage/v1/object/materials/*', { body: { Key: 'materials/x' } });
    fake.on('POST', '/rest/v1/materials', {
      status: 403,
      body: {
        code: '42501',
        message: 'new row violates row-level security policy for table "materials"',
      },
    });
    fake.on('DELETE', '/storage/v1/object/materials', { body: [] });

    const result = await materialsService.uploadFile({ file: pdf(), courseId: 'course-9' });

    expect(result).toMatchObject({
      success: false,
      error: { code: 'CREATE_MATERIALS_ERROR', details: { code: '42501' } },
    });
    const objectName = objectNameOf(
      fake.requestsTo('POST', '/storage/v1/object/materials/*')[0]?.path,
    );
    expect(fake.requestsTo('DELETE', '/storage/v1/object/materials')[0]?.body).toEqual({
      prefixes: [objectName],
    });
  });

  it('stores under the uploader id it is given', async () => {
    fake.on('POST', '/storage/v1/object/materials/*', { body: { Key: 'materials/x' } });
    fake.on('POST', '/rest/v1/materials', { status: 201, body: materialRow() });

    await materialsService.uploadFile({ file: pdf(), courseId: 'course-7', uploaderId: 'admin-2' });

    const [upload] = fake.requestsTo('POST', '/storage/v1/object/materials/*');
    expect(objectNameOf(upload?.path)).toMatch(/^course-7\/admin-2\/\d{13}-[a-z0-9]{8}\.pdf$/);
  });

  it('stores nothing without a signed-in uploader', async () => {
    await getClient().auth.signOut({ scope: 'local' });
    fake.requests.length = 0;

    expect(await materialsService.uploadFile({ file: pdf() })).toMatchObject({
      success: false,
      error: { code: 'UPLOAD_FILE_ERROR', details: { code: 'PGRST301' } },
    });
    expect(fake.requestsTo('POST', '/storage/v1/object/materials/*')).toHaveLength(0);
  });

  it("falls back to 'Failed to upload material'", async () => {
    fake.on('POST', '/storage/v1/object/materials/*', { status: 500, body: {} });

    expect(await materialsService.uploadFile({ file: pdf() })).toMatchObject({
      success: false,
      error: { code: 'UPLOAD_FILE_ERROR', message: 'Failed to upload material' },
    });
  });
});

describe('materialsService.createLink', () => {
  it('records a link with its address and no file', async () => {
    fake.on('POST', '/rest/v1/materials', {
      status: 201,
      body: materialRow({
        type: 'link',
        url: 'https://rae.es',
        storage_path: null,
        file_size: 0,
      }),
    });

    const result = await materialsService.createLink({
      title: ' RAE dictionary ',
      url: ' https://rae.es ',
      courseId: '',
      language: 'ES',
      skill: 'reading',
    });

    expect(result).toMatchObject({ success: true, data: { type: 'link', fileSize: 0 } });
    expect(fake.requestsTo('POST', '/rest/v1/materials')[0]?.body).toEqual({
      title: 'RAE dictionary',
      type: 'link',
      url: 'https://rae.es',
      storage_path: null,
      mime_type: null,
      file_size: 0,
      course_id: null,
      language: 'ES',
      skill: 'reading',
      cefr_level: null,
    });
  });

  it('needs a title and a URL', async () => {
    expect(await materialsService.createLink({ title: ' ', url: 'https://rae.es' })).toEqual({
      success: false,
      error: { code: 'CREATE_MATERIALS_ERROR', message: 'A link needs a title and a URL' },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("falls back to 'Failed to create material'", async () => {
    fake.on('POST', '/rest/v1/materials', { status: 500, body: {} });

    expect(await materialsService.createLink({ title: 'x', url: 'https://x.test' })).toMatchObject({
      success: false,
      error: { code: 'CREATE_MATERIALS_ERROR', message: 'Failed to create material' },
    });
  });
});

describe('materialsService.delete', () => {
  const stored = { id: 'material-1', type: 'pdf' as const, url: 'a.pdf', storagePath: 'a.pdf' };

  it('removes the stored file, then the record (the storage policies need the record)', async () => {
    fake.on('DELETE', '/rest/v1/materials', { body: [{ id: 'material-1' }] });
    fake.on('DELETE', '/storage/v1/object/materials', { body: [{ name: 'a.pdf' }] });

    expect(await materialsService.delete(stored)).toEqual({ success: true, data: null });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'DELETE /storage/v1/object/materials',
      'DELETE /rest/v1/materials',
    ]);
    expect(fake.requests[0]?.body).toEqual({ prefixes: ['a.pdf'] });
    expect(fake.requests[1]?.query.get('id')).toBe('eq.material-1');
  });

  it('still deletes the record when the file is already gone, finishing an earlier delete', async () => {
    fake.on('DELETE', '/storage/v1/object/materials', { body: [] });
    fake.on('DELETE', '/rest/v1/materials', { body: [{ id: 'material-1' }] });

    expect(await materialsService.delete(stored)).toEqual({ success: true, data: null });
    expect(fake.requestsTo('DELETE', '/rest/v1/materials')).toHaveLength(1);
  });

  it('touches no storage for a file kept on another site (no stored object)', async () => {
    fake.on('DELETE', '/rest/v1/materials', { body: [{ id: 'material-1' }] });

    await materialsService.delete({
      id: 'material-1',
      type: 'video',
      url: 'https://video.example.org/clip.mp4',
      storagePath: null,
    });

    expect(fake.requests.map((request) => request.path)).toEqual(['/rest/v1/materials']);
  });

  it('touches no storage for a link', async () => {
    fake.on('DELETE', '/rest/v1/materials', { body: [{ id: 'material-1' }] });

    await materialsService.delete({
      ...stored,
      type: 'link',
      url: 'https://rae.es',
      storagePath: null,
    });

    expect(fake.requests).toHaveLength(1);
  });

  it('fails when nothing was deleted (the caller may not delete it)', async () => {
    fake.on('DELETE', '/storage/v1/object/materials', { body: [] });
    fake.on('DELETE', '/rest/v1/materials', { body: [] });

    expect(await materialsService.delete(stored)).toMatchObject({
      success: false,
      error: { code: 'DELETE_MATERIALS_ERROR', message: 'Failed to delete material' },
    });
  });

  it('keeps the record, and says so, when the stored file could not be removed', async () => {
    fake.on('DELETE', '/storage/v1/object/materials', { status: 500, body: { message: 'disk' } });
    fake.on('DELETE', '/rest/v1/materials', { body: [{ id: 'material-1' }] });

    expect(await materialsService.delete(stored)).toMatchObject({
      success: false,
      error: { code: 'DELETE_MATERIALS_ERROR', message: 'disk' },
    });
    expect(fake.requestsTo('DELETE', '/rest/v1/materials')).toHaveLength(0);
  });
});

describe('materialsService.getSignedUrl and download', () => {
  const stored = { id: 'material-1', type: 'pdf' as const, url: 'a.pdf', storagePath: 'a.pdf' };

  it('signs the object for an hour', async () => {
    fake.on('POST', '/storage/v1/object/sign/materials/a.pdf', {
      body: { signedURL: '/object/sign/materials/a.pdf?token=t0k' },
    });

    expect(await materialsService.getSignedUrl(stored)).toEqual({
      success: true,
      data: 'http://fake-supabase.test/storage/v1/object/sign/materials/a.pdf?token=t0k',
    });
    expect(fake.requests[0]?.body).toEqual({ expiresIn: 3600 });
  });

  it("returns a link's own address without a request", async () => {
    expect(
      await materialsService.getSignedUrl({
        ...stored,
        type: 'link',
        url: 'https://rae.es',
        storagePath: null,
      }),
    ).toEqual({ success: true, data: 'https://rae.es' });
    expect(fake.requests).toHaveLength(0);
  });

  it('is SIGNED_URL_ERROR when signing is refused', async () => {
    fake.on('POST', '/storage/v1/object/sign/materials/a.pdf', {
      status: 400,
      body: { statusCode: '404', error: 'not_found', message: 'Object not found' },
    });

    expect(await materialsService.getSignedUrl(stored)).toMatchObject({
      success: false,
      error: { code: 'SIGNED_URL_ERROR', message: 'Object not found' },
    });
  });

  it('downloads the stored bytes', async () => {
    fake.on('GET', '/storage/v1/object/materials/a.pdf', { body: 'pdf-bytes' });

    const result = await materialsService.download(stored);

    expect(result.success).toBe(true);
    expect(result.success && (await result.data.text())).toBe('"pdf-bytes"');
  });

  it('is DOWNLOAD_ERROR when the object cannot be read, or for a link', async () => {
    fake.on('GET', '/storage/v1/object/materials/a.pdf', {
      status: 400,
      body: {
        statusCode: '403',
        error: 'Unauthorized',
        message: 'new row violates row-level security policy',
      },
    });
    expect(await materialsService.download(stored)).toMatchObject({
      success: false,
      error: { code: 'DOWNLOAD_ERROR', message: 'new row violates row-level security policy' },
    });

    expect(
      await materialsService.download({
        ...stored,
        type: 'link',
        url: 'https://rae.es',
        storagePath: null,
      }),
    ).toMatchObject({ success: false, error: { code: 'DOWNLOAD_ERROR' } });
  });
});

/** Stands in for the browser's XMLHttpRequest: records the request and plays a scripted answer. */
class FakeUploadRequest {
  static sent: FakeUploadRequest[] = [];
  static answer: { status: number; body: string; progress: Array<[number, number]> } | 'offline' = {
    status: 200,
    body: '{"Key":"materials/x"}',
    progress: [],
  };

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUploadRequest.sent.push(this);
    const answer = FakeUploadRequest.answer;
    queueMicrotask(() => {
      if (answer === 'offline') {
        this.onerror?.();
        return;
      }
      for (const [loaded, total] of answer.progress) {
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      }
      this.status = answer.status;
      this.responseText = answer.body;
      this.onload?.();
    });
  }
}

const browserUploadRequest = globalThis.XMLHttpRequest;

describe('materialsService.uploadFile with progress', () => {
  beforeEach(signedInAsTeacher);
  beforeEach(() => {
    FakeUploadRequest.sent = [];
    FakeUploadRequest.answer = { status: 200, body: '{"Key":"materials/x"}', progress: [] };
    globalThis.XMLHttpRequest = FakeUploadRequest as unknown as typeof XMLHttpRequest;
    fake.on('POST', '/storage/v1/object/upload/sign/materials/*', (request) => ({
      body: { url: `${request.path.replace('/storage/v1', '')}?token=signed-token` },
    }));
  });
  afterEach(() => {
    // Only this stand-in: the fake server's fetch stays installed for the file.
    globalThis.XMLHttpRequest = browserUploadRequest;
  });

  it('signs an upload URL, then sends the file to it reporting the share sent', async () => {
    FakeUploadRequest.answer = {
      status: 200,
      body: '{"Key":"materials/x"}',
      progress: [
        [5, 20],
        [20, 20],
      ],
    };
    fake.on('POST', '/rest/v1/materials', { status: 201, body: materialRow() });
    const progress: number[] = [];

    const result = await materialsService.uploadFile({
      file: pdf(),
      courseId: 'course-1',
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(result).toMatchObject({ success: true, data: { id: 'material-1' } });
    expect(progress).toEqual([0, 0.25, 1, 1]);
    const signing = fake.requestsTo('POST', '/storage/v1/object/upload/sign/materials/*');
    expect(signing).toHaveLength(1);
    const objectName = (signing[0]?.path ?? '').replace(
      '/storage/v1/object/upload/sign/materials/',
      '',
    );
    expect(objectName).toMatch(OBJECT_NAME);
    const [sent] = FakeUploadRequest.sent;
    expect(sent?.method).toBe('PUT');
    expect(sent?.url).toBe(
      `http://fake-supabase.test/storage/v1/object/upload/sign/materials/${objectName}?token=signed-token`,
    );
    expect(sent?.headers['x-upsert']).toBe('false');
    const form = sent?.body as FormData;
    expect(form.get('cacheControl')).toBe('3600');
    expect((form.get('') as File).type).toBe('application/pdf');
    expect(fake.requestsTo('POST', '/rest/v1/materials')[0]?.body).toMatchObject({
      url: objectName,
      storage_path: objectName,
    });
  });

  it("stores a file the browser names no type for with its extension's type", async () => {
    fake.on('POST', '/rest/v1/materials', { status: 201, body: materialRow() });

    await materialsService.uploadFile({
      file: new File(['PK'], 'Unit 3.docx', { type: '' }),
      onProgress: () => undefined,
    });

    const form = FakeUploadRequest.sent[0]?.body as FormData;
    expect((form.get('') as File).type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(fake.requestsTo('POST', '/rest/v1/materials')[0]?.body).toMatchObject({
      mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      type: 'document',
    });
  });

  it("is the storage server's refusal with its status when the bytes are refused, recording nothing", async () => {
    FakeUploadRequest.answer = {
      status: 415,
      body: '{"statusCode":"415","error":"invalid_mime_type","message":"mime type x is not supported"}',
      progress: [],
    };

    const result = await materialsService.uploadFile({ file: pdf(), onProgress: () => undefined });

    expect(result).toEqual({
      success: false,
      error: {
        code: 'UPLOAD_FILE_ERROR',
        message: 'mime type x is not supported',
        details: { status: 415, statusCode: '415' },
      },
    });
    expect(errorMessageKey(result.success ? null : result.error)).toBe('fileTypeNotAccepted');
    expect(fake.requestsTo('POST', '/rest/v1/materials')).toHaveLength(0);
  });

  it('reads a network failure as one, and a refused signature as an upload failure', async () => {
    FakeUploadRequest.answer = 'offline';
    const offline = await materialsService.uploadFile({ file: pdf(), onProgress: () => undefined });
    expect(offline.success ? null : errorMessageKey(offline.error)).toBe('network');

    fake.on('POST', '/storage/v1/object/upload/sign/materials/*', {
      status: 400,
      body: {
        statusCode: '403',
        error: 'Unauthorized',
        message: 'new row violates row-level security policy',
      },
    });
    FakeUploadRequest.sent = [];
    const refused = await materialsService.uploadFile({ file: pdf(), onProgress: () => undefined });
    expect(refused).toMatchObject({
      success: false,
      error: { code: 'UPLOAD_FILE_ERROR', message: 'new row violates row-level security policy' },
    });
    expect(FakeUploadRequest.sent).toHaveLength(0);
  });
});
