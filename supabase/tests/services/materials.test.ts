import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../../local-supabase/tests/support';
import { getClient } from '../../../shared-data/src/client';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { materialsService } from '../../../shared-data/src/services/materials';
import { fromStorageError } from '../../../shared-data/src/services/storage';
import { authService } from '../../../shared-data/src/services/auth';
import { createCourse, createMaterial, service } from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, signInAs, installLocalDataClient } from './data-client';

installLocalDataClient();

let courseId: string;
const storedObjects: string[] = [];
beforeAll(async () => {
  const course = await createCourse({
    title: 'Service test: materials',
    teacher_id: DEMO_ACCOUNTS.teacher.id,
  });
  courseId = course.id;
});
afterAll(async () => {
  await service.from('materials').delete().eq('course_id', courseId);
  await service.from('courses').delete().eq('id', courseId);
  if (storedObjects.length > 0) await service.storage.from('materials').remove(storedObjects);
});

const pdf = () =>
  new File(['%PDF-1.4\n% service test\n'], 'Verb table.pdf', { type: 'application/pdf' });

async function objectExists(name: string): Promise<boolean> {
  // Names are <course id | general>/<uploader id>/<file>: list the file's folder.
  const folder = name.split('/').slice(0, -1).join('/');
  const file = name.split('/').pop() ?? '';
  const { data } = await service.storage.from('materials').list(folder, { search: file });
  return (data ?? []).some((object) => object.name === file);
}

describe('materialsService.uploadFile / createLink / delete (teacher material screens)', () => {
  it('the course teacher uploads a file, which is stored and recorded, then deletes both', async () => {
    const teacher = await signInAs('teacher');

    const material = dataOf(
      await materialsService.uploadFile({
        file: pdf(),
        courseId,
        language: 'ES',
        skill: 'grammar',
      }),
    );
    if (material.storagePath) storedObjects.push(material.storagePath);
    expect(material).toMatchObject({
      title: 'Verb table.pdf',
      type: 'pdf',
      mimeType: 'application/pdf',
      fileSize: 24,
      courseId,
      language: 'ES',
      skill: 'grammar',
      uploadedById: teacher.id,
    });
    expect(material.storagePath).toMatch(new RegExp(`^${courseId}/${teacher.id}/\\d+-[a-z0-9]+\\.pdf$`));
    expect(await objectExists(material.storagePath ?? '')).toBe(true);

    expect(await materialsService.delete(material)).toEqual({ success: true, data: null });
    const { data } = await service.from('materials').select('id').eq('id', material.id);
    expect(data).toEqual([]);
    expect(await objectExists(material.storagePath ?? '')).toBe(false);
  });

  it('the course teacher records a link and deletes it', async () => {
    await signInAs('teacher');

    const link = dataOf(
      await materialsService.createLink({
        title: ' Conjugation drills ',
        url: ' https://example.org/drills ',
        courseId,
      }),
    );
    expect(link).toMatchObject({
      title: 'Conjugation drills',
      type: 'link',
      url: 'https://example.org/drills',
      storagePath: null,
      fileSize: 0,
      courseId,
    });

    expect(await materialsService.delete(link)).toEqual({ success: true, data: null });
  });

  it('a student can neither upload, add a link nor delete material', async () => {
    const existing = await createMaterial({ title: 'Teacher link', course_id: courseId });
    await signInAs('student');

    const upload = await materialsService.uploadFile({ file: pdf(), courseId });
    expect(upload.success).toBe(false);
    if (!upload.success) expect(upload.error.code).toBe('UPLOAD_FILE_ERROR');

    const link = await materialsService.createLink({
      title: 'Mine',
      url: 'https://example.org',
      courseId,
    });
    expect(link.success).toBe(false);
    if (!link.success) {
      expect(link.error).toMatchObject({
        code: 'CREATE_MATERIALS_ERROR',
        details: { code: '42501' },
      });
      expect(errorMessageKey(link.error)).toBe('notAllowed');
    }

    expect(
      await materialsService.delete({
        id: existing.id,
        type: 'link',
        url: 'https://example.org/reading',
        storagePath: null,
      }),
    ).toMatchObject({
      success: false,
      error: { code: 'DELETE_MATERIALS_ERROR', message: 'Failed to delete material' },
    });
    const { data } = await service.from('materials').select('id').eq('id', existing.id);
    expect(data).toHaveLength(1);
  });
});

