import { getClient } from '@portal/shared-data/session';
import type { CefrLevel } from '../rules/skills';
import { ERROR_MESSAGES } from '../errors';
import { blankToNull } from '../mappers/fields';
import {
  MATERIAL_COLUMNS,
  MATERIAL_LIST_COLUMNS,
  toListedMaterial,
  toMaterial,
  type Material,
  type MaterialLanguage,
  type MaterialListRow,
  type MaterialRow,
  type MaterialSkill,
  type MaterialType,
  type NewMaterialRow,
} from '../mappers/material';
import type { PageRequest, Paged } from '../rules/paging';
import { STORAGE_BUCKETS, materialObjectName } from '../rules/storage-names';
import {
  classifyUploadType,
  fileExtension,
  isAcceptedMaterialFile,
  materialContentType,
  sizeProblem,
} from '../rules/uploads';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';
import { containsPattern, nothingChanged, pageWindow, toPagedResult } from './list-query';
import {
  fileTooLarge,
  fromStorageError,
  removeObject,
  removeObjects,
  signedUrl,
  uploadObject,
  uploadObjectWithProgress,
  type UploadProgress,
} from './storage';

/** General material: `courseId: 'general'` lists only materials without a course. */
export const GENERAL_MATERIALS = 'general';

export type MaterialFilters = PageRequest & {
  type?: MaterialType;
  /** A course id, or GENERAL_MATERIALS for materials without a course. */
  courseId?: string;
  uploadedBy?: string;
  language?: MaterialLanguage;
  skill?: MaterialSkill;
  /** Title contains it. */
  search?: string;
};

/** Upload payload; course, language and skill are optional. */
export type MaterialUpload = {
  file: File;
  courseId?: string | null;
  language?: MaterialLanguage | null;
  skill?: MaterialSkill | null;
  /** Null: the course's level (the database's default). */
  cefrLevel?: CefrLevel | null;
  /** Defaults to the file's name. */
  title?: string;
  /** Called as the bytes are sent, with the share sent so far (0 to 1). */
  onProgress?: UploadProgress;
  /** The uploader's id (names the file's folder); defaults to the signed-in user. */
  uploaderId?: string;
};

export type MaterialLink = {
  title: string;
  url: string;
  courseId?: string | null;
  language?: MaterialLanguage | null;
  skill?: MaterialSkill | null;
  cefrLevel?: CefrLevel | null;
};

/** What delete, download and signed links need to know about a material. */
export type StoredMaterial = Pick<Material, 'id' | 'type' | 'url' | 'storagePath'>;

// No fixed product text exists for these; the provider's message is used whenever it has one.
const FILE_TYPE_NOT_ACCEPTED = 'This file type is not accepted';
const TITLE_AND_URL_REQUIRED = 'A link needs a title and a URL';
const SIGNED_URL_FAILED = 'Failed to create a download link';
const DOWNLOAD_FAILED = 'Failed to download material';
const LINKS_NOT_DOWNLOADABLE = 'A link has no file to download';
const NOT_SIGNED_IN = 'Sign in to upload material';

/**
 * Default sort: newest upload first. Read from the `material_list` view, which names every
 * uploader (a student cannot read an admin's profile, so an embedded `users` row would be empty) and
 * narrows to the caller's courses by index.
 */
async function list(filters: MaterialFilters = {}): Promise<Result<Paged<Material>>> {
  return settle('FETCH_MATERIALS_ERROR', ERROR_MESSAGES.fetchMaterialsFailed, async () => {
    const window = pageWindow(filters);
    let query = getClient().from('material_list').select(MATERIAL_LIST_COLUMNS, { count: 'exact' });
    if (filters.type) query = query.eq('type', filters.type);
    if (filters.courseId === GENERAL_MATERIALS) query = query.is('course_id', null);
    else if (filters.courseId) query = query.eq('course_id', filters.courseId);
    if (filters.uploadedBy) query = query.eq('uploaded_by', filters.uploadedBy);
    if (filters.language) query = query.eq('language', filters.language);
    if (filters.skill) query = query.eq('skill', filters.skill);
    const pattern = containsPattern(filters.search);
    if (pattern) query = query.ilike('title', pattern);
    const response = await query
      .order('uploaded_at', { ascending: false })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<MaterialListRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toListedMaterial,
      'FETCH_MATERIALS_ERROR',
      ERROR_MESSAGES.fetchMaterialsFailed,
    );
  });
}

/** `uploaded_by` is stamped with the caller by the database. */
function insertMaterial(row: NewMaterialRow) {
  return getClient().from('materials').insert(row).select(MATERIAL_COLUMNS).single<MaterialRow>();
}

/** The signed-in user's id, read from the session the client keeps (no request). */
async function signedInUserId(): Promise<string | undefined> {
  const { data } = await getClient().auth.getSession();
  return data.session?.user.id;
}

/**
 * Stores the file in the private `materials` bucket under a fresh name in its place
 * (`<course id | general>/<uploader id>/…`, which decides who may read and manage it), then records
 * it. The bucket's extension and size rules are checked first; when the record cannot be written the
 * stored file is removed again, so no orphan is left behind.
 */
