import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type School,
  createClass,
  createCourse,
  createPerson,
  createSchool,
  createSubmission,
  enroll,
  expectDenied,
  hoursFromNow,
  ids,
  service,
} from './fixtures';

// Each read model answers a screen in one request and returns only what the caller's RLS allows.

type Json = Record<string, unknown>;

let school: School;
let schoolCourseIds: string[];

beforeAll(async () => {
  school = await createSchool();
  const { course, otherCourse, inactiveCourse, student, teacher, courseClass } = school;
  schoolCourseIds = [course.id, otherCourse.id, inactiveCourse.id];
  await service
    .from('course_reviews')
    .insert({ course_id: course.id, student_id: student.id, rating: 4 });
  await teacher.client
    .from('class_attendance')
    .upsert(
      { class_id: courseClass.id, user_id: student.id, attended: true },
      { onConflict: 'class_id,user_id' },
    );
});

describe('course_catalog', () => {
  it('lists active courses with teacher name, rating, fullness and own enrollment; never inactive ones', async () => {
    const { student, course, otherCourse } = school;
    const { data, error } = await student.client
      .from('course_catalog')
      .select('id, teacher_name, average_rating, review_count, is_full, is_enrolled')
      .in('id', schoolCourseIds)
      .order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: otherCourse.id,
        teacher_name: 'Olga Tester',
        average_rating: null,
        review_count: 0,
        is_full: false,
        is_enrolled: false,
      },
      {
        id: course.id,
        teacher_name: 'Tomás Tester',
        average_rating: 4,
        review_count: 1,
        is_full: false,
        is_enrolled: true,
      },
    ]);
  });

  it('is filtered by PostgREST like a table', async () => {
    const { outsider, otherCourse } = school;
    const { data } = await outsider.client
      .from('course_catalog')
      .select('id')
      .in('id', schoolCourseIds)
      .eq('language', 'English')
      .ilike('title', '%b2%');
    expect(ids(data)).toEqual([otherCourse.id]);
  });

  it('even admins see only active courses in the catalog', async () => {
    const { admin, inactiveCourse } = school;
    expect(
      (await admin.client.from('course_catalog').select('id').eq('id', inactiveCourse.id)).data,
    ).toEqual([]);
    expectDenied(await anonClient().from('course_catalog').select('id'));
  });
});

describe('my_courses', () => {
  it("a student's enrolled courses with progress", async () => {
    const { student, course } = school;
    const { data } = await student.client
      .from('my_courses')
      .select('id, relation, enrollment_status, progress, class_count');
    // Attended the course's only class (50 × 1/1); no graded work yet (50 × 0/2).
    expect(data).toEqual([
      {
        id: course.id,
        relation: 'student',
        enrollment_status: 'active',
        progress: 50,
        class_count: 1,
      },
    ]);
  });

  it("a teacher's own courses, inactive included", async () => {
    const { teacher, course, inactiveCourse } = school;
    const { data } = await teacher.client.from('my_courses').select('id, relation, enrollment_id');
    expect(data?.map((row) => row.relation)).toEqual(['teacher', 'teacher']);
    expect(ids(data).sort()).toEqual([course.id, inactiveCourse.id].sort());
  });
});

describe('get_student_dashboard', () => {
  it('shows at most 3 newest courses with at most 3 classes each that have not ended', async () => {
    const learner = await createPerson('student', 'Dash');
    const courses = [];
    for (let i = 0; i < 4; i += 1) {
      const course = await createCourse({ title: `Dash ${i}` });
      await enroll(learner.id, course.id);
      courses.push(course);
    }
    const newest = courses[3]?.id as string;
    await createClass(newest, {
      title: 'Finished',
      scheduled_date: hoursFromNow(-3),
      duration: 60,
    });
    await createClass(newest, {
      title: 'On now',
      scheduled_date: hoursFromNow(-0.5),
      duration: 60,
    });
    for (const hours of [48, 24, 72, 96])
      await createClass(newest, { title: `In ${hours} h`, scheduled_date: hoursFromNow(hours) });

    const { data, error } = await learner.client.rpc('get_student_dashboard');
    expect(error).toBeNull();
    const dashboard = data as {
      course_count: number;
      courses: Array<Json & { upcoming_classes: Json[] }>;
      stats: Json;
    };
    expect(dashboard.course_count).toBe(4);
    expect(dashboard.courses.map((course) => course.title)).toEqual(['Dash 3', 'Dash 2', 'Dash 1']);
    expect(dashboard.courses[0]?.upcoming_classes.map((c) => c.title)).toEqual([
      'On now',
      'In 24 h',
      'In 48 h',
    ]);
    expect(dashboard.stats).toMatchObject({ enrolled_courses: 4 });
  });
});

