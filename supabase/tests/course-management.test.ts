import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type School,
  closeDb,
  createActivity,
  createMaterial,
  createSchool,
  createSubmission,
  expectDenied,
  ownerQuery,
} from './fixtures';

// Course Management (20261122001900_read_models_admin.sql): the figures over every course for an
// administrator, and the stored files a course takes with it, listed for its teacher or an
// administrator only. Expected figures are counted here by the database owner.

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

afterAll(async () => {
  await closeDb();
});

type Stats = {
  total_courses: number;
  active_courses: number;
  total_students: number;
  total_revenue: number;
  languages: string[];
};

describe('get_course_management_stats', () => {
  it('adds up every course for an administrator, students counted once across courses', async () => {
    const { data, error } = await school.admin.client.rpc('get_course_management_stats');
    expect(error).toBeNull();
    const stats = data as Stats;

    const { rows } = await ownerQuery<Record<string, string>>(
      `select (select count(*) from public.courses) as courses,
              (select count(*) from public.courses where is_active) as active,
              (select count(distinct user_id) from public.enrollments where status = 'active') as students,
              (select coalesce(sum(amount), 0) from public.payments)
                - (select coalesce(sum(amount), 0) from public.refunds) as revenue,
              (select json_agg(distinct language) from public.courses)::text as languages`,
    );
    const expected = rows[0] as Record<string, string>;
    expect(stats.total_courses).toBe(Number(expected.courses));
    expect(stats.active_courses).toBe(Number(expected.active));
    expect(stats.total_students).toBe(Number(expected.students));
    expect(Number(stats.total_revenue)).toBeCloseTo(Number(expected.revenue), 2);
    expect([...stats.languages].sort()).toEqual(
      (JSON.parse(expected.languages ?? '[]') as string[]).sort(),
    );
  });
});

describe('get_course_files', () => {
  let files: { bucket: string; name: string }[];

  beforeAll(async () => {
    const { course, courseClass, student, teacher } = school;
    const stored = `${teacher.id}/worksheet-${Date.now()}.pdf`;
    await createMaterial({
      title: 'Worksheet',
      type: 'pdf',
      url: stored,
      course_id: course.id,
      uploaded_by: teacher.id,
      storage_path: stored,
    });
    const classWork = await createActivity({ class_id: courseClass.id, title: 'Class quiz' });
    const courseWork = await createActivity({ course_id: course.id, title: 'Essay' });
    await createSubmission({
      activity_id: courseWork.id,
      student_id: student.id,
      file_urls: [`${student.id}/${courseWork.id}/essay.pdf`],
    });
    await createSubmission({
      activity_id: classWork.id,
      student_id: student.id,
      file_urls: [
        `${student.id}/${classWork.id}/quiz.png`,
        `${student.id}/${classWork.id}/notes.txt`,
      ],
    });
    const { data, error } = await school.admin.client.rpc('get_course_files', {
      course_uuid: course.id,
    });
    expect(error).toBeNull();
    files = data as { bucket: string; name: string }[];
  });

  it("lists the course's material files and the files handed in for its and its classes' activities", () => {
    const { student } = school;
    expect(files.filter((file) => file.bucket === 'materials')).toHaveLength(1);
    const submitted = files
      .filter((file) => file.bucket === 'activity-submissions')
      .map((f) => f.name);
    expect(submitted).toHaveLength(3);
    expect(submitted.every((name) => name.startsWith(`${student.id}/`))).toBe(true);
  });

  it("answers the course's teacher the same, and nothing of another course", async () => {
    const { teacher, course, otherCourse } = school;
    const { data } = await teacher.client.rpc('get_course_files', { course_uuid: course.id });
    expect(data).toEqual(files);
    const other = await school.admin.client.rpc('get_course_files', {
      course_uuid: otherCourse.id,
    });
    const otherNames = (other.data as { name: string }[]).map((file) => file.name);
    expect(otherNames.some((name) => files.some((file) => file.name === name))).toBe(false);
  });

  it('refuses another teacher and a student', async () => {
    const { otherTeacher, student, course } = school;
    for (const person of [otherTeacher, student]) {
      expectDenied(
        await person.client.rpc('get_course_files', { course_uuid: course.id }),
        "Only the course's teacher or an administrator can list its files",
      );
    }
  });
});
