import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import {
  MATERIAL_LIST_COLUMNS,
  toListedMaterial,
  type Material,
  type MaterialLanguage,
  type MaterialListRow,
  type MaterialSkill,
} from '../mappers/material';
import { materialStats } from '../rules/statistics';
import { toNumber } from '../mappers/fields';
import { fromPostgrestError, ok, settle, type Result } from '../result';

const MATERIAL_STATS_FAILED = 'Failed to fetch material statistics';

// The materials libraries' reads. Extra Materials (students): the general materials, those without a
// course, from the `material_list` view in one request; stats and filters work on that one answer, so
// typing in the search box sends nothing. The Materials Library (teachers and administrators): its
// figures from `material_stats()` in one request; its page of materials is `materialsService.list`.

/**
 * The most general materials one load brings (newest first). A school's extra library is tens of
 * files; past this the screen says it shows only the newest ones rather than sending more requests.
 */
export const EXTRA_MATERIALS_LIMIT = 500;

/** The filters of the library screens: language, skill and a case-insensitive title search. */
export type MaterialLibraryFilters = {
  language?: MaterialLanguage | null;
  skill?: MaterialSkill | null;
  search?: string;
};

/** The four stat cards of the materials library: total, documents (pdf plus document), videos, audio files. */
export type MaterialLibraryStats = {
  total: number;
  documents: number;
  videos: number;
  audio: number;
};

export type ExtraMaterials = {
  /** Newest first, at most EXTRA_MATERIALS_LIMIT. */
  items: Material[];
  /** How many general materials exist; more than `items.length` when the list was cut. */
  total: number;
};

/** The materials that pass every filter that is set; the search is a case-insensitive title match. */
export function filterMaterials<T extends Pick<Material, 'title' | 'language' | 'skill'>>(
  materials: readonly T[],
  { language, skill, search }: MaterialLibraryFilters,
): T[] {
  const term = search?.trim().toLocaleLowerCase() ?? '';
  return materials.filter(
    (material) =>
      (!language || material.language === language) &&
      (!skill || material.skill === skill) &&
      (term === '' || material.title.toLocaleLowerCase().includes(term)),
  );
}

export function libraryStats(
  materials: readonly Pick<Material, 'type' | 'fileSize'>[],
): MaterialLibraryStats {
  const { totalMaterials, typeDistribution } = materialStats(materials);
  return {
    total: totalMaterials,
    documents: typeDistribution.pdf + typeDistribution.document,
    videos: typeDistribution.video,
    audio: typeDistribution.audio,
  };
}

/** The general materials (no course) the caller may see, newest first, with uploader names. */
async function listExtraMaterials(): Promise<Result<ExtraMaterials>> {
  return settle('FETCH_MATERIALS_ERROR', ERROR_MESSAGES.fetchMaterialsFailed, async () => {
    const { data, error, count } = await getClient()
      .from('material_list')
      .select(MATERIAL_LIST_COLUMNS, { count: 'exact' })
      .is('course_id', null)
      .order('uploaded_at', { ascending: false })
      .order('id', { ascending: true })
      .range(0, EXTRA_MATERIALS_LIMIT - 1)
      .overrideTypes<MaterialListRow[], { merge: false }>();
    if (error) {
      return fromPostgrestError(
        'FETCH_MATERIALS_ERROR',
        error,
        ERROR_MESSAGES.fetchMaterialsFailed,
      );
    }
    const items = data.map(toListedMaterial);
    return ok({ items, total: Math.max(count ?? items.length, items.length) });
  });
}

/**
 * The figures of the materials library over every material the caller may see (not one page):
 * documents are pdf plus document files; `totalSize` is in bytes.
 */
export type MaterialLibraryFigures = {
  total: number;
  documents: number;
  videos: number;
  audio: number;
  links: number;
  totalSize: number;
};

/**
 * The library's figures in one request (`material_stats()`): a teacher's own courses and the general
 * library, everything for an admin, a student's active courses and the general library.
 */
async function figures(): Promise<Result<MaterialLibraryFigures>> {
  return settle('MATERIAL_STATS_ERROR', MATERIAL_STATS_FAILED, async () => {
    const { data, error } = await getClient().rpc('material_stats');
    if (error) return fromPostgrestError('MATERIAL_STATS_ERROR', error, MATERIAL_STATS_FAILED);
    // An aggregate answers exactly one row; PostgREST sends a set-returning function's rows as an array.
    const row = Array.isArray(data) ? data[0] : data;
    return ok({
      total: toNumber(row?.total),
      documents: toNumber(row?.documents),
      videos: toNumber(row?.videos),
      audio: toNumber(row?.audio),
      links: toNumber(row?.links),
      totalSize: toNumber(row?.total_size),
    });
  });
}

export const materialsLibraryReadModel = { listExtraMaterials, figures };
