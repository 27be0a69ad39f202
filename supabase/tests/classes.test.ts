import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import { CONSTRAINT_MESSAGES } from '../../shared-data/src/rules/error-messages';
import {
  type School,
  closeDb,
  createClass,
  createPerson,
  createSchool,
  enroll,
  expectDenied,
  expectNoRows,
  expectRows,
  hoursFromNow,
  ids,
  ownerQuery,
  service,
} from './fixtures';

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

afterAll(async () => {
  await closeDb();
});

describe('reading classes', () => {
  it('an enrolled student sees the classes of their courses only', async () => {
    const { student, courseClass, otherClass } = school;
    const { data } = await student.client.from('classes').select('id').in('id', [courseClass.id, otherClass.id]);
    expect(ids(data)).toEqual([courseClass.id]);
  });

  it('a student enrolled nowhere, or dropped, sees none', async () => {
    const { outsider, courseClass, course } = school;
    expectRows(await outsider.client.from('classes').select('id').eq('id', courseClass.id), 0);
    const leaver = await createPerson('student', 'Leaver');
    await enroll(leaver.id, course.id);
    expectRows(await leaver.client.from('classes').select('id').eq('id', courseClass.id), 1);
    await leaver.client.rpc('unenroll_user_from_course', { user_uuid: leaver.id, course_uuid: course.id });
    expectRows(await leaver.client.from('classes').select('id').eq('id', courseClass.id), 0);
  });

  it("the course's teacher sees them, another teacher does not; admins see all", async () => {
    const { teacher, otherTeacher, admin, courseClass, otherClass } = school;
    expect(ids((await teacher.client.from('classes').select('id').in('id', [courseClass.id, otherClass.id])).data)).toEqual([
      courseClass.id,
    ]);
    expectRows(await otherTeacher.client.from('classes').select('id').eq('id', courseClass.id), 0);
    expectRows(await admin.client.from('classes').select('id').in('id', [courseClass.id, otherClass.id]), 2);
    expectDenied(await anonClient().from('classes').select('id'));
  });
});

describe('scheduling classes', () => {
  it("the course's teacher schedules, edits and deletes classes", async () => {
    const { teacher, course } = school;
    const created = await teacher.client
      .from('classes')
      .insert({ course_id: course.id, title: 'Numbers', scheduled_date: hoursFromNow(24), type: 'recorded' })
      .select('id, duration, description')
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ duration: 60, description: '' });
    const id = created.data?.id as string;
    expect((await teacher.client.from('classes').update({ duration: 90 }).eq('id', id).select('duration')).data).toEqual([
      { duration: 90 },
    ]);
    expect((await teacher.client.from('classes').delete().eq('id', id).select('id')).data).toEqual([{ id }]);
  });

  it('another teacher and students cannot schedule, edit or delete them', async () => {
    const { otherTeacher, student, course, courseClass } = school;
    const values = { course_id: course.id, title: 'Intruder', scheduled_date: hoursFromNow(24), type: 'recorded' };
    expectDenied(await otherTeacher.client.from('classes').insert(values));
    expectDenied(await student.client.from('classes').insert(values));
    expectNoRows(await otherTeacher.client.from('classes').update({ title: 'x' }).eq('id', courseClass.id).select('id'));
    expectNoRows(await student.client.from('classes').update({ title: 'x' }).eq('id', courseClass.id).select('id'));
    expectNoRows(await otherTeacher.client.from('classes').delete().eq('id', courseClass.id).select('id'));
    expectNoRows(await student.client.from('classes').delete().eq('id', courseClass.id).select('id'));
  });

  it("a teacher cannot move a class into another teacher's course", async () => {
    const { teacher, otherCourse, course } = school;
    const own = await createClass(course.id);
    expectDenied(await teacher.client.from('classes').update({ course_id: otherCourse.id }).eq('id', own.id));
  });

  it('an admin schedules in any course', async () => {
    const { admin, otherCourse } = school;
    const { error } = await admin.client
      .from('classes')
      .insert({ course_id: otherCourse.id, title: 'Admin class', scheduled_date: hoursFromNow(5), type: 'recorded' });
    expect(error).toBeNull();
  });

  it('enforces duration >= 15, the class types and a meeting link for live classes', async () => {
    const { admin, course } = school;
    const base = { course_id: course.id, title: 'x', scheduled_date: hoursFromNow(5) };
    for (const values of [
      { ...base, type: 'recorded', duration: 10 },
      { ...base, type: 'webinar' },
      { ...base, type: 'live' },
      { ...base, type: 'live', meeting_link: '   ' },
    ]) {
      const { error } = await admin.client.from('classes').insert(values);
      expect(error?.code, JSON.stringify(values)).toBe('23514');
    }
  });
});

