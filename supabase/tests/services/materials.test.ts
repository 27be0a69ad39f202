import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { materialsService } from '../../../shared-data/src/services/materials';
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
  const { data } = await service.storage.from('materials').list('', { search: name });
  return (data ?? []).some((object) => object.name === name);
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
    expect(material.storagePath).toMatch(/^\d+-[a-z0-9]+\.pdf$/);
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
