import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { announcementsService } from '../../../shared-data/src/services/announcements';
import { createCourse, enroll, ownerQuery, service } from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, installLocalDataClient, signInAs } from './data-client';

// The announcements service through supabase-js, PostgREST and row security, as the screens call it:
// a course's list (pinned first), the student's dashboard read (newest across the courses they take now,
// one request) and a refused save read as the field's own message.

installLocalDataClient();

let taking: string;
let completed: string;
const tag = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  const [a, b] = await Promise.all([
    createCourse({ title: `Announcing ${tag}`, teacher_id: DEMO_ACCOUNTS.teacher.id }),
    createCourse({ title: `Announced ${tag}`, teacher_id: DEMO_ACCOUNTS.teacher.id }),
  ]);
  taking = a.id as string;
  completed = b.id as string;
  await enroll(DEMO_ACCOUNTS.student.id, taking);
  await enroll(DEMO_ACCOUNTS.student.id, completed);
  await ownerQuery(`update public.enrollments set status = 'completed' where course_id = $1`, [
    completed,
  ]);
});

afterAll(async () => {
  await service.from('courses').delete().in('id', [taking, completed]);
});

describe('announcementsService', () => {
  it('posts, lists pinned first, and shows the student the newest of the courses they take now', async () => {
    await signInAs('teacher');
    const first = dataOf(
      await announcementsService.create({
        courseId: taking,
        title: '  Welcome  ',
        body: 'Read **chapter 1**',
        pinned: true,
        emailStudents: false,
      }),
    );
    expect(first).toMatchObject({
      title: 'Welcome',
      pinned: true,
      emailed: false,
      courseId: taking,
    });
    const second = dataOf(
      await announcementsService.create({
        courseId: taking,
        title: 'Homework',
        body: 'Page 2',
        pinned: false,
        emailStudents: false,
      }),
    );
    const old = dataOf(
      await announcementsService.create({
        courseId: completed,
        title: 'Old news',
        body: 'x',
        pinned: false,
        emailStudents: false,
      }),
    );
    expect(dataOf(await announcementsService.forCourse(taking)).map((a) => a.id)).toEqual([
      first.id,
      second.id,
    ]);

    await signInAs('student');
    const newest = dataOf(
      await announcementsService.newestForStudent(DEMO_ACCOUNTS.student.id, 50),
    );
    const mine = newest.filter((a) => [first.id, second.id, old.id].includes(a.id));
    // Newest first, each with its course's title; the completed course's is not on the dashboard…
    expect(mine.map((a) => [a.id, a.courseTitle])).toEqual([
      [second.id, `Announcing ${tag}`],
      [first.id, `Announcing ${tag}`],
    ]);
    // …but its page still shows it to the student who completed it.
    expect(dataOf(await announcementsService.forCourse(completed)).map((a) => a.id)).toEqual([
      old.id,
    ]);
    // The student cannot delete it: nothing changes, and the service says so.
    const refused = await announcementsService.remove(first.id);
    expect(refused.success).toBe(false);
  });

  it('a refused save is read as the field’s own message', async () => {
    await signInAs('teacher');
    const result = await announcementsService.create({
      courseId: taking,
      title: 't'.repeat(201),
      body: 'x',
      pinned: false,
      emailStudents: false,
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(errorMessageKey(result.error)).toBe('announcementTitleInvalid');
    const body = await announcementsService.create({
      courseId: taking,
      title: 'Fine',
      body: '   ',
      pinned: false,
      emailStudents: false,
    });
    expect(body.success).toBe(false);
    if (!body.success) expect(errorMessageKey(body.error)).toBe('announcementBodyInvalid');
  });

  it('edits, pins and deletes as the course’s teacher', async () => {
    await signInAs('teacher');
    const posted = dataOf(
      await announcementsService.create({
        courseId: taking,
        title: 'Draft',
        body: 'x',
        pinned: false,
        emailStudents: false,
      }),
    );
    const edited = dataOf(
      await announcementsService.update(posted.id, { title: 'Final', pinned: true }),
    );
    expect(edited).toMatchObject({ title: 'Final', pinned: true, body: 'x' });
    dataOf(await announcementsService.remove(posted.id));
    expect(dataOf(await announcementsService.forCourse(taking)).map((a) => a.id)).not.toContain(
      posted.id,
    );
  });
});