describe('refusals the class form explains', () => {
  it("leaves another teacher's class as it was after a refused edit or delete", async () => {
    const { otherTeacher, courseClass } = school;
    expectDenied(
      await otherTeacher.client
        .from('classes')
        .insert({ course_id: courseClass.course_id, title: 'Intruder', scheduled_date: hoursFromNow(3), type: 'recorded' }),
      /row-level security policy for table "classes"/,
    );
    await otherTeacher.client.from('classes').update({ title: 'Taken over', duration: 15 }).eq('id', courseClass.id);
    await otherTeacher.client.from('classes').delete().eq('id', courseClass.id);
    const { data } = await service.from('classes').select('title, duration').eq('id', courseClass.id).single();
    expect(data).toEqual({ title: courseClass.title, duration: courseClass.duration });
  });

  it('names the check a live class without a meeting link breaks, on insert and update', async () => {
    const { teacher, course } = school;
    const base = { course_id: course.id, title: 'No link', scheduled_date: hoursFromNow(5), type: 'live' };
    for (const meeting_link of [null, '', '   ']) {
      const { error } = await teacher.client.from('classes').insert({ ...base, meeting_link });
      expect(error?.code, JSON.stringify(meeting_link)).toBe('23514');
      expect(error?.message).toContain('"classes_meeting_link_required_for_live"');
    }
    const recorded = await createClass(course.id, { type: 'recorded', meeting_link: null });
    const { error } = await teacher.client.from('classes').update({ type: 'live' }).eq('id', recorded.id);
    expect(error?.message).toContain('"classes_meeting_link_required_for_live"');
  });

  it('names the duration check under 15 minutes, on insert and update', async () => {
    const { teacher, course, courseClass } = school;
    for (const duration of [14, 0, -15]) {
      const { error } = await teacher.client
        .from('classes')
        .insert({ course_id: course.id, title: 'Short', scheduled_date: hoursFromNow(5), type: 'recorded', duration });
      expect(error?.code, String(duration)).toBe('23514');
      expect(error?.message).toContain('"classes_duration_check"');
    }
    const { error } = await teacher.client.from('classes').update({ duration: 10 }).eq('id', courseClass.id);
    expect(error?.message).toContain('"classes_duration_check"');
    const fifteen = await teacher.client
      .from('classes')
      .insert({ course_id: course.id, title: 'Quick', scheduled_date: hoursFromNow(5), type: 'recorded', duration: 15 })
      .select('duration')
      .single();
    expect(fifteen.data).toEqual({ duration: 15 });
  });

  it('has every constraint errorMessageKey explains', async () => {
    const { rows } = await ownerQuery<{ name: string }>(
      // Every table's: the map also explains the constraints of other tables (courses).
      `select conname as name from pg_constraint where connamespace = 'public'::regnamespace`,
    );
    const names = rows.map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(Object.keys(CONSTRAINT_MESSAGES)));
  });
});

