import { afterAll, describe, expect, it } from 'vitest';
import { enrollmentExportsService } from '../../../shared-data/src/services/enrollment-exports';
import { usersService } from '../../../shared-data/src/services/users';
import { closeDb, createCourse, createPerson, enroll, ownerQuery, service } from '../fixtures';
import { dataOf, installLocalDataClient, signInAs } from './data-client';

// The reads of the admin's CSV exports and the bulk call, through the shared-data services against
// the local stack: what an administrator gets, and that a teacher or student gets no one else's rows.

installLocalDataClient();

const created: string[] = [];
afterAll(async () => {
  for (const id of created) await service.auth.admin.deleteUser(id).catch(() => undefined);
  await closeDb();
});

async function person(role: 'student' | 'teacher', firstName: string) {
  const someone = await createPerson(role, firstName);
  created.push(someone.id);
  return someone;
}

const tag = `Exp${Math.random().toString(36).slice(2, 8)}`;

describe('the CSV exports’ reads', () => {
  it('an administrator reads a course’s enrolments with students and the course title; a roster keeps the active ones', async () => {
    const teacher = await person('teacher', `${tag}Teacher`);
    const [ana, ben] = await Promise.all([person('student', `${tag}Ana`), person('student', `${tag}Ben`)]);
    const course = await createCourse({ title: `${tag} Business Spanish`, teacher_id: teacher.id });
    await enroll(ana.id, course.id);
    const dropped = await enroll(ben.id, course.id);
    await service.from('enrollments').update({ status: 'dropped' }).eq('id', dropped);

    await signInAs('admin');
    const all = dataOf(await enrollmentExportsService.listForExport({ courseId: course.id }));
    expect(all.map((row) => [row.student?.firstName, row.status, row.courseTitle]).sort()).toEqual([
      [`${tag}Ana`, 'active', `${tag} Business Spanish`],
      [`${tag}Ben`, 'dropped', `${tag} Business Spanish`],
    ]);
    const roster = dataOf(
      await enrollmentExportsService.listForExport({ courseId: course.id, status: 'active' }),
    );
    expect(roster.map((row) => row.student?.email)).toEqual([ana.email]);

    // Another course's teacher and a student of the school read none of them.
    await signInAs('teacher');
    expect(dataOf(await enrollmentExportsService.listForExport({ courseId: course.id }))).toEqual([]);
    await signInAs('student');
    expect(dataOf(await enrollmentExportsService.listForExport({ courseId: course.id }))).toEqual([]);
  });

  it('an administrator reads every user of User Management’s filters, not only a page', async () => {
    const people = await Promise.all(
      Array.from({ length: 12 }, (_, index) => person('student', `${tag}Many${index}`)),
    );
    await person('teacher', `${tag}ManyTeacher`);
    await signInAs('admin');
    const students = dataOf(await usersService.listForExport({ search: `${tag}Many`, role: 'student' }));
    expect(students.map((user) => user.id).sort()).toEqual(people.map((user) => user.id).sort());
  });
});

describe('the bulk call', () => {
  it('answers each selected person, in order, as the function decided', async () => {
    const student = await person('student', `${tag}Bulk`);
    const unknown = crypto.randomUUID();
    await signInAs('admin');
    const results = dataOf(await usersService.adminBulk('deactivate', [unknown, student.id]));
    expect(results).toEqual([
      { id: unknown, status: 'refused', code: 'USER_NOT_FOUND', courses: null },
      { id: student.id, status: 'done' },
    ]);
    const { rows } = await ownerQuery<{ is_active: boolean }>(
      'select is_active from public.users where id = $1',
      [student.id],
    );
    expect(rows[0]).toEqual({ is_active: false });
  });

  it('is refused as a whole for a teacher', async () => {
    const student = await person('student', `${tag}Kept`);
    await signInAs('teacher');
    const answer = await usersService.adminBulk('delete', [student.id]);
    expect(answer.success).toBe(false);
    const { rows } = await ownerQuery('select id from public.users where id = $1', [student.id]);
    expect(rows).toHaveLength(1);
  });
});
