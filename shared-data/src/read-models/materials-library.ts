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
import { fromPostgrestError, ok, settle, type Result } from '../result';

// Extra Materials: the general materials, those without a
// course, from the `material_list` view in one request. Stats and filters work on that one answer, so
// typing in the search box sends nothing.

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

export const materialsLibraryReadModel = { listExtraMaterials };
