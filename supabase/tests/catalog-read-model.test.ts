import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { getClient, initDataClient, resetDataClientForTests } from '../../shared-data/src/client';
import { catalogReadModel } from '../../shared-data/src/read-models/catalog';
import { myCoursesReadModel } from '../../shared-data/src/read-models/my-courses';
import { coursesService } from '../../shared-data/src/services/courses';
import {
  type Person,
  createClass,
  createCourse,
  createPerson,
  enroll,
  hoursFromNow,
  service,
} from './fixtures';

// The Course Catalog and the student's My Courses as the student app calls them: shared-data's own
// client against the real API. Courses carry a marker word, so searches see only this file's courses.

const restRequests: string[] = [];
const marker = `zq${randomUUID().slice(0, 6)}`;

let student: Person;
let teacher: Person;
let courses: Record<'spanishA1' | 'englishB2' | 'business' | 'full' | 'inactive', { id: string }>;

beforeAll(async () => {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/rest/v1/')) restRequests.push(url);
    return realFetch(input, init);
  });
  // Node 20 has no WebSocket; the local stack has no Realtime, so nothing ever connects.
  vi.stubGlobal(
    'WebSocket',
    class {
      constructor() {
        throw new Error('Realtime is not part of the local Supabase stack');
      }
    },
  );
  await initDataClient({
    supabaseUrl: API_URL,
    supabaseAnonKey: ANON_KEY,
    apiProvider: 'supabase',
    remotes: { student: '/student.json', teacher: '/teacher.json', admin: '/admin.json' },
  });

  [student, teacher] = await Promise.all([
    createPerson('student', 'Cata'),
    createPerson('teacher', 'Tina'),
  ]);
  const other = await createPerson('student', 'Otto');
  const [spanishA1, englishB2, business, full, inactive] = await Promise.all([
    createCourse({
      title: `Spanish A1 ${marker}`,
      description: 'Greetings and numbers',
      teacher_id: teacher.id,
    }),
    createCourse({
      title: `English B2 ${marker}`,
      description: 'Phrasal verbs, 50% speaking (intensive)',
      language: 'English',
      level: 'intermediate',
      teacher_id: teacher.id,
    }),
    createCourse({
      title: `Negotiation ${marker}`,
      description: 'BUSINESS meetings',
      category: 'business',
      level: 'advanced',
      price: 450.5,
      teacher_id: teacher.id,
    }),
    createCourse({ title: `Tiny group ${marker}`, max_students: 1, teacher_id: teacher.id }),
    createCourse({ title: `Archived ${marker}`, is_active: false, teacher_id: teacher.id }),
  ]);
  courses = { spanishA1, englishB2, business, full, inactive };
  await enroll(other.id, full.id);
  await enroll(other.id, spanishA1.id);
  await service
    .from('course_reviews')
    .insert([{ course_id: spanishA1.id, student_id: other.id, rating: 4 }]);
  await createClass(spanishA1.id, { title: 'Next one', scheduled_date: hoursFromNow(30) });
  await createClass(spanishA1.id, { title: 'Past one', scheduled_date: hoursFromNow(-30) });
  await actAs(student);
});

afterAll(() => {
  resetDataClientForTests();
  vi.unstubAllGlobals();
});

async function actAs(person: { client: SupabaseClient }): Promise<void> {
  const { data } = await person.client.auth.getSession();
  if (!data.session) throw new Error('no session');
  const { error } = await getClient().auth.setSession({
    access_token: data.session.access_token,
    refresh_token: data.session.refresh_token,
  });
  if (error) throw error;
}

async function titles(search: string, filters: Parameters<typeof catalogReadModel.list>[0] = {}) {
  const result = await catalogReadModel.list({ search, ...filters });
  if (!result.success) throw new Error(result.error.message);
  return result.data.items.map((course) => course.title.replace(` ${marker}`, '')).sort();
}

