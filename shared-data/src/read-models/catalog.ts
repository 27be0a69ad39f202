import { getClient } from '@portal/shared-data/session';
import type { Tables } from '../database.types';
import { ERROR_MESSAGES } from '../errors';
import {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  type CourseCategory,
  type CourseLanguage,
  type CourseLevel,
} from '../mappers/course';
import { oneOf, toNumber, toNumberOrNull } from '../mappers/fields';
import { personName } from '../mappers/person-name';
import type { PageRequest, Paged } from '../rules/paging';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import { anyColumnContains, pageWindow, toPagedResult } from '../services/list-query';

// The Course Catalog from the `course_catalog` view: active courses with their teacher's
// name, the average of their reviews, fullness and the caller's own enrollment, one page per request.
// Search, filters and paging run on the server, so a request never grows with the number of courses.

/** Four rows of the three-column grid. */
export const CATALOG_PAGE_SIZE = 12;

export type CatalogCourse = {
  id: string;
  title: string;
  description: string;
  language: CourseLanguage;
  category: CourseCategory;
  level: CourseLevel;
  /** Weeks. */
  duration: number;
  teacherId: string | null;
  /** Null when the teacher is unknown (no teacher, or the profile is gone). */
  teacherName: string | null;
  /** US dollars for the whole course. */
  price: number;
  thumbnailUrl: string | null;
  enrolledCount: number;
  maxStudents: number;
  isFull: boolean;
  /** Mean of the course's reviews (two decimals), null when nobody has reviewed it. */
  averageRating: number | null;
  reviewCount: number;
  /** The caller holds an active enrollment in it. */
  isEnrolled: boolean;
  createdAt: string;
};

export type CatalogFilters = PageRequest & {
  /** Title or description contains it, case-insensitively. */
  search?: string;
  language?: CourseLanguage;
  level?: CourseLevel;
};

export type CatalogRow = Tables<'course_catalog'>;

export const CATALOG_COLUMNS =
  'id, title, description, language, category, level, duration, teacher_id, teacher_name, price, thumbnail_url, enrolled_count, max_students, is_full, average_rating, review_count, is_enrolled, created_at';

export function toCatalogCourse(row: CatalogRow): CatalogCourse {
  const enrolledCount = toNumber(row.enrolled_count);
  const maxStudents = toNumber(row.max_students);
  return {
    id: row.id ?? '',
    title: row.title ?? '',
    description: row.description ?? '',
    language: oneOf(COURSE_LANGUAGES, row.language) ?? 'English',
    category: oneOf(COURSE_CATEGORIES, row.category) ?? 'general',
    level: oneOf(COURSE_LEVELS, row.level) ?? 'beginner',
    duration: toNumber(row.duration),
    teacherId: row.teacher_id,
    teacherName: personName(row.teacher_name),
    price: toNumber(row.price),
    thumbnailUrl: row.thumbnail_url,
    enrolledCount,
    maxStudents,
    isFull: row.is_full ?? enrolledCount >= maxStudents,
    averageRating: toNumberOrNull(row.average_rating),
    reviewCount: toNumber(row.review_count),
    isEnrolled: row.is_enrolled ?? false,
    createdAt: row.created_at ?? '',
  };
}

/** One page of active courses matching the filters, newest first. */
async function list(filters: CatalogFilters = {}): Promise<Result<Paged<CatalogCourse>>> {
  return settle('FETCH_COURSES_ERROR', ERROR_MESSAGES.fetchCoursesFailed, async () => {
    const window = pageWindow({ page: filters.page, limit: filters.limit ?? CATALOG_PAGE_SIZE });
    let query = getClient().from('course_catalog').select(CATALOG_COLUMNS, { count: 'exact' });
    if (filters.language) query = query.eq('language', filters.language);
    if (filters.level) query = query.eq('level', filters.level);
    const search = anyColumnContains(['title', 'description'], filters.search);
    if (search) query = query.or(search);
    const response = await query
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<CatalogRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toCatalogCourse,
      'FETCH_COURSES_ERROR',
      ERROR_MESSAGES.fetchCoursesFailed,
    );
  });
}

/**
 * The languages the catalog's active courses are taught in. The database allows only COURSE_LANGUAGES, so one probe of at most
 * one row per language answers it: a fixed number of requests, whatever the number of courses.
 */
async function listLanguages(): Promise<Result<CourseLanguage[]>> {
  return settle('FETCH_COURSES_ERROR', ERROR_MESSAGES.fetchCoursesFailed, async () => {
    const probes = await Promise.all(
      COURSE_LANGUAGES.map((language) =>
        getClient().from('course_catalog').select('language').eq('language', language).limit(1),
      ),
    );
    const failed = probes.find((probe) => probe.error);
    if (failed?.error) {
      return fromPostgrestError(
        'FETCH_COURSES_ERROR',
        failed.error,
        ERROR_MESSAGES.fetchCoursesFailed,
      );
    }
    return ok(COURSE_LANGUAGES.filter((_, index) => (probes[index]?.data?.length ?? 0) > 0));
  });
}

export const catalogReadModel = { list, listLanguages };
