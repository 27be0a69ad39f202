// The files of a submission (docs/product-rules.md "Activities and submissions"): each is stored under a
// generated object name (`<student>/<activity>/<timestamp>-<random>.<ext>`, file_urls) and shown by the
// name it had on the student's device (file_names, one per file, same order). Work handed in before
// names were kept has none: it is shown by the stored object's name.

import type { MaterialType } from '../mappers/material';
import { classifyUploadType, fileExtension } from './uploads';

/** `char_length(btrim(name)) between 1 and 255` for each of activity_submissions.file_names. */
export const SUBMITTED_FILE_NAME_MAX_LENGTH = 255;

/** A submitted file: where it is stored and the name people see. */
export type SubmittedFile = { objectName: string; name: string };

/** The readable part of a stored object name: its last path segment. */
export function storedFileName(objectName: string): string {
  return objectName.split('/').pop() || objectName;
}

/** Characters as the database counts them (code points, not UTF-16 units). */
function characters(text: string): string[] {
  return [...text];
}

/**
 * The name to keep for an uploaded file: its own name trimmed, at most 255 characters (cut before the
 * extension, which stays); a blank name becomes the stored object's name.
 */
export function fileNameToKeep(originalName: string, objectName: string): string {
  const name = originalName.trim();
  if (name === '') return storedFileName(objectName);
  const chars = characters(name);
  if (chars.length <= SUBMITTED_FILE_NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? characters(name.slice(dot)) : [];
  const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
  const base = characters(keep.length > 0 ? name.slice(0, dot) : name);
  return [...base.slice(0, SUBMITTED_FILE_NAME_MAX_LENGTH - keep.length), ...keep].join('').trim();
}

/**
 * The names to save with `fileUrls`: one per file, each as `fileNameToKeep` keeps it; none (an empty
 * list) when the names do not match the files one to one, so a submission never fails over names.
 */
export function fileNamesFor(
  fileUrls: readonly string[],
  fileNames: readonly string[] | undefined,
): string[] {
  if (!fileNames || fileNames.length !== fileUrls.length) return [];
  return fileUrls.map((objectName, index) => fileNameToKeep(fileNames[index] ?? '', objectName));
}

/**
 * A submission's files with the name to show: the original names when it kept one per file, else
 * each stored object's name.
 */
export function submittedFiles(submission: {
  fileUrls: readonly string[];
  fileNames: readonly string[];
}): SubmittedFile[] {
  const named = submission.fileNames.length === submission.fileUrls.length;
  return submission.fileUrls.map((objectName, index) => ({
    objectName,
    name: (named ? submission.fileNames[index]?.trim() : '') || storedFileName(objectName),
  }));
}

/** Archives and spreadsheets in CSV have no preview: the viewer offers to open them instead. */
const NO_PREVIEW = new Set(['zip', 'csv']);

/**
 * The submitted files a page can play as sound: recorded answers (`recording-….webm` or `.ogg`) and
 * audio uploads. A `.webm` from elsewhere may be a video; the audio player then plays its sound.
 */
const PLAYABLE_AUDIO = new Set(['webm', 'weba', 'ogg', 'oga', 'opus', 'mp3', 'wav', 'm4a']);

/** True for a submitted file to offer a player for (by its name's extension). */
export function isPlayableAudio(fileName: string): boolean {
  return PLAYABLE_AUDIO.has(fileExtension(fileName));
}

/** How the material viewer shows a submitted file: by its extension, as uploads are classified. */
export function submittedFileType(fileName: string): MaterialType {
  return NO_PREVIEW.has(fileExtension(fileName)) ? 'other' : classifyUploadType(fileName);
}
