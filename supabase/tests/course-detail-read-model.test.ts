import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_URL, ANON_KEY } from '../../local-supabase/src/config';
import {
  classesService,
  courseDetailReadModel,
  getClient,
  initDataClient,
  resetDataClientForTests,
  reviewsService,
} from '../../shared-data/src/index';
import { type Person, type School, createClass, createCourse, createPerson, createSchool, enroll, hoursFromNow, service } from './fixtures';

// The course detail screen's read model as the student app runs it: shared-data's own client and
// mappers against the real API, under each caller's RLS. Counts the HTTP requests each call makes.

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const requests: string[] = [];
let school: School;
let pagedClassTitles: string[];

/** Hands `person`'s session to the page's data client, as if they had signed in to the portal. */
async function actAs(person: Person): Promise<void> {
  const { data } = await person.client.auth.getSession();
  if (!data.session) throw new Error(`${person.email} has no session`);
  const { error } = await getClient().auth.setSession({
    access_token: data.session.access_token,
    refresh_token: data.session.refresh_token,
  });
  if (error) throw error;
  requests.length = 0;
}

beforeAll(async () => {
  // Node has no browser storage and no WebSocket (the local stack has no Realtime).
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal(
    'WebSocket',
    class {
      constructor() {
        throw new Error('Realtime is not part of the local Supabase stack');
      }
    },
  );
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith('/rest/v1/')) requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    return realFetch(input, init);
  });
  await initDataClient({
    supabaseUrl: API_URL,
    supabaseAnonKey: ANON_KEY,
    apiProvider: 'supabase',
    remotes: { student: '/s.json', teacher: '/t.json', admin: '/a.json' },
  });

  school = await createSchool();
  const { course, student } = school;
  // Seven classes after the fixture's one (in 48 h): 90 + 6 × 60 + 45 minutes in all → 8 h 15 min.
  pagedClassTitles = ['Greetings'];
  for (let i = 1; i <= 6; i += 1) {
    await createClass(course.id, { title: `Week ${i}`, scheduled_date: hoursFromNow(48 + 24 * 7 * i), duration: 60 });
    pagedClassTitles.push(`Week ${i}`);
  }
  await createClass(course.id, { title: 'Starting now', scheduled_date: hoursFromNow(-0.1), duration: 45 });
  pagedClassTitles.unshift('Starting now');
  await service.from('classes').update({ duration: 90 }).eq('title', 'Greetings').eq('course_id', course.id);
  // Only a student taking (or who took) the course may review it: enrol first.
  await enroll(school.otherStudent.id, course.id);
  const review = await service.from('course_reviews').insert({ course_id: course.id, student_id: school.otherStudent.id, rating: 3 });
  if (review.error) throw new Error(`seed review: ${review.error.message}`);
  await actAs(student);
});

beforeEach(() => {
  requests.length = 0;
});

afterAll(() => {
  resetDataClientForTests();
  vi.unstubAllGlobals();
});

describe('courseDetailReadModel.get', () => {
  it("gives an enrolled student the card, own enrollment, the course's materials and the first 5 classes in one request", async () => {
    const { course, material } = school;

    const result = await courseDetailReadModel.get(course.id);

    expect(requests).toEqual(['POST /rest/v1/rpc/get_course_detail']);
    expect(result.success).toBe(true);
    if (!result.success || !result.data) throw new Error('no detail');
    const { course: card, enrollment, materials, classes } = result.data;
    expect(card).toMatchObject({
      id: course.id,
      title: 'Spanish A1',
      language: 'Spanish',
      teacherName: 'Tomás Tester',
      price: 100,
      maxStudents: 10,
      enrolledCount: 2,
    });
    expect(enrollment).toMatchObject({ status: 'active', progress: expect.any(Number) });
    expect(materials).toEqual([
      expect.objectContaining({ id: material.id, title: 'Verb table', uploadedBy: 'Tomás Tester', courseTitle: 'Spanish A1' }),
    ]);
    expect(classes).toMatchObject({ total: 8, page: 1, limit: 5, totalPages: 2 });
    expect(classes.items.map((c) => c.title)).toEqual(pagedClassTitles.slice(0, 5));
  });

  it('pages the classes through the same read model, one request a page', async () => {
    const result = await courseDetailReadModel.getClassPage(school.course.id, 2);

    expect(requests).toEqual(['POST /rest/v1/rpc/get_course_detail']);
    expect(result).toMatchObject({ success: true, data: { total: 8, page: 2, totalPages: 2 } });
    if (!result.success || !result.data) throw new Error('no page');
    expect(result.data.items.map((c) => c.title)).toEqual(pagedClassTitles.slice(5));
  });

  it('shows an active course the student never joined without its classes or materials', async () => {
    const result = await courseDetailReadModel.get(school.otherCourse.id);
    expect(result).toMatchObject({
      success: true,
      data: { course: { title: 'English B2' }, enrollment: null, materials: [], classes: { total: 0, items: [] } },
    });
  });

  it('is null (Course not found.) for an inactive course, an unknown id and a malformed id', async () => {
    expect(await courseDetailReadModel.get(school.inactiveCourse.id)).toEqual({ success: true, data: null });
    expect(await courseDetailReadModel.get(randomUUID())).toEqual({ success: true, data: null });
    expect(requests).toHaveLength(2);
    expect(await courseDetailReadModel.get('not-a-course')).toEqual({ success: true, data: null });
    expect(requests).toHaveLength(2);
  });

  it('makes the same single request for a student with thirty courses', async () => {
    const busy = await createPerson('student', 'Bea');
    const courses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createCourse({ title: `Load ${i} ${randomUUID().slice(0, 4)}`, max_students: 5 })),
    );
    for (const course of courses) await enroll(busy.id, course.id);
    await actAs(busy);

    const result = await courseDetailReadModel.get(courses[0]?.id ?? '');

    expect(result).toMatchObject({ success: true, data: { enrollment: { status: 'active' } } });
    expect(requests).toEqual(['POST /rest/v1/rpc/get_course_detail']);
    await actAs(school.student);
  });
});