describe('get_course_detail', () => {
  it('returns the course, its materials with uploader names, the class count and one page of classes', async () => {
    const { student, course, material } = school;
    for (let i = 0; i < 6; i += 1)
      await createClass(course.id, { title: `Page ${i}`, scheduled_date: hoursFromNow(100 + i) });
    const { data } = await student.client.rpc('get_course_detail', {
      course_uuid: course.id,
      class_page: 2,
      class_page_size: 5,
    });
    const detail = data as {
      course: Json;
      enrollment: Json;
      materials: Json[];
      class_count: number;
      classes: Json[];
    };
    expect(detail.course).toMatchObject({ id: course.id, teacher_name: 'Tomás Tester' });
    expect(detail.enrollment).toMatchObject({ status: 'active' });
    expect(detail.materials).toEqual([
      expect.objectContaining({ id: material.id, uploader_name: 'Tomás Tester' }),
    ]);
    expect(detail.class_count).toBe(7);
    expect(detail.classes.map((c) => c.title)).toEqual(['Page 4', 'Page 5']);
  });

  it('is null for a course the caller cannot see', async () => {
    const { student, inactiveCourse } = school;
    expect(
      (await student.client.rpc('get_course_detail', { course_uuid: inactiveCourse.id })).data,
    ).toBeNull();
  });
});

describe('calendar_classes', () => {
  it("shows each role its classes, with course title and the caller's own attendance", async () => {
    const { student, teacher, otherTeacher, admin, courseClass, otherClass } = school;
    const both = [courseClass.id, otherClass.id];
    const forStudent = await student.client
      .from('calendar_classes')
      .select('id, course_title, my_attendance')
      .in('id', both);
    expect(forStudent.data).toEqual([
      { id: courseClass.id, course_title: 'Spanish A1', my_attendance: true },
    ]);
    expect(
      ids((await teacher.client.from('calendar_classes').select('id').in('id', both)).data),
    ).toEqual([courseClass.id]);
    expect(
      ids((await otherTeacher.client.from('calendar_classes').select('id').in('id', both)).data),
    ).toEqual([otherClass.id]);
    expect(
      (await admin.client.from('calendar_classes').select('id').in('id', both)).data,
    ).toHaveLength(2);
  });

  it('takes a date range', async () => {
    const { teacher, courseClass } = school;
    const { data } = await teacher.client
      .from('calendar_classes')
      .select('id')
      .eq('id', courseClass.id)
      .gte('scheduled_date', hoursFromNow(0))
      .lt('scheduled_date', hoursFromNow(24 * 7));
    expect(ids(data)).toEqual([courseClass.id]);
  });
});

