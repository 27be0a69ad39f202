import type { Tables } from '../database.types';
import { SKILLS, toCefrLevel, type CefrLevel, type Skill } from '../rules/skills';
import { oneOf } from './fields';
import { fullNameOf, personName, type EmbeddedPerson } from './person-name';

export type MaterialType = 'pdf' | 'document' | 'video' | 'audio' | 'link' | 'other';
export type MaterialLanguage = 'ES' | 'EN';
/** Any of the five skills (issue 32: speaking and writing joined listening, reading, grammar). */
export type MaterialSkill = Skill;

export const MATERIAL_TYPES: readonly MaterialType[] = [
  'pdf',
  'document',
  'video',
  'audio',
  'link',
  'other',
];
export const MATERIAL_LANGUAGES: readonly MaterialLanguage[] = ['ES', 'EN'];
export const MATERIAL_SKILLS: readonly MaterialSkill[] = SKILLS;

/** A row of `public.materials` with its uploader's name and its course's title embedded. */
export type MaterialRow = Tables<'materials'> & {
  uploader?: EmbeddedPerson;
  course?: { title: string } | null;
};

export type Material = {
  id: string;
  title: string;
  type: MaterialType;
  /** The external address of a link; for a file, its object name in the `materials` bucket. */
  url: string;
  storagePath: string | null;
  mimeType: string | null;
  /** Bytes; 0 for links. */
  fileSize: number;
  /** Null for general material (shown to every signed-in user). */
  courseId: string | null;
  courseTitle: string | null;
  language: MaterialLanguage | null;
  skill: MaterialSkill | null;
  /** Optional CEFR level (issue 32). */
  cefrLevel?: CefrLevel | null;
  /** The uploader's full name; null when the uploader is unknown (the profile is gone). */
  uploadedBy: string | null;
  uploadedById: string | null;
  uploadedAt: string;
  /**
   * Whether the signed-in user may delete it, as the database's delete policies decide (the uploader,
   * the course's teacher, an administrator). Only lists read from `material_list` know it.
   */
  canDelete?: boolean;
};

/** The row a file upload or a link creates (`uploaded_by` is stamped by the database). */
export type NewMaterialRow = Pick<
  MaterialRow,
  | 'title'
  | 'type'
  | 'url'
  | 'storage_path'
  | 'mime_type'
  | 'file_size'
  | 'course_id'
  | 'language'
  | 'skill'
  | 'cefr_level'
>;

/** Material columns plus uploader name and course title (one request for the whole library). */
export const MATERIAL_COLUMNS =
  'id, title, type, url, storage_path, mime_type, file_size, course_id, language, skill, cefr_level, uploaded_by, uploaded_at, uploader:uploader_profile(first_name, last_name), course:courses(title)';

/**
 * A row of the `material_list` view: the database supplies the uploader's name, which embedding
 * `users` would hide from a student when the uploader is not a teacher (an admin, say).
 */
export type MaterialListRow = Tables<'material_list'>;

export const MATERIAL_LIST_COLUMNS =
  'id, title, type, url, storage_path, mime_type, file_size, course_id, course_title, language, skill, uploaded_by, uploader_name, uploaded_at, can_delete, cefr_level';

export function toMaterial(row: MaterialRow): Material {
  return {
    id: row.id,
    title: row.title,
    type: oneOf(MATERIAL_TYPES, row.type) ?? 'other',
    url: row.url,
    storagePath: row.storage_path,
    mimeType: row.mime_type,
    fileSize: row.file_size,
    courseId: row.course_id,
    courseTitle: row.course?.title ?? null,
    language: oneOf(MATERIAL_LANGUAGES, row.language),
    skill: oneOf(MATERIAL_SKILLS, row.skill),
    cefrLevel: toCefrLevel(row.cefr_level),
    uploadedBy: fullNameOf(row.uploader),
    uploadedById: row.uploaded_by,
    uploadedAt: row.uploaded_at,
  };
}

/** View columns are nullable in the generated types; the view never leaves these empty. */
export function toListedMaterial(row: MaterialListRow): Material {
  return {
    id: row.id ?? '',
    title: row.title ?? '',
    type: oneOf(MATERIAL_TYPES, row.type) ?? 'other',
    url: row.url ?? '',
    storagePath: row.storage_path,
    mimeType: row.mime_type,
    fileSize: row.file_size ?? 0,
    courseId: row.course_id,
    courseTitle: row.course_title,
    language: oneOf(MATERIAL_LANGUAGES, row.language),
    skill: oneOf(MATERIAL_SKILLS, row.skill),
    cefrLevel: toCefrLevel(row.cefr_level),
    uploadedBy: personName(row.uploader_name),
    uploadedById: row.uploaded_by,
    uploadedAt: row.uploaded_at ?? '',
    canDelete: row.can_delete === true,
  };
}
