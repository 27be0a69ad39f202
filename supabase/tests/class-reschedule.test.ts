import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type School,
  closeDb,
  createClass,
  createSchool,
  expectDenied,
  expectNoRows,
  hoursFromNow,
  ownerQuery,
} from './fixtures';

// Moving a class to another time (the teacher calendar's planner, or the class form's date):
// classes_refuse_moving_held in 20261122000500_classes.sql and the classes RLS policies. The course's
// teacher and administrators may move it; another teacher and students move nothing; a class that already
// has attendance stays where it was held, for everyone.

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

afterAll(async () => {
  await closeDb();
});

async function startOf(classId: string): Promise<number> {
  const { rows } = await ownerQuery<{ scheduled_date: Date }>(
    'select scheduled_date from public.classes where id = $1',
    [classId],
  );
  return (rows[0]?.scheduled_date as Date).getTime();
}

async function markPresent(classId: string, userId: string): Promise<void> {
  await ownerQuery(
    `insert into public.class_attendance (class_id, user_id, attended, attended_at)
     values ($1, $2, true, now())`,
    [classId, userId],
  );
}

describe('moving a class', () => {
  it("lets the course's teacher move an upcoming class to another time", async () => {
    const upcoming = await createClass(school.course.id, { scheduled_date: hoursFromNow(48) });
    const target = hoursFromNow(72);

    const { data, error } = await school.teacher.client
      .from('classes')
      .update({ scheduled_date: target })
      .eq('id', upcoming.id)
      .select('id, scheduled_date')
      .single();

    expect(error).toBeNull();
    expect(new Date(data?.scheduled_date as string).getTime()).toBe(new Date(target).getTime());
    expect(await startOf(upcoming.id as string)).toBe(new Date(target).getTime());
  });

  it('lets an administrator move any class', async () => {
    const upcoming = await createClass(school.otherCourse.id, { scheduled_date: hoursFromNow(48) });
    const target = hoursFromNow(30);

    const { error } = await school.admin.client
      .from('classes')
      .update({ scheduled_date: target })
      .eq('id', upcoming.id)
      .select('id')
      .single();

    expect(error).toBeNull();
    expect(await startOf(upcoming.id as string)).toBe(new Date(target).getTime());
  });

  it('moves nothing for another teacher or a student of the course', async () => {
    const upcoming = await createClass(school.course.id, { scheduled_date: hoursFromNow(48) });
    const before = await startOf(upcoming.id as string);

    for (const person of [school.otherTeacher, school.student]) {
      expectNoRows(
        await person.client
          .from('classes')
          .update({ scheduled_date: hoursFromNow(5) })
          .eq('id', upcoming.id)
          .select('id'),
      );
    }
    expect(await startOf(upcoming.id as string)).toBe(before);
  });

  it("refuses a teacher moving their class into another teacher's course", async () => {
    const upcoming = await createClass(school.course.id, { scheduled_date: hoursFromNow(48) });

    expectDenied(
      await school.teacher.client
        .from('classes')
        .update({ course_id: school.otherCourse.id })
        .eq('id', upcoming.id)
        .select('id'),
    );
  });

  it('refuses moving a class that has attendance, for its teacher and an administrator', async () => {
    const held = await createClass(school.course.id, { scheduled_date: hoursFromNow(-3) });
    await markPresent(held.id as string, school.student.id);
    const before = await startOf(held.id as string);

    for (const person of [school.teacher, school.admin]) {
      const { error } = await person.client
        .from('classes')
        .update({ scheduled_date: hoursFromNow(24) })
        .eq('id', held.id)
        .select('id');
      expect(error).toMatchObject({
        code: '23514',
        message: 'A class with attendance cannot be moved',
      });
    }
    expect(await startOf(held.id as string)).toBe(before);
  });

  it('still lets the teacher edit the rest of a held class, and move a past class nobody attended', async () => {
    const held = await createClass(school.course.id, { scheduled_date: hoursFromNow(-5) });
    await markPresent(held.id as string, school.student.id);
    const { error: renameError } = await school.teacher.client
      .from('classes')
      .update({ title: 'Greetings (recording added)', recording_url: 'https://video.test/1' })
      .eq('id', held.id)
      .select('id')
      .single();
    expect(renameError).toBeNull();

    const empty = await createClass(school.course.id, { scheduled_date: hoursFromNow(-5) });
    const target = hoursFromNow(20);
    const { error } = await school.teacher.client
      .from('classes')
      .update({ scheduled_date: target })
      .eq('id', empty.id)
      .select('id')
      .single();
    expect(error).toBeNull();
    expect(await startOf(empty.id as string)).toBe(new Date(target).getTime());
  });
});