async function uploadFile(upload: MaterialUpload): Promise<Result<Material>> {
  return settle('UPLOAD_FILE_ERROR', ERROR_MESSAGES.uploadMaterialFailed, async () => {
    const { file } = upload;
    if (!isAcceptedMaterialFile(file.name)) {
      return fail('UPLOAD_FILE_ERROR', FILE_TYPE_NOT_ACCEPTED, {
        extension: fileExtension(file.name),
      });
    }
    const tooLarge = sizeProblem(STORAGE_BUCKETS.materials, file.size);
    if (tooLarge) return fileTooLarge('UPLOAD_FILE_ERROR', tooLarge, file.size);
    const uploaderId = upload.uploaderId ?? (await signedInUserId());
    if (!uploaderId) {
      return fail('UPLOAD_FILE_ERROR', NOT_SIGNED_IN, { code: 'PGRST301' });
    }
    const objectName = materialObjectName(
      { courseId: blankToNull(upload.courseId), uploaderId },
      file.name,
    );
    // Stored with the type of its extension when the browser names none the bucket accepts.
    const contentType = materialContentType(file);
    const body =
      contentType === file.type ? file : new File([file], file.name, { type: contentType });
    const stored = upload.onProgress
      ? await uploadObjectWithProgress(
          STORAGE_BUCKETS.materials,
          objectName,
          body,
          upload.onProgress,
        )
      : await uploadObject(STORAGE_BUCKETS.materials, objectName, body);
    if (stored.error) {
      return fromStorageError(
        'UPLOAD_FILE_ERROR',
        stored.error,
        ERROR_MESSAGES.uploadMaterialFailed,
      );
    }
    const { data, error } = await insertMaterial({
      title: upload.title?.trim() || file.name,
      type: classifyUploadType(file.name),
      url: objectName,
      storage_path: objectName,
      mime_type: contentType || null,
      file_size: file.size,
      course_id: blankToNull(upload.courseId),
      language: upload.language ?? null,
      skill: upload.skill ?? null,
      cefr_level: upload.cefrLevel ?? null,
    });
    if (error) {
      await removeObjects(STORAGE_BUCKETS.materials, [objectName]);
      return fromPostgrestError(
        'CREATE_MATERIALS_ERROR',
        error,
        ERROR_MESSAGES.uploadMaterialFailed,
      );
    }
    return ok(toMaterial(data));
  });
}

/** Records an external link (type link; nothing is stored in the bucket). */
async function createLink(link: MaterialLink): Promise<Result<Material>> {
  return settle('CREATE_MATERIALS_ERROR', ERROR_MESSAGES.createMaterialFailed, async () => {
    const title = link.title.trim();
    const url = link.url.trim();
    if (!title || !url) return fail('CREATE_MATERIALS_ERROR', TITLE_AND_URL_REQUIRED);
    const { data, error } = await insertMaterial({
      title,
      type: 'link',
      url,
      storage_path: null,
      mime_type: null,
      file_size: 0,
      course_id: blankToNull(link.courseId),
      language: link.language ?? null,
      skill: link.skill ?? null,
      cefr_level: link.cefrLevel ?? null,
    });
    if (error) {
      return fromPostgrestError(
        'CREATE_MATERIALS_ERROR',
        error,
        ERROR_MESSAGES.createMaterialFailed,
      );
    }
    return ok(toMaterial(data));
  });
}

/**
 * Removes the stored file, then the record. The storage policies (by the file's folder) and the
 * record's delete policies follow the same rule (the uploader, the course's teacher, an
 * administrator), so a caller who may not delete removes nothing. A file that is already gone is no
 * obstacle, so deleting again finishes a delete that failed halfway; and deleting the record queues
 * its file for removal in the database anyway (20261122001100_storage.sql).
 */
async function remove(material: StoredMaterial): Promise<Result<null>> {
  return settle('DELETE_MATERIALS_ERROR', ERROR_MESSAGES.deleteMaterialFailed, async () => {
    if (material.type !== 'link' && material.storagePath) {
      const removed = await removeObject(STORAGE_BUCKETS.materials, material.storagePath);
      if (removed.error) {
        return fromStorageError(
          'DELETE_MATERIALS_ERROR',
          removed.error,
          ERROR_MESSAGES.deleteMaterialFailed,
        );
      }
    }
    const { data, error } = await getClient()
      .from('materials')
      .delete()
      .eq('id', material.id)
      .select('id')
      .overrideTypes<{ id: string }[], { merge: false }>();
    if (error) {
      return fromPostgrestError(
        'DELETE_MATERIALS_ERROR',
        error,
        ERROR_MESSAGES.deleteMaterialFailed,
      );
    }
    if (data.length === 0) {
      return nothingChanged('DELETE_MATERIALS_ERROR', ERROR_MESSAGES.deleteMaterialFailed);
    }
    return ok(null);
  });
}

function objectNameOf(material: StoredMaterial): string {
  return material.storagePath ?? material.url;
}

/** A link to view or download the material: an hour-long signed URL, or a link's own address. */
async function getSignedUrl(material: StoredMaterial): Promise<Result<string>> {
  return settle('SIGNED_URL_ERROR', SIGNED_URL_FAILED, async () => {
    if (material.type === 'link') return ok(material.url);
    return signedUrl(STORAGE_BUCKETS.materials, objectNameOf(material), SIGNED_URL_FAILED);
  });
}

/** The stored file's bytes. */
async function download(material: StoredMaterial): Promise<Result<Blob>> {
  return settle('DOWNLOAD_ERROR', DOWNLOAD_FAILED, async () => {
    if (material.type === 'link') return fail('DOWNLOAD_ERROR', LINKS_NOT_DOWNLOADABLE);
    const { data, error } = await getClient()
      .storage.from(STORAGE_BUCKETS.materials)
      .download(objectNameOf(material));
    if (error || !data) return fromStorageError('DOWNLOAD_ERROR', error, DOWNLOAD_FAILED);
    return ok(data);
  });
}

export const materialsService = {
  list,
  uploadFile,
  createLink,
  delete: remove,
  getSignedUrl,
  download,
};