describe('attendance', () => {
  it("the course's teacher takes attendance; marked_by and attended_at are stamped", async () => {
    const { teacher, student, courseClass } = school;
    const { data, error } = await teacher.client
      .from('class_attendance')
      .upsert({ class_id: courseClass.id, user_id: student.id, attended: true }, { onConflict: 'class_id,user_id' })
      .select('attended, attended_at, marked_by')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ attended: true, marked_by: teacher.id });
    expect(data?.attended_at).toBeTruthy();

    const absent = await teacher.client
      .from('class_attendance')
      .upsert({ class_id: courseClass.id, user_id: student.id, attended: false }, { onConflict: 'class_id,user_id' })
      .select('attended, attended_at')
      .single();
    expect(absent.data).toEqual({ attended: false, attended_at: null });
  });

  it("only students of the class's course can be on its roster", async () => {
    const { teacher, outsider, courseClass } = school;
    const { error } = await teacher.client
      .from('class_attendance')
      .insert({ class_id: courseClass.id, user_id: outsider.id, attended: true });
    expect(error?.message).toBe('This student is not enrolled in the course of this class');
  });

  it('another teacher cannot read or take attendance of the class', async () => {
    const { teacher, otherTeacher, student, courseClass } = school;
    await teacher.client
      .from('class_attendance')
      .upsert({ class_id: courseClass.id, user_id: student.id, attended: true }, { onConflict: 'class_id,user_id' });
    expectRows(await otherTeacher.client.from('class_attendance').select('id').eq('class_id', courseClass.id), 0);
    expectDenied(
      await otherTeacher.client.from('class_attendance').insert({ class_id: courseClass.id, user_id: student.id, attended: false }),
    );
    expectNoRows(
      await otherTeacher.client.from('class_attendance').update({ attended: false }).eq('class_id', courseClass.id).select('id'),
    );
    expectNoRows(await otherTeacher.client.from('class_attendance').delete().eq('class_id', courseClass.id).select('id'));
  });

  it('a student reads only their own marks', async () => {
    const { teacher, student, otherStudent, course, courseClass } = school;
    await enroll(otherStudent.id, course.id).catch(() => undefined);
    await service
      .from('class_attendance')
      .upsert({ class_id: courseClass.id, user_id: otherStudent.id, attended: true }, { onConflict: 'class_id,user_id' });
    await teacher.client
      .from('class_attendance')
      .upsert({ class_id: courseClass.id, user_id: student.id, attended: true }, { onConflict: 'class_id,user_id' });
    const { data } = await student.client.from('class_attendance').select('user_id').eq('class_id', courseClass.id);
    expect(data).toEqual([{ user_id: student.id }]);
  });

  it('a student marks themselves present when joining a live class that is on now', async () => {
    const { student, course } = school;
    const live = await createClass(course.id, { scheduled_date: hoursFromNow(-0.25), duration: 60 });
    const { data, error } = await student.client
      .from('class_attendance')
      .upsert(
        { class_id: live.id, user_id: student.id, attended: true, attended_at: '2020-01-01T00:00:00Z' },
        { onConflict: 'class_id,user_id' },
      )
      .select('attended, attended_at, marked_by')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ attended: true, marked_by: student.id });
    // A student is present now, whatever the request claims.
    expect(new Date(data?.attended_at as string).getFullYear()).toBeGreaterThan(2020);
  });

  it('a student cannot mark attendance of a class that is not on, a recorded one, or for someone else', async () => {
    const { student, otherStudent, course } = school;
    const later = await createClass(course.id, { scheduled_date: hoursFromNow(24) });
    const recorded = await createClass(course.id, { type: 'recorded', meeting_link: null, scheduled_date: hoursFromNow(0) });
    const now = await createClass(course.id, { scheduled_date: hoursFromNow(-0.1) });
    await enroll(otherStudent.id, course.id).catch(() => undefined);
    for (const values of [
      { class_id: later.id, user_id: student.id, attended: true },
      { class_id: recorded.id, user_id: student.id, attended: true },
      { class_id: now.id, user_id: otherStudent.id, attended: true },
      { class_id: now.id, user_id: student.id, attended: false },
    ]) {
      expectDenied(await student.client.from('class_attendance').insert(values));
    }
  });

  it('a student cannot change or delete a mark the teacher made', async () => {
    const { teacher, student, courseClass } = school;
    await teacher.client
      .from('class_attendance')
      .upsert({ class_id: courseClass.id, user_id: student.id, attended: false }, { onConflict: 'class_id,user_id' });
    expectNoRows(
      await student.client
        .from('class_attendance')
        .update({ attended: true })
        .eq('class_id', courseClass.id)
        .eq('user_id', student.id)
        .select('id'),
    );
    expectNoRows(await student.client.from('class_attendance').delete().eq('class_id', courseClass.id).select('id'));
  });

  it('an admin reads, corrects and deletes any mark', async () => {
    const { admin, student, courseClass } = school;
    const marked = await admin.client
      .from('class_attendance')
      .upsert({ class_id: courseClass.id, user_id: student.id, attended: true }, { onConflict: 'class_id,user_id' })
      .select('id, marked_by')
      .single();
    expect(marked.data?.marked_by).toBe(admin.id);
    expect((await admin.client.from('class_attendance').delete().eq('id', marked.data?.id).select('id')).data).toHaveLength(1);
  });
});