describe('get_calendar_month', () => {
  type CalendarDay = { date: string; class_count: number; classes: Json[] };
  type CalendarMonth = {
    class_count: number;
    days: CalendarDay[];
    upcoming_classes: Json[];
    time_zone: string;
  };

  // A day far from the seed's classes, so the student's and teacher's months hold only these.
  const day = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 2, 10));
  const at = (hours: number) => new Date(day.getTime() + hours * 3_600_000).toISOString();
  const week = { range_start: at(0), range_end: at(24 * 7) };
  let calendar: { student: School['student']; teacher: School['teacher']; classIds: string[] };

  beforeAll(async () => {
    const [teacher, student] = await Promise.all([
      createPerson('teacher', 'Carla'),
      createPerson('student', 'Ciro'),
    ]);
    const course = await createCourse({ title: 'Calendar course', teacher_id: teacher.id });
    await enroll(student.id, course.id);
    // Three classes on the day (UTC), and one at 02:00 UTC the next day: 23:00 the same day in Buenos Aires.
    const classes = await Promise.all(
      [10, 12, 14, 26].map((hour) =>
        createClass(course.id, { title: `At ${hour}`, scheduled_date: at(hour) }),
      ),
    );
    calendar = { student, teacher, classIds: classes.map((row) => row.id as string) };
  });

  const month = async (client: School['student']['client'], args: Record<string, unknown>) => {
    const { data, error } = await client.rpc('get_calendar_month', { ...week, ...args });
    expect(error).toBeNull();
    return data as CalendarMonth;
  };

  it('counts each day and shows its first classes as calendar_classes rows', async () => {
    const { student, classIds } = calendar;
    const data = await month(student.client, {});
    expect(data.class_count).toBe(4);
    expect(data.days.map(({ date, class_count }) => ({ date, class_count }))).toEqual([
      { date: at(0).slice(0, 10), class_count: 3 },
      { date: at(24).slice(0, 10), class_count: 1 },
    ]);
    expect(ids(data.days[0]?.classes ?? [])).toEqual(classIds.slice(0, 2));
    expect(data.days[0]?.classes[0]).toMatchObject({
      course_title: 'Calendar course',
      teacher_name: 'Carla Tester',
      ends_at: expect.any(String),
    });
  });

  it("groups by calendar day in the viewer's time zone, and honours the limits", async () => {
    const { teacher, classIds } = calendar;
    const data = await month(teacher.client, {
      time_zone: 'America/Argentina/Buenos_Aires',
      day_limit: 1,
      upcoming_limit: 2,
    });
    expect(data.time_zone).toBe('America/Argentina/Buenos_Aires');
    expect(
      data.days.map(({ date, class_count, classes }) => [date, class_count, ids(classes)]),
    ).toEqual([[at(0).slice(0, 10), 4, [classIds[0]]]]);
    expect(ids(data.upcoming_classes)).toEqual(classIds.slice(0, 2));
  });

  it("shows nothing of courses the caller is not in; an admin sees every course's classes", async () => {
    const { classIds } = calendar;
    expect(await month(school.outsider.client, {})).toMatchObject({
      class_count: 0,
      days: [],
      upcoming_classes: expect.any(Array),
    });
    const forAdmin = await month(school.admin.client, { day_limit: 50 });
    expect(ids(forAdmin.days.flatMap((entry) => entry.classes))).toEqual(
      expect.arrayContaining(classIds),
    );
  });

  it("lists every class of the viewer's today, so a busy today needs no second request", async () => {
    const teacher = await createPerson('teacher', 'Tania');
    const course = await createCourse({ title: 'Busy today', teacher_id: teacher.id });
    const today = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()),
    );
    const onDay = (offsetDays: number, minutes: number) =>
      new Date(today.getTime() + offsetDays * 864e5 + minutes * 60_000).toISOString();
    // Three classes today (UTC) and three tomorrow.
    const todays = await Promise.all(
      [60, 120, 180].map((minutes) =>
        createClass(course.id, { scheduled_date: onDay(0, minutes) }),
      ),
    );
    const tomorrows = await Promise.all(
      [60, 120, 180].map((minutes) =>
        createClass(course.id, { scheduled_date: onDay(1, minutes) }),
      ),
    );
    const { data, error } = await teacher.client.rpc('get_calendar_month', {
      range_start: onDay(0, 0),
      range_end: onDay(2, 0),
      time_zone: 'UTC',
      day_limit: 1,
    });
    expect(error).toBeNull();
    const answer = data as CalendarMonth;
    expect(
      answer.days.map(({ date, class_count, classes }) => [date, class_count, ids(classes)]),
    ).toEqual([
      [onDay(0, 0).slice(0, 10), 3, todays.map((row) => row.id)],
      [onDay(1, 0).slice(0, 10), 3, [tomorrows[0]?.id]],
    ]);
  });

  it('refuses a range that ends before it starts or spans more than six weeks', async () => {
    const { student } = calendar;
    const backwards = await student.client.rpc('get_calendar_month', {
      range_start: at(24),
      range_end: at(0),
    });
    expect(backwards.error?.message).toBe('The calendar range must end after it starts');
    const tooLong = await student.client.rpc('get_calendar_month', {
      range_start: at(0),
      range_end: at(24 * 43),
    });
    expect(tooLong.error?.message).toBe('The calendar range can span at most 42 days');
  });
});

describe('material_list', () => {
  it('a student sees general and own-course materials with uploader names, even an admin uploader', async () => {
    const { student, material, otherMaterial, generalMaterial } = school;
    const { data } = await student.client
      .from('material_list')
      .select('id, uploader_name, course_title')
      .in('id', [material.id, otherMaterial.id, generalMaterial.id])
      .order('title');
    expect(data).toEqual([
      { id: generalMaterial.id, uploader_name: 'Ada Tester', course_title: null },
      { id: material.id, uploader_name: 'Tomás Tester', course_title: 'Spanish A1' },
    ]);
  });

  it('the Extra Materials screen filters to general ones', async () => {
    const { student, material, generalMaterial } = school;
    const { data } = await student.client
      .from('material_list')
      .select('id')
      .in('id', [material.id, generalMaterial.id])
      .is('course_id', null);
    expect(ids(data)).toEqual([generalMaterial.id]);
  });
});

