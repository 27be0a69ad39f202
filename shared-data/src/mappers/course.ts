import type { Tables, TablesInsert } from '../database.types';
import { toCefrLevel, type CefrLevel } from '../rules/skills';
import { blankToNull, oneOf, toNumber } from './fields';
import { fullNameOf, type EmbeddedPerson } from './person-name';

export type CourseLanguage = 'Spanish' | 'English';
export type CourseCategory = 'general' | 'business';
export type CourseLevel = 'beginner' | 'intermediate' | 'advanced';

export const COURSE_LANGUAGES: readonly CourseLanguage[] = ['Spanish', 'English'];
export const COURSE_CATEGORIES: readonly CourseCategory[] = ['general', 'business'];
export const COURSE_LEVELS: readonly CourseLevel[] = ['beginner', 'intermediate', 'advanced'];

/** A row of `public.courses` with its teacher's name embedded. */
export type CourseRow = Tables<'courses'> & { teacher?: EmbeddedPerson };

/** A course as screens see it: duration in weeks, price in dollars. */
export type Course = {
  id: string;
  title: string;
  description: string;
  language: CourseLanguage;
  category: CourseCategory;
  level: CourseLevel;
  duration: number;
  teacherId: string | null;
  /** Null when the teacher is unknown (no teacher, or the profile is gone). */
  teacherName: string | null;
  price: number;
  thumbnailUrl: string | null;
  isActive: boolean;
  enrolledCount: number;
  maxStudents: number;
  createdAt: string;
  updatedAt: string;
  /** Optional CEFR level (issue 32); the course's new activities and materials take it. */
  cefrLevel?: CefrLevel | null;
};

/** What the course form sends; every field but the title, description and language has a default. */
export type CourseInput = {
  title: string;
  description: string;
  language: CourseLanguage;
  category?: CourseCategory;
  level?: CourseLevel;
  duration?: number;
  teacherId?: string | null;
  price?: number;
  maxStudents?: number;
  thumbnailUrl?: string | null;
  isActive?: boolean;
  cefrLevel?: CefrLevel | null;
};

export type CourseChanges = Partial<CourseInput>;

export type CourseWriteRow = Partial<
  Pick<
    TablesInsert<'courses'>,
    | 'title'
    | 'description'
    | 'language'
    | 'category'
    | 'level'
    | 'duration'
    | 'teacher_id'
    | 'price'
    | 'thumbnail_url'
    | 'is_active'
    | 'max_students'
    | 'cefr_level'
  >
>;

/**
 * Course columns plus the teacher's name from their public profile (the `teacher_profile` computed
 * relationship: one request, no N+1; users rows of teachers are not readable by students).
 */
export const COURSE_COLUMNS =
  'id, title, description, language, category, level, duration, teacher_id, price, thumbnail_url, is_active, enrolled_count, max_students, created_at, updated_at, cefr_level, teacher:teacher_profile(first_name, last_name)';

export function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    language: oneOf(COURSE_LANGUAGES, row.language) ?? 'English',
    category: oneOf(COURSE_CATEGORIES, row.category) ?? 'general',
    level: oneOf(COURSE_LEVELS, row.level) ?? 'beginner',
    duration: row.duration,
    teacherId: row.teacher_id,
    teacherName: fullNameOf(row.teacher),
    price: toNumber(row.price),
    thumbnailUrl: row.thumbnail_url ?? null,
    isActive: row.is_active,
    enrolledCount: row.enrolled_count,
    maxStudents: row.max_students,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    cefrLevel: toCefrLevel(row.cefr_level),
  };
}

/** The columns a create or update writes; fields left undefined are not sent. */
export function toCourseWriteRow(changes: CourseChanges): CourseWriteRow {
  const row: CourseWriteRow = {};
  if (changes.title !== undefined) row.title = changes.title.trim();
  if (changes.description !== undefined) row.description = changes.description.trim();
  if (changes.language !== undefined) row.language = changes.language;
  if (changes.category !== undefined) row.category = changes.category;
  if (changes.level !== undefined) row.level = changes.level;
  if (changes.duration !== undefined) row.duration = changes.duration;
  if (changes.teacherId !== undefined) row.teacher_id = blankToNull(changes.teacherId);
  if (changes.price !== undefined) row.price = changes.price;
  if (changes.thumbnailUrl !== undefined) row.thumbnail_url = blankToNull(changes.thumbnailUrl);
  if (changes.isActive !== undefined) row.is_active = changes.isActive;
  if (changes.maxStudents !== undefined) row.max_students = changes.maxStudents;
  if (changes.cefrLevel !== undefined) row.cefr_level = changes.cefrLevel;
  return row;
}