describe('catalogReadModel.list', () => {
  it('lists active courses only, with teacher name, real rating, fullness and seats', async () => {
    const result = await catalogReadModel.list({ search: marker });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.total).toBe(4);
    const byTitle = Object.fromEntries(
      result.data.items.map((course) => [course.title.replace(` ${marker}`, ''), course]),
    );
    expect(Object.keys(byTitle).sort()).toEqual([
      'English B2',
      'Negotiation',
      'Spanish A1',
      'Tiny group',
    ]);
    expect(byTitle['Spanish A1']).toMatchObject({
      teacherName: 'Tina Tester',
      averageRating: 4,
      reviewCount: 1,
      enrolledCount: 1,
      isFull: false,
      isEnrolled: false,
    });
    expect(byTitle['English B2']).toMatchObject({ averageRating: null, reviewCount: 0 });
    expect(byTitle['Negotiation']).toMatchObject({
      price: 450.5,
      level: 'advanced',
      category: 'business',
    });
    expect(byTitle['Tiny group']).toMatchObject({ isFull: true, enrolledCount: 1, maxStudents: 1 });
  });

  it('searches title and description case-insensitively, with LIKE wildcards and PostgREST punctuation taken literally', async () => {
    expect(await titles(`SPANISH A1 ${marker.toUpperCase()}`)).toEqual(['Spanish A1']);
    expect(await titles('business meetings')).toEqual(['Negotiation']);
    expect(await titles('50% speaking (intensive)')).toEqual(['English B2']);
    expect(await titles('phrasal verbs,')).toEqual(['English B2']);
    // `_` and `%` would match any character if they were not escaped.
    expect(await titles(`${marker.slice(0, 2)}_${marker.slice(3)}`)).toEqual([]);
  });

  it('filters by language and level, and pages with an exact count', async () => {
    expect(await titles(marker, { language: 'English' })).toEqual(['English B2']);
    expect(await titles(marker, { level: 'advanced' })).toEqual(['Negotiation']);
    expect(await titles(marker, { language: 'Spanish', level: 'beginner' })).toEqual([
      'Spanish A1',
      'Tiny group',
    ]);

    const firstPage = await catalogReadModel.list({ search: marker, limit: 3 });
    const secondPage = await catalogReadModel.list({ search: marker, limit: 3, page: 2 });
    expect(firstPage).toMatchObject({ success: true, data: { total: 4, totalPages: 2, page: 1 } });
    expect(secondPage).toMatchObject({ success: true, data: { total: 4, totalPages: 2, page: 2 } });
    if (firstPage.success && secondPage.success) {
      const seen = [...firstPage.data.items, ...secondPage.data.items].map((course) => course.id);
      expect(new Set(seen).size).toBe(4);
    }
  });

  it('offers the languages of the active courses', async () => {
    expect(await catalogReadModel.listLanguages()).toEqual({
      success: true,
      data: ['Spanish', 'English'],
    });
  });

  it('loads in a fixed number of requests: one page plus one probe per language', async () => {
    restRequests.length = 0;
    await Promise.all([catalogReadModel.list(), catalogReadModel.listLanguages()]);
    expect(restRequests).toHaveLength(3);
  });
});

describe('enrolling from the catalog, then My Courses and dropping', () => {
  it('enrolls: the card shows Enrolled and the seat is taken; a second enroll is refused with the server message', async () => {
    expect(await coursesService.enroll(courses.spanishA1.id, student.id)).toEqual({
      success: true,
      data: null,
    });

    const listed = await catalogReadModel.list({ search: `Spanish A1 ${marker}` });
    expect(listed).toMatchObject({
      success: true,
      data: { items: [{ isEnrolled: true, enrolledCount: 2 }] },
    });

    const again = await coursesService.enroll(courses.spanishA1.id, student.id);
    expect(again).toMatchObject({ success: false, error: { code: 'ENROLLMENT_ERROR' } });
    if (!again.success) expect(again.error.message).not.toBe('Failed to enroll in course');
  });

  it('refuses a full course with the server message', async () => {
    const result = await coursesService.enroll(courses.full.id, student.id);
    expect(result).toMatchObject({ success: false, error: { code: 'ENROLLMENT_ERROR' } });
    if (!result.success) expect(result.error.message).toMatch(/full/i);
  });

  it('lists the enrolled course in My Courses with progress, teacher, class count and next class, in one request', async () => {
    restRequests.length = 0;
    const result = await myCoursesReadModel.listForStudent();
    expect(restRequests).toHaveLength(1);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.items).toHaveLength(1);
    const [course] = result.data.items;
    expect(course).toMatchObject({
      id: courses.spanishA1.id,
      teacherName: 'Tina Tester',
      enrollmentStatus: 'active',
      progress: 0,
      classCount: 2,
    });
    expect(course?.nextClassAt && Date.parse(course.nextClassAt)).toBeGreaterThan(Date.now());
  });

  it('drops the course: it leaves My Courses and the seat is free again', async () => {
    expect(await coursesService.unenroll(courses.spanishA1.id, student.id)).toEqual({
      success: true,
      data: null,
    });

    expect(await myCoursesReadModel.listForStudent()).toMatchObject({
      success: true,
      data: { items: [], total: 0 },
    });
    const catalog = await catalogReadModel.list({ search: `Spanish A1 ${marker}` });
    expect(catalog).toMatchObject({
      success: true,
      data: { items: [{ isEnrolled: false, enrolledCount: 1 }] },
    });

    const twice = await coursesService.unenroll(courses.spanishA1.id, student.id);
    expect(twice).toMatchObject({
      success: false,
      error: { code: 'UNENROLL_ERROR', message: 'You are not enrolled in this course' },
    });
  });
});
