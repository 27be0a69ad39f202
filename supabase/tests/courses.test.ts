import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type School,
  createCourse,
  createPerson,
  createSchool,
  expectDenied,
  expectNoRows,
  expectRows,
  ids,
  service,
} from './fixtures';

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

describe('reading courses', () => {
  it('a student sees active courses but not inactive ones', async () => {
    const { student, course, otherCourse, inactiveCourse } = school;
    const { data } = await student.client
      .from('courses')
      .select('id')
      .in('id', [course.id, otherCourse.id, inactiveCourse.id]);
    expect(ids(data).sort()).toEqual([course.id, otherCourse.id].sort());
  });

  it("a teacher also sees their own inactive course, not another teacher's", async () => {
    const { teacher, otherTeacher, inactiveCourse } = school;
    expectRows(await teacher.client.from('courses').select('id').eq('id', inactiveCourse.id), 1);
    expectRows(
      await otherTeacher.client.from('courses').select('id').eq('id', inactiveCourse.id),
      0,
    );
  });

  it('an admin sees every course', async () => {
    const { admin, course, otherCourse, inactiveCourse } = school;
    const rows = expectRows(
      await admin.client
        .from('courses')
        .select('id')
        .in('id', [course.id, otherCourse.id, inactiveCourse.id]),
    );
    expect(rows).toHaveLength(3);
  });

  it('anonymous callers read nothing', async () => {
    expectDenied(await anonClient().from('courses').select('id'));
  });
});

describe('creating courses', () => {
  it('a teacher creates a course they teach', async () => {
    const { teacher } = school;
    const { data, error } = await teacher.client
      .from('courses')
      .insert({ title: 'Teacher-made', language: 'English', teacher_id: teacher.id })
      .select('teacher_id, level, duration, price, max_students, enrolled_count, is_active')
      .single();
    expect(error).toBeNull();
    // The column defaults a course form relies on.
    expect(data).toEqual({
      teacher_id: teacher.id,
      level: 'beginner',
      duration: 8,
      price: 299,
      max_students: 30,
      enrolled_count: 0,
      is_active: true,
    });
  });

  it('a teacher cannot create a course for another teacher, a student none at all', async () => {
    const { teacher, otherTeacher, student } = school;
    expectDenied(
      await teacher.client
        .from('courses')
        .insert({ title: 'x', language: 'English', teacher_id: otherTeacher.id }),
    );
    // Refused before RLS even looks: a student cannot be a course's teacher.
    const selfTaught = await student.client
      .from('courses')
      .insert({ title: 'x', language: 'English', teacher_id: student.id });
    expect(selfTaught.error?.message).toBe('The course teacher must be a teacher');
    expectDenied(await student.client.from('courses').insert({ title: 'x', language: 'English' }));
  });

  it('an admin creates a course for any teacher, but never with a student as teacher', async () => {
    const { admin, otherTeacher, student } = school;
    const created = await admin.client
      .from('courses')
      .insert({ title: 'Admin-made', language: 'Spanish', teacher_id: otherTeacher.id })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const wrong = await admin.client
      .from('courses')
      .insert({ title: 'x', language: 'Spanish', teacher_id: student.id });
    expect(wrong.error?.message).toBe('The course teacher must be a teacher');
  });

  it("enforces the spec's domains and limits", async () => {
    const { admin } = school;
    const invalid: Record<string, unknown>[] = [
      { title: 'x', language: 'French' },
      { title: 'x', language: 'Spanish', level: 'expert' },
      { title: 'x', language: 'Spanish', category: 'kids' },
      { title: 'x', language: 'Spanish', duration: 0 },
      { title: 'x', language: 'Spanish', price: -1 },
      { title: 'x', language: 'Spanish', max_students: 0 },
      { title: '  ', language: 'Spanish' },
    ];
    for (const values of invalid) {
      const { error } = await admin.client.from('courses').insert(values);
      expect(error?.code, JSON.stringify(values)).toBe('23514');
    }
  });

  it("enrolled_count is the database's, not the client's", async () => {
    const { admin } = school;
    expectDenied(
      await admin.client
        .from('courses')
        .insert({ title: 'x', language: 'Spanish', enrolled_count: 5 }),
    );
  });
});

describe('updating courses', () => {
  it('a teacher edits their own course but cannot hand it to someone else', async () => {
    const { teacher, otherTeacher } = school;
    const mine = await createCourse({ teacher_id: teacher.id });
    const renamed = await teacher.client
      .from('courses')
      .update({ title: 'Renamed' })
      .eq('id', mine.id)
      .select('title');
    expect(renamed.data).toEqual([{ title: 'Renamed' }]);
    const handed = await teacher.client
      .from('courses')
      .update({ teacher_id: otherTeacher.id })
      .eq('id', mine.id);
    expectDenied(handed);
  });

  it("a teacher cannot edit another teacher's course, a student no course", async () => {
    const { teacher, student, otherCourse, course } = school;
    expectNoRows(
      await teacher.client
        .from('courses')
        .update({ title: 'Hijacked' })
        .eq('id', otherCourse.id)
        .select('id'),
    );
    expectNoRows(
      await student.client
        .from('courses')
        .update({ title: 'Hijacked' })
        .eq('id', course.id)
        .select('id'),
    );
  });

  it('nobody writes enrolled_count through the API, admins included', async () => {
    const { admin, course } = school;
    expectDenied(
      await admin.client.from('courses').update({ enrolled_count: 99 }).eq('id', course.id),
    );
  });

  it('an admin edits any course, including reassigning the teacher', async () => {
    const { admin, otherTeacher } = school;
    const target = await createCourse();
    const { data, error } = await admin.client
      .from('courses')
      .update({ teacher_id: otherTeacher.id, is_active: false })
      .eq('id', target.id)
      .select('teacher_id, is_active');
    expect(error).toBeNull();
    expect(data).toEqual([{ teacher_id: otherTeacher.id, is_active: false }]);
  });
});

describe('deleting courses', () => {
  it("a teacher deletes their own course, not another teacher's", async () => {
    const { teacher, otherTeacher } = school;
    const mine = await createCourse({ teacher_id: teacher.id });
    const theirs = await createCourse({ teacher_id: otherTeacher.id });
    expect(
      (await teacher.client.from('courses').delete().eq('id', mine.id).select('id')).data,
    ).toEqual([{ id: mine.id }]);
    expectNoRows(await teacher.client.from('courses').delete().eq('id', theirs.id).select('id'));
  });

  it('a student cannot delete a course; an admin can', async () => {
    const { student, admin } = school;
    const target = await createCourse();
    expectNoRows(await student.client.from('courses').delete().eq('id', target.id).select('id'));
    expect(
      (await admin.client.from('courses').delete().eq('id', target.id).select('id')).data,
    ).toEqual([{ id: target.id }]);
  });

  it('a deleted teacher leaves the course without a teacher', async () => {
    const { admin } = school;
    const leaving = await createPerson('teacher', 'Leaving');
    const course = await createCourse({ teacher_id: leaving.id });
    expect((await service.auth.admin.deleteUser(leaving.id)).error).toBeNull();
    const { data } = await admin.client
      .from('courses')
      .select('teacher_id')
      .eq('id', course.id)
      .single();
    expect(data).toEqual({ teacher_id: null });
  });
});
