import type { MaterialLanguage, MaterialSkill } from '../mappers/material';
import type { CefrLevel } from './skills';
import { isClassLink } from './class-form';
import { UPLOAD_LIMITS, isAcceptedMaterialFile, sizeProblem } from './uploads';

// The Add Material dialog's rules (docs/product-rules.md "Files" and "Text lengths"): the same limits
// as the checks of public.materials and the `materials` bucket, so the form refuses what the server
// would. The File tab needs a file of an accepted type within the bucket's size limit; the Link tab a
// title and an http(s) address. Course, language and skill are optional on both.

/** The character limits of the materials checks (title counted after trimming). */
export const MATERIAL_TEXT_LIMITS = { title: 300, url: 2000 } as const;

/** The largest file the materials bucket takes, in bytes (shown before an upload). */
export const MATERIAL_MAX_BYTES = UPLOAD_LIMITS.materials;

export type MaterialFormTab = 'file' | 'link';

export type MaterialFormValues = {
  /** The file to upload (File tab). */
  file: File | null;
  /** Required for a link; optional for a file, which is then named after the file. */
  title: string;
  /** The link's address (Link tab). */
  url: string;
  /** A course id, or '' for the general library. */
  courseId: string;
  language: MaterialLanguage | '';
  skill: MaterialSkill | '';
  /** '' for none: the course's level. */
  cefrLevel: CefrLevel | '';
};

/** i18n keys in the `validation` namespace (materialFileTooLarge takes `size`). */
export type MaterialFormMessageKey =
  | 'materialFileRequired'
  | 'materialFileType'
  | 'materialFileTooLarge'
  | 'materialTitleRequired'
  | 'materialTitleTooLong'
  | 'materialUrlRequired'
  | 'materialUrlInvalid'
  | 'materialUrlTooLong';

export type MaterialFormErrors = Partial<Record<keyof MaterialFormValues, MaterialFormMessageKey>>;

export function emptyMaterialForm(): MaterialFormValues {
  return {
    file: null,
    title: '',
    url: '',
    courseId: '',
    language: '',
    skill: '',
    cefrLevel: '',
  };
}

/** A text's length as the database counts it: characters (an emoji is one), after trimming. */
export function materialTextLength(text: string): number {
  return [...text.trim()].length;
}

/** Why a chosen file cannot be uploaded, or undefined when it can. */
export function materialFileError(
  file: { name: string; size: number } | null,
): MaterialFormMessageKey | undefined {
  if (!file) return 'materialFileRequired';
  if (!isAcceptedMaterialFile(file.name)) return 'materialFileType';
  return sizeProblem('materials', file.size) ? 'materialFileTooLarge' : undefined;
}

/** Failing fields of the chosen tab only; `{}` means the material can be saved. */
export function validateMaterialForm(
  tab: MaterialFormTab,
  values: MaterialFormValues,
): MaterialFormErrors {
  const errors: MaterialFormErrors = {};
  const titleLength = materialTextLength(values.title);
  if (tab === 'file') {
    const file = materialFileError(values.file);
    if (file) errors.file = file;
  } else if (titleLength === 0) {
    errors.title = 'materialTitleRequired';
  }
  if (titleLength > MATERIAL_TEXT_LIMITS.title) errors.title = 'materialTitleTooLong';
  if (tab === 'link') {
    const url = values.url.trim();
    if (url === '') errors.url = 'materialUrlRequired';
    else if (materialTextLength(url) > MATERIAL_TEXT_LIMITS.url) errors.url = 'materialUrlTooLong';
    else if (!isClassLink(url)) errors.url = 'materialUrlInvalid';
  }
  return errors;
}
