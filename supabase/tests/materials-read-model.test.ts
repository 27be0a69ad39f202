import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_URL, ANON_KEY } from '../../local-supabase/src/config';
import {
  getClient,
  initDataClient,
  libraryStats,
  materialsLibraryReadModel,
  materialsService,
  resetDataClientForTests,
  type Material,
} from '../../shared-data/src/index';
import { type Person, type School, createMaterial, createSchool } from './fixtures';

// The Extra Materials screen's read model as the student app runs it: shared-data's own client and
// mappers against the real API, under each caller's RLS. Counts the HTTP requests each call makes.

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const requests: string[] = [];
let school: School;
let extras: Record<'video' | 'audio' | 'document' | 'file', { id: string }>;
let fileName = `${Date.now()}-${randomUUID().slice(0, 6)}.pdf`;
const fileBytes = '%PDF-1.4 extra material for the read model test';

async function actAs(person: Person): Promise<void> {
  const { data } = await person.client.auth.getSession();
  if (!data.session) throw new Error(`${person.email} has no session`);
  const { error } = await getClient().auth.setSession({
    access_token: data.session.access_token,
    refresh_token: data.session.refresh_token,
  });
  if (error) throw error;
}

async function extraMaterials(): Promise<{ items: Material[]; total: number }> {
  const result = await materialsLibraryReadModel.listExtraMaterials();
  if (!result.success) throw new Error(result.error.message);
  return result.data;
}

beforeAll(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal(
    'WebSocket',
    class {
      constructor() {
        throw new Error('Realtime is not part of the local Supabase stack');
      }
    },
  );
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    return realFetch(input, init);
  });
  await initDataClient({
    supabaseUrl: API_URL,
    supabaseAnonKey: ANON_KEY,
    apiProvider: 'supabase',
    remotes: { student: '/s.json', teacher: '/t.json', admin: '/a.json' },
  });

  school = await createSchool();
  const { teacher, admin, course } = school;
  // A general file lives in general/<uploader id>/ (20261122001100_storage.sql).
  fileName = `general/${teacher.id}/${fileName}`;
  const uploaded = await teacher.client.storage
    .from('materials')
    .upload(fileName, new Blob([fileBytes], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (uploaded.error) throw uploaded.error;
  const [video, audio, document, file] = await Promise.all([
    createMaterial({ title: 'Ser y estar explained', type: 'video', url: 'https://videos.example.org/ser-estar', language: 'ES', skill: 'grammar', uploaded_by: admin.id }),
    createMaterial({ title: 'Airport announcements', type: 'audio', url: 'airport.mp3', language: 'EN', skill: 'listening', uploaded_by: teacher.id }),
    createMaterial({ title: 'Conversation starters', type: 'document', url: 'starters.docx', language: 'ES', skill: 'reading', uploaded_by: teacher.id }),
    createMaterial({
      title: 'Extra verb drills',
      type: 'pdf',
      url: fileName,
      storage_path: fileName,
      mime_type: 'application/pdf',
      file_size: fileBytes.length,
      language: 'ES',
      skill: 'grammar',
      uploaded_by: teacher.id,
    }),
    createMaterial({ title: 'Course-only handout', course_id: course.id, uploaded_by: teacher.id }),
  ]);
  extras = { video, audio, document, file };
  await actAs(school.student);
});

beforeEach(() => {
  requests.length = 0;
});

afterAll(async () => {
  await school.teacher.client.storage.from('materials').remove([fileName]);
  resetDataClientForTests();
  vi.unstubAllGlobals();
});

describe('materialsLibraryReadModel.listExtraMaterials', () => {
  it('gives a student the general materials only, newest first, with uploader names, in one request', async () => {
    const { items, total } = await extraMaterials();

    expect(requests).toEqual(['GET /rest/v1/material_list']);
    expect(items.every((material) => material.courseId === null)).toBe(true);
    expect(total).toBe(items.length);
    const ids = items.map((material) => material.id);
    expect(ids).toEqual(expect.arrayContaining([school.generalMaterial.id, ...Object.values(extras).map((m) => m.id)]));
    expect(ids).not.toContain(school.material.id);
    expect(items.map((material) => material.uploadedAt)).toEqual(
      [...items.map((material) => material.uploadedAt)].sort().reverse(),
    );
    expect(items.find((material) => material.id === extras.file.id)).toMatchObject({
      title: 'Extra verb drills',
      type: 'pdf',
      storagePath: fileName,
      fileSize: fileBytes.length,
      language: 'ES',
      skill: 'grammar',
      uploadedBy: 'Tomás Tester',
    });
    expect(items.find((material) => material.id === extras.video.id)).toMatchObject({ uploadedBy: 'Ada Tester' });
  });

  it('answers the same for a student enrolled nowhere', async () => {
    await actAs(school.outsider);
    const { items } = await extraMaterials();
    expect(items.map((material) => material.id)).toEqual(
      expect.arrayContaining([school.generalMaterial.id, extras.file.id]),
    );
    await actAs(school.student);
  });

  it('feeds the stat cards from that one answer', async () => {
    const { items } = await extraMaterials();
    const stats = libraryStats(items);
    const count = (types: string[]) => items.filter((material) => types.includes(material.type)).length;

    expect(stats).toEqual({
      total: items.length,
      documents: count(['pdf', 'document']),
      videos: count(['video']),
      audio: count(['audio']),
    });
    expect(stats.documents).toBeGreaterThanOrEqual(2);
    expect(stats.videos).toBeGreaterThanOrEqual(1);
    expect(stats.audio).toBeGreaterThanOrEqual(1);
    expect(requests).toHaveLength(1);
  });
});

describe('viewing and downloading an extra material', () => {
  it('gives the student an hour-long signed URL that serves the file, as an attachment on download', async () => {
    const { items } = await extraMaterials();
    const file = items.find((material) => material.id === extras.file.id);
    if (!file) throw new Error('file material missing');

    const signed = await materialsService.getSignedUrl(file);
    if (!signed.success) throw new Error(signed.error.message);
    const viewed = await fetch(signed.data);
    expect(viewed.status).toBe(200);
    expect(await viewed.text()).toBe(fileBytes);

    const download = new URL(signed.data);
    download.searchParams.set('download', 'Extra verb drills.pdf');
    const downloaded = await fetch(download);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toContain('attachment');
  });

  it('opens a link at its own address, without a request', async () => {
    const { items } = await extraMaterials();
    const link = items.find((material) => material.type === 'link');
    if (!link) throw new Error('no link material');
    requests.length = 0;

    expect(await materialsService.getSignedUrl(link)).toEqual({ success: true, data: link.url });
    expect(requests).toHaveLength(0);
  });
});
