import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import { type School, createSchool, expectDenied, expectNoRows, expectRows, service } from './fixtures';

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

describe('course reviews', () => {
  it('an enrolled student reviews the course once; editing replaces the review', async () => {
    const { student, course } = school;
    const first = await student.client
      .from('course_reviews')
      .insert({ course_id: course.id, student_id: student.id, rating: 4, comment: 'Muy bien' })
      .select('id')
      .single();
    expect(first.error).toBeNull();

    const duplicate = await student.client.from('course_reviews').insert({ course_id: course.id, student_id: student.id, rating: 2 });
    expect(duplicate.error?.code).toBe('23505');

    const upserted = await student.client
      .from('course_reviews')
      .upsert({ course_id: course.id, student_id: student.id, rating: 5 }, { onConflict: 'course_id,student_id' })
      .select('id, rating')
      .single();
    expect(upserted.data).toEqual({ id: first.data?.id, rating: 5 });
  });

  it('a student who dropped the course may still review it', async () => {
    const { otherStudent, otherCourse } = school;
    await otherStudent.client.rpc('unenroll_user_from_course', { user_uuid: otherStudent.id, course_uuid: otherCourse.id });
    const { error } = await otherStudent.client
      .from('course_reviews')
      .insert({ course_id: otherCourse.id, student_id: otherStudent.id, rating: 3 });
    expect(error).toBeNull();
  });

  it("a student cannot review a course they never took, or in someone else's name", async () => {
    const { outsider, student, course, otherCourse } = school;
    expectDenied(await outsider.client.from('course_reviews').insert({ course_id: course.id, student_id: outsider.id, rating: 1 }));
    expectDenied(await outsider.client.from('course_reviews').insert({ course_id: course.id, student_id: student.id, rating: 1 }));
    expectDenied(await student.client.from('course_reviews').insert({ course_id: otherCourse.id, student_id: student.id, rating: 1 }));
  });

  it('teachers and admins do not write reviews', async () => {
    const { teacher, admin, course } = school;
    expectDenied(await teacher.client.from('course_reviews').insert({ course_id: course.id, student_id: teacher.id, rating: 5 }));
    expectDenied(await admin.client.from('course_reviews').insert({ course_id: course.id, student_id: admin.id, rating: 5 }));
  });

  it('ratings are 1 to 5', async () => {
    const { student, course } = school;
    for (const rating of [0, 6]) {
      const { error } = await student.client
        .from('course_reviews')
        .upsert({ course_id: course.id, student_id: student.id, rating }, { onConflict: 'course_id,student_id' });
      expect(error?.code).toBe('23514');
    }
  });

  it('everyone signed in reads reviews; anonymous callers do not', async () => {
    const { outsider, teacher, course } = school;
    expectRows(await outsider.client.from('course_reviews').select('rating').eq('course_id', course.id), 1);
    expectRows(await teacher.client.from('course_reviews').select('rating').eq('course_id', course.id), 1);
    expectDenied(await anonClient().from('course_reviews').select('id'));
  });

  it("only the author edits or deletes a review; admins may delete any", async () => {
    const { student, outsider, teacher, admin, course } = school;
    const { data: review } = await service
      .from('course_reviews')
      .select('id')
      .eq('course_id', course.id)
      .eq('student_id', student.id)
      .single();
    expectNoRows(await outsider.client.from('course_reviews').update({ rating: 1 }).eq('id', review?.id).select('id'));
    expectNoRows(await teacher.client.from('course_reviews').update({ rating: 1 }).eq('id', review?.id).select('id'));
    expectNoRows(await outsider.client.from('course_reviews').delete().eq('id', review?.id).select('id'));
    expectNoRows(await teacher.client.from('course_reviews').delete().eq('id', review?.id).select('id'));
    expect((await student.client.from('course_reviews').update({ comment: 'Edited' }).eq('id', review?.id).select('id')).data).toHaveLength(1);
    expect((await admin.client.from('course_reviews').delete().eq('id', review?.id).select('id')).data).toHaveLength(1);
  });
});