// The Materials Library's upload (through a signed upload URL, the way the browser reports progress)
// and delete, as each role: the stored file goes with the record for exactly those who may delete it.
describe('materialsService as the Materials Library uses it', () => {
  let otherTeacher: { email: string; password: string };

  beforeAll(async () => {
    const signedUp = await signUpUser('other-teacher', { first_name: 'Olga', last_name: 'Tester' });
    await service.from('users').update({ role: 'teacher' }).eq('id', signedUp.user.id);
    otherTeacher = { email: signedUp.email, password: signedUp.password };
  });

  async function signInAsOtherTeacher(): Promise<void> {
    const result = await authService.signIn({ ...otherTeacher, remember: false });
    if (!result.success) throw new Error(result.error.message);
  }

  async function rowExists(id: string): Promise<boolean> {
    const { data } = await service.from('materials').select('id').eq('id', id);
    return (data ?? []).length === 1;
  }

  it('uploads with progress to a signed upload URL, stored with its type and recorded as the teacher', async () => {
    const teacher = await signInAs('teacher');
    const progress: number[] = [];

    const material = dataOf(
      await materialsService.uploadFile({
        file: new File(['ID3 dialogue'], 'Dialogue.wav', { type: '' }),
        courseId,
        skill: 'listening',
        onProgress: (fraction) => progress.push(fraction),
      }),
    );
    storedObjects.push(material.storagePath ?? '');

    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(material).toMatchObject({
      type: 'audio',
      mimeType: 'audio/wav',
      uploadedById: teacher.id,
    });
    const stored = material.storagePath ?? '';
    const { data } = await service.storage
      .from('materials')
      .list(stored.split('/').slice(0, -1).join('/'), { search: stored.split('/').pop() ?? '' });
    expect(data?.[0]?.metadata?.mimetype).toBe('audio/wav');
    expect(data?.[0]?.metadata?.size).toBe(12);
  });

  it("deletes an admin's upload in the teacher's course: not as another teacher or a student; as the course teacher, file and all", async () => {
    await signInAs('admin');
    const material = dataOf(await materialsService.uploadFile({ file: pdf(), courseId }));
    const objectName = material.storagePath ?? '';
    storedObjects.push(objectName);

    await signInAsOtherTeacher();
    expect(await materialsService.delete(material)).toMatchObject({
      success: false,
      error: { code: 'DELETE_MATERIALS_ERROR' },
    });
    expect(await rowExists(material.id)).toBe(true);
    expect(await objectExists(objectName)).toBe(true);

    await signInAs('student');
    expect((await materialsService.delete(material)).success).toBe(false);
    expect(await rowExists(material.id)).toBe(true);
    expect(await objectExists(objectName)).toBe(true);

    await signInAs('teacher');
    expect(await materialsService.delete(material)).toEqual({ success: true, data: null });
    expect(await rowExists(material.id)).toBe(false);
    expect(await objectExists(objectName)).toBe(false);
  });

  it("an admin deletes a teacher's general material with its file", async () => {
    await signInAs('teacher');
    const material = dataOf(
      await materialsService.uploadFile({ file: pdf(), onProgress: () => undefined }),
    );
    const objectName = material.storagePath ?? '';
    storedObjects.push(objectName);
    expect(material.courseId).toBeNull();

    await signInAsOtherTeacher();
    expect((await materialsService.delete(material)).success).toBe(false);
    expect(await objectExists(objectName)).toBe(true);

    await signInAs('admin');
    expect(await materialsService.delete(material)).toEqual({ success: true, data: null });
    expect(await rowExists(material.id)).toBe(false);
    expect(await objectExists(objectName)).toBe(false);
  });

  it('a student gets no upload URL, so stores and records nothing', async () => {
    await signInAs('student');
    const before = await service.from('materials').select('id', { count: 'exact', head: true });

    const result = await materialsService.uploadFile({
      file: pdf(),
      courseId,
      onProgress: () => undefined,
    });

    expect(result).toMatchObject({ success: false, error: { code: 'UPLOAD_FILE_ERROR' } });
    const after = await service.from('materials').select('id', { count: 'exact', head: true });
    expect(after.count).toBe(before.count);
  });

  it('the storage server refuses a file over 50 MB and a type the bucket does not take, however it is sent', async () => {
    await signInAs('teacher');
    const bucket = getClient().storage.from('materials');
    const name = (ext: string) =>
      `general/${DEMO_ACCOUNTS.teacher.id}/${Date.now()}-${Math.random().toString(36).slice(2, 10)}.${ext}`;

    // Past the app's own checks: straight to the storage API.
    const tooBig = name('pdf');
    const big = await bucket.upload(
      tooBig,
      new Blob([new Uint8Array(50 * 1024 * 1024 + 1)], { type: 'application/pdf' }),
    );
    expect(big.error).toBeTruthy();
    expect(errorMessageKey(fromStorageError('UPLOAD_FILE_ERROR', big.error, 'x').error)).toBe(
      'fileTooLarge',
    );
    expect(await objectExists(tooBig)).toBe(false);

    const program = name('exe');
    const exe = await bucket.upload(
      program,
      new Blob(['MZ'], { type: 'application/x-msdownload' }),
    );
    expect(errorMessageKey(fromStorageError('UPLOAD_FILE_ERROR', exe.error, 'x').error)).toBe(
      'fileTypeNotAccepted',
    );
    expect(await objectExists(program)).toBe(false);

    // The signed upload URL the progress bar uses checks the same when the bytes arrive.
    const signedName = name('html');
    const signed = await bucket.createSignedUploadUrl(signedName);
    expect(signed.error).toBeNull();
    const html = await bucket.uploadToSignedUrl(
      signedName,
      signed.data?.token ?? '',
      new Blob(['<script>'], { type: 'text/html' }),
    );
    expect(errorMessageKey(fromStorageError('UPLOAD_FILE_ERROR', html.error, 'x').error)).toBe(
      'fileTypeNotAccepted',
    );
    expect(await objectExists(signedName)).toBe(false);
  });
});
