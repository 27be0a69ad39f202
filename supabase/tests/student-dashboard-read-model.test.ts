import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { getClient, initDataClient, resetDataClientForTests } from '../../shared-data/src/client';
import { studentDashboardReadModel } from '../../shared-data/src/read-models/student-dashboard';
import { classesService } from '../../shared-data/src/services/classes';
import {
  type Person,
  createClass,
  createCourse,
  createPerson,
  enroll,
  hoursFromNow,
  service,
} from './fixtures';

// The student dashboard's read model as the student app calls it: shared-data's own client, signed in
// as each student, against the real API. Counts the REST requests of a dashboard load.

const restRequests: string[] = [];

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
});

afterAll(() => {
  resetDataClientForTests();
  vi.unstubAllGlobals();
});

/** Points the app's client at this person's session. */
async function actAs(person: { client: SupabaseClient }): Promise<void> {
  const { data } = await person.client.auth.getSession();
  if (!data.session) throw new Error('no session');
  const { error } = await getClient().auth.setSession({
    access_token: data.session.access_token,
    refresh_token: data.session.refresh_token,
  });
  if (error) throw error;
}

async function studentWithCourses(
  count: number,
  name: string,
): Promise<{ student: Person; courseIds: string[] }> {
  const student = await createPerson('student', name);
  const teacher = await createPerson('teacher', `${name}Teacher`);
  const courseIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const course = await createCourse({
      title: `${name} ${String(i).padStart(2, '0')}`,
      teacher_id: teacher.id,
      level: 'advanced',
    });
    await enroll(student.id, course.id);
    courseIds.push(course.id);
    await createClass(course.id, {
      title: `${name} class ${i}`,
      scheduled_date: hoursFromNow(24 + i),
    });
  }
  return { student, courseIds };
}

async function requestsOfOneLoad(): Promise<number> {
  restRequests.length = 0;
  const result = await studentDashboardReadModel.get();
  expect(result.success).toBe(true);
  return restRequests.length;
}

describe('studentDashboardReadModel.get', () => {
  it('answers the newest 3 courses with teacher name and at most 3 classes each, in one request', async () => {
    const { student, courseIds } = await studentWithCourses(4, 'Dana');
    const newest = courseIds[3] as string;
    await createClass(newest, { title: 'Ended', scheduled_date: hoursFromNow(-3), duration: 60 });
    await createClass(newest, {
      title: 'In progress',
      scheduled_date: hoursFromNow(-0.25),
      duration: 60,
    });
    await createClass(newest, {
      title: 'Recorded',
      type: 'recorded',
      meeting_link: null,
      scheduled_date: hoursFromNow(2),
    });
    await createClass(newest, { title: 'Far away', scheduled_date: hoursFromNow(500) });
    await actAs(student);

    restRequests.length = 0;
    const result = await studentDashboardReadModel.get();

    expect(restRequests).toHaveLength(1);
    expect(result.success).toBe(true);
    if (!result.success) return;
    const { courseCount, courses, stats } = result.data;
    expect(courseCount).toBe(4);
    expect(courses.map((course) => course.title)).toEqual(['Dana 03', 'Dana 02', 'Dana 01']);
    expect(courses[0]).toMatchObject({
      id: newest,
      language: 'Spanish',
      level: 'advanced',
      teacherName: 'DanaTeacher Tester',
      progress: 0,
    });
    expect(courses[0]?.upcomingClasses.map((c) => [c.title, c.type])).toEqual([
      ['In progress', 'live'],
      ['Recorded', 'recorded'],
      ['Dana class 3', 'live'],
    ]);
    expect(courses[1]?.upcomingClasses.map((c) => c.title)).toEqual(['Dana class 2']);
    expect(stats.enrolledCourses).toBe(4);
  });

  it('is empty for a student enrolled nowhere, and leaves out dropped courses', async () => {
    const { student, courseIds } = await studentWithCourses(1, 'Nadia');
    await actAs(student);
    expect(
      (
        await getClient().rpc('unenroll_user_from_course', {
          user_uuid: student.id,
          course_uuid: courseIds[0],
        })
      ).error,
    ).toBeNull();

    const result = await studentDashboardReadModel.get();

    expect(result).toMatchObject({ success: true, data: { courseCount: 0, courses: [] } });
  });

  it('costs one request for a student with 3 courses and one with 30', async () => {
    const few = await studentWithCourses(3, 'Fay');
    const many = await studentWithCourses(30, 'Manu');

    await actAs(few.student);
    const forFew = await requestsOfOneLoad();
    await actAs(many.student);
    const forMany = await requestsOfOneLoad();

    expect({ forFew, forMany }).toEqual({ forFew: 1, forMany: 1 });
  });
});

describe('joining a live class records own attendance', () => {
  it('marks the student present from 30 minutes before the start until the end, never otherwise', async () => {
    const student = await createPerson('student', 'Jo');
    const course = await createCourse({ title: 'Join me' });
    await enroll(student.id, course.id);
    const soon = await createClass(course.id, { title: 'Soon', scheduled_date: hoursFromNow(0.2) });
    const later = await createClass(course.id, {
      title: 'Tomorrow',
      scheduled_date: hoursFromNow(24),
    });
    const recorded = await createClass(course.id, {
      title: 'Video',
      type: 'recorded',
      meeting_link: null,
      scheduled_date: hoursFromNow(0.1),
    });
    await actAs(student);

    const joined = await classesService.markAttendance({
      classId: soon.id,
      userId: student.id,
      attended: true,
    });
    expect(joined).toMatchObject({
      success: true,
      data: { classId: soon.id, userId: student.id, attended: true },
    });
    // Joining again (a second click) is fine.
    expect(
      (
        await classesService.markAttendance({
          classId: soon.id,
          userId: student.id,
          attended: true,
        })
      ).success,
    ).toBe(true);

    for (const refused of [later, recorded]) {
      expect(
        await classesService.markAttendance({
          classId: refused.id,
          userId: student.id,
          attended: true,
        }),
      ).toMatchObject({
        success: false,
        error: { code: 'MARK_ATTENDANCE_ERROR' },
      });
    }
    const { data } = await service
      .from('class_attendance')
      .select('class_id, attended')
      .eq('user_id', student.id);
    expect(data).toEqual([{ class_id: soon.id, attended: true }]);
  });
});