describe('activity_list and submission_list', () => {
  it("a student sees active activities of their course with their own submission's status", async () => {
    const { student, activity, otherActivity, inactiveActivity, classActivity } = school;
    await createSubmission({ activity_id: activity.id, student_id: student.id, grade: 70 });
    const { data } = await student.client
      .from('activity_list')
      .select('id, effective_course_id, course_title, class_title, my_submission_status, my_grade')
      .in('id', [activity.id, otherActivity.id, inactiveActivity.id, classActivity.id])
      .order('title');
    expect(data).toEqual([
      {
        id: classActivity.id,
        effective_course_id: school.course.id,
        course_title: 'Spanish A1',
        class_title: 'Greetings',
        my_submission_status: null,
        my_grade: null,
      },
      {
        id: activity.id,
        effective_course_id: school.course.id,
        course_title: 'Spanish A1',
        class_title: null,
        my_submission_status: 'graded',
        my_grade: 70,
      },
    ]);
  });

  it("a teacher's submission list holds only their courses' work, with student names", async () => {
    const { teacher, otherTeacher, student, otherStudent, otherActivity, activity } = school;
    await createSubmission({ activity_id: otherActivity.id, student_id: otherStudent.id });
    await createSubmission({ activity_id: activity.id, student_id: student.id }).catch(
      () => undefined,
    );
    const mine = await teacher.client
      .from('submission_list')
      .select('activity_id, student_name, course_id')
      .in('activity_id', [activity.id, otherActivity.id]);
    expect(mine.data).toEqual([
      { activity_id: activity.id, student_name: 'Sara Tester', course_id: school.course.id },
    ]);
    const theirs = await otherTeacher.client
      .from('submission_list')
      .select('activity_id')
      .in('activity_id', [activity.id, otherActivity.id]);
    expect(theirs.data).toEqual([{ activity_id: otherActivity.id }]);
  });
});

describe('course_roster (course management)', () => {
  it('an admin sees each course with revenue and its actively enrolled students', async () => {
    const { admin, course, student } = school;
    const { data } = await admin.client
      .from('course_roster')
      .select('id, revenue, invoiced, outstanding, students')
      .eq('id', course.id)
      .single();
    // Revenue is money received (docs/money.md): the enrolment is invoiced (100) and nothing is paid yet.
    expect(data).toMatchObject({ revenue: 0, invoiced: 100, outstanding: 100 });
    expect(data?.students).toEqual([
      expect.objectContaining({ user_id: student.id, first_name: 'Sara', email: student.email }),
    ]);
  });

  it("a teacher sees another teacher's active course but none of its students", async () => {
    const { teacher, otherCourse } = school;
    const { data } = await teacher.client
      .from('course_roster')
      .select('id, students')
      .eq('id', otherCourse.id)
      .single();
    expect(data).toEqual({ id: otherCourse.id, students: [] });
  });
});

describe('my_students', () => {
  it("a teacher sees their students with progress, attendance and work, and no other teacher's students", async () => {
    const { teacher, student, otherStudent } = school;
    const { data } = await teacher.client
      .from('my_students')
      .select(
        'student_id, course_title, progress, total_classes, attended_classes, study_hours, graded_count, last_activity_at',
      )
      .in('student_id', [student.id, otherStudent.id]);
    expect(data).toHaveLength(1);
    const classes = await service
      .from('classes')
      .select('id', { count: 'exact', head: true })
      .eq('course_id', school.course.id);
    expect(data?.[0]).toMatchObject({
      student_id: student.id,
      course_title: 'Spanish A1',
      total_classes: classes.count,
      attended_classes: 1,
      study_hours: 1,
    });
    expect(data?.[0]?.last_activity_at).toBeTruthy();
  });
});

describe('get_user_counts', () => {
  it('counts users by role as far as the caller may see them', async () => {
    const { admin, outsider } = school;
    const all = await service.from('users').select('role');
    const byRole = (role: string) => (all.data ?? []).filter((row) => row.role === role).length;
    const { data } = await admin.client.rpc('get_user_counts');
    expect(data).toMatchObject({
      total: all.data?.length,
      students: byRole('student'),
      teachers: byRole('teacher'),
      admins: byRole('admin'),
    });
    // A student sees themselves only (teachers' public profiles are not users rows they may read).
    const mine = (await outsider.client.rpc('get_user_counts')).data as Json;
    expect(mine).toMatchObject({ total: 1, students: 1, admins: 0, teachers: 0 });
  });
});

describe('dashboards', () => {
  it("the teacher dashboard covers the teacher's own courses", async () => {
    const { teacher } = school;
    const { data } = await teacher.client.rpc('get_teacher_dashboard');
    expect(data).toMatchObject({ course_count: 2, active_course_count: 1, total_students: 1 });
    const dashboard = data as {
      courses: Json[];
      upcoming_classes: Json[];
      recent_submissions: Json[];
    };
    expect(dashboard.courses).toHaveLength(2);
    expect(dashboard.upcoming_classes.every((c) => c.course_title === 'Spanish A1')).toBe(true);
  });
  // The admin dashboard has its own file: admin-dashboard.test.ts.
});