describe('courseDetailReadModel.getScheduledTime', () => {
  it("adds up the minutes of the course's classes into hours, in one request", async () => {
    expect(await courseDetailReadModel.getScheduledTime(school.course.id)).toEqual({
      success: true,
      data: { classCount: 8, hours: 8 },
    });
    expect(requests).toEqual(['GET /rest/v1/classes']);
  });

  it('counts nothing where the student may not see classes', async () => {
    expect(await courseDetailReadModel.getScheduledTime(school.otherCourse.id)).toEqual({
      success: true,
      data: { classCount: 0, hours: 0 },
    });
  });
});

describe('course reviews on the detail page', () => {
  it("lists reviews with other students' names although their profiles are private", async () => {
    const result = await courseDetailReadModel.listReviews(school.course.id);
    expect(result).toEqual({
      success: true,
      data: [expect.objectContaining({ studentId: school.otherStudent.id, studentName: 'Oscar Tester', rating: 3 })],
    });
    expect(requests).toEqual(['GET /rest/v1/course_review_list']);
  });

  it('lets the enrolled student write, edit and delete one review', async () => {
    const { course, student } = school;
    const saved = await reviewsService.saveMine({ courseId: course.id, studentId: student.id, rating: 4, comment: ' Muy bien ' });
    expect(saved).toMatchObject({ success: true, data: { rating: 4, comment: 'Muy bien' } });
    const edited = await reviewsService.saveMine({ courseId: course.id, studentId: student.id, rating: 5, comment: '' });
    expect(edited).toMatchObject({ success: true, data: { rating: 5, comment: null } });

    const listed = await courseDetailReadModel.listReviews(course.id);
    expect(listed.success && listed.data.map((r) => [r.studentName, r.rating])).toEqual([
      ['Sara Tester', 5],
      ['Oscar Tester', 3],
    ]);

    expect(await reviewsService.deleteMine(course.id, student.id)).toEqual({ success: true, data: null });
  });

  it('refuses a review from a student who never took the course', async () => {
    const result = await reviewsService.saveMine({
      courseId: school.otherCourse.id,
      studentId: school.student.id,
      rating: 5,
    });
    expect(result).toMatchObject({ success: false, error: { code: 'QUERY_ERROR' } });
  });
});

describe('joining a class from the detail page', () => {
  it('records the student present for a live class under way, and refuses one next week', async () => {
    const page = await courseDetailReadModel.get(school.course.id);
    if (!page.success || !page.data) throw new Error('no detail');
    const [now, next] = page.data.classes.items;
    if (!now || !next) throw new Error('missing classes');

    const joined = await classesService.markAttendance({ classId: now.id, userId: school.student.id, attended: true });
    expect(joined).toMatchObject({ success: true, data: { attended: true } });

    const early = await classesService.markAttendance({ classId: next.id, userId: school.student.id, attended: true });
    expect(early).toMatchObject({ success: false, error: { code: 'MARK_ATTENDANCE_ERROR' } });
  });
});
