import { describe, expect, it } from 'vitest';
import type { Material, MaterialListRow } from '../mappers/material';
import { installFakeSupabase, pagedReply } from '../test-support/fake-supabase';
import {
  EXTRA_MATERIALS_LIMIT,
  filterMaterials,
  libraryStats,
  materialsLibraryReadModel,
} from './materials-library';

const fake = installFakeSupabase();

function listRow(overrides: Partial<MaterialListRow> = {}): MaterialListRow {
  return {
    id: 'material-1',
    title: 'Meeting phrases',
    type: 'pdf',
    url: '1731416400000-m3x9pa.pdf',
    storage_path: '1731416400000-m3x9pa.pdf',
    mime_type: 'application/pdf',
    file_size: 1293,
    course_id: null,
    course_title: null,
    language: 'EN',
    skill: 'reading',
    uploaded_by: 'teacher-1',
    uploader_name: "James O'Connor",
    uploaded_at: '2026-10-18T04:37:04Z',
    can_delete: false,
    cefr_level: null,
    ...overrides,
  };
}

function material(overrides: Partial<Material>): Material {
  return {
    id: 'm',
    title: 'Untitled',
    type: 'pdf',
    url: 'file.pdf',
    storagePath: 'file.pdf',
    mimeType: null,
    fileSize: 0,
    courseId: null,
    courseTitle: null,
    language: null,
    skill: null,
    uploadedBy: null,
    uploadedById: null,
    uploadedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('materialsLibraryReadModel.listExtraMaterials', () => {
  it('reads the general materials from material_list in one counted, bounded request', async () => {
    fake.on(
      'GET',
      '/rest/v1/material_list',
      pagedReply([
        listRow(),
        listRow({
          id: 'material-2',
          title: 'Cambridge Dictionary',
          type: 'link',
          url: 'https://dictionary.cambridge.org/',
          storage_path: null,
          mime_type: null,
          file_size: 0,
          uploader_name: null,
          skill: null,
        }),
      ]),
    );

    const result = await materialsLibraryReadModel.listExtraMaterials();

    expect(result).toEqual({
      success: true,
      data: {
        total: 2,
        items: [
          {
            id: 'material-1',
            title: 'Meeting phrases',
            type: 'pdf',
            url: '1731416400000-m3x9pa.pdf',
            storagePath: '1731416400000-m3x9pa.pdf',
            mimeType: 'application/pdf',
            fileSize: 1293,
            courseId: null,
            courseTitle: null,
            language: 'EN',
            skill: 'reading',
            cefrLevel: null,
            uploadedBy: "James O'Connor",
            uploadedById: 'teacher-1',
            uploadedAt: '2026-10-18T04:37:04Z',
            canDelete: false,
          },
          expect.objectContaining({
            id: 'material-2',
            type: 'link',
            storagePath: null,
            uploadedBy: null,
            skill: null,
          }),
        ],
      },
    });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request?.query.get('course_id')).toBe('is.null');
    expect(request?.query.get('order')).toBe('uploaded_at.desc,id.asc');
    expect(request?.query.get('limit')).toBe(String(EXTRA_MATERIALS_LIMIT));
    expect(request?.headers.get('prefer')).toContain('count=exact');
  });

  it('tells how many exist when the list was cut', async () => {
    fake.on('GET', '/rest/v1/material_list', pagedReply([listRow()], 612));
    expect(await materialsLibraryReadModel.listExtraMaterials()).toMatchObject({
      data: { total: 612 },
    });
  });

  it("fails with the provider's message, else 'Failed to fetch materials'", async () => {
    fake.on('GET', '/rest/v1/material_list', {
      status: 500,
      body: { message: 'relation missing' },
    });
    expect(await materialsLibraryReadModel.listExtraMaterials()).toMatchObject({
      success: false,
      error: { code: 'FETCH_MATERIALS_ERROR', message: 'relation missing' },
    });

    fake.on('GET', '/rest/v1/material_list', { status: 500, body: {} });
    expect(await materialsLibraryReadModel.listExtraMaterials()).toMatchObject({
      success: false,
      error: { code: 'FETCH_MATERIALS_ERROR', message: 'Failed to fetch materials' },
    });
  });
});

describe('filterMaterials', () => {
  const materials = [
    material({ id: 'a', title: 'Irregular Verbs', language: 'ES', skill: 'grammar' }),
    material({ id: 'b', title: 'Listening: at the airport', language: 'EN', skill: 'listening' }),
    material({ id: 'c', title: 'verb drills', language: 'EN', skill: 'grammar' }),
    material({ id: 'd', title: 'No tags', language: null, skill: null }),
  ];
  const ids = (list: Material[]) => list.map((m) => m.id);

  it('keeps everything without filters', () => {
    expect(ids(filterMaterials(materials, {}))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(filterMaterials(materials, { language: null, skill: null, search: '  ' }))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('matches language, skill and a case-insensitive title substring together', () => {
    expect(ids(filterMaterials(materials, { language: 'EN' }))).toEqual(['b', 'c']);
    expect(ids(filterMaterials(materials, { skill: 'grammar' }))).toEqual(['a', 'c']);
    expect(ids(filterMaterials(materials, { search: 'VERB' }))).toEqual(['a', 'c']);
    expect(
      ids(filterMaterials(materials, { search: 'verb', language: 'EN', skill: 'grammar' })),
    ).toEqual(['c']);
  });
});

describe('libraryStats', () => {
  it('counts documents as pdf plus document, and videos and audio files', () => {
    expect(
      libraryStats([
        material({ type: 'pdf' }),
        material({ type: 'document' }),
        material({ type: 'video' }),
        material({ type: 'audio' }),
        material({ type: 'audio' }),
        material({ type: 'link' }),
        material({ type: 'other' }),
      ]),
    ).toEqual({ total: 7, documents: 2, videos: 1, audio: 2 });
    expect(libraryStats([])).toEqual({ total: 0, documents: 0, videos: 0, audio: 0 });
  });
});
describe('materialsLibraryReadModel.figures', () => {
  it('reads the figures of every visible material from material_stats() in one request', async () => {
    fake.on('POST', '/rest/v1/rpc/material_stats', {
      body: [{ total: 7, documents: 3, videos: 1, audio: 2, links: 1, total_size: '52428800' }],
    });

    expect(await materialsLibraryReadModel.figures()).toEqual({
      success: true,
      data: { total: 7, documents: 3, videos: 1, audio: 2, links: 1, totalSize: 52428800 },
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('is MATERIAL_STATS_ERROR when the function fails', async () => {
    fake.on('POST', '/rest/v1/rpc/material_stats', {
      status: 401,
      body: { code: '42501', message: 'permission denied for function material_stats' },
    });

    expect(await materialsLibraryReadModel.figures()).toMatchObject({
      success: false,
      error: { code: 'MATERIAL_STATS_ERROR', details: { code: '42501' } },
    });
  });
});
