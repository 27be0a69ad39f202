import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import { type School, createCourse, createPerson, createSchool, enroll, expectDenied, expectNoRows, expectRows, service } from './fixtures';

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

  it('a student who completed the course reviews it', async () => {
    const course = await createCourse({ teacher_id: school.teacher.id });
    const graduate = await createPerson('student', 'Gala');
    await enroll(graduate.id, course.id);
    await service.from('enrollments').update({ status: 'completed' }).eq('user_id', graduate.id).eq('course_id', course.id);
    const { error } = await graduate.client.from('course_reviews').insert({ course_id: course.id, student_id: graduate.id, rating: 5 });
    expect(error).toBeNull();
  });

  it('a student who dropped the course is refused, with the reason, and cannot edit an older review', async () => {
    const { otherStudent, otherCourse } = school;
    const course = await createCourse({ teacher_id: school.teacher.id });
    const refusal = 'Only students who are taking or have completed this course can review it';
    // Reviewed while enrolled, then dropped.
    const leaver = await createPerson('student', 'Lola');
    await enroll(leaver.id, course.id);
    const { data: older } = await leaver.client
      .from('course_reviews')
      .insert({ course_id: course.id, student_id: leaver.id, rating: 4 })
      .select('id')
      .single();
    expect(older?.id).toBeTruthy();
    for (const who of [
      { person: otherStudent, courseId: otherCourse.id },
      { person: leaver, courseId: course.id },
    ]) {
      const dropped = await who.person.client.rpc('unenroll_user_from_course', { user_uuid: who.person.id, course_uuid: who.courseId });
      expect(dropped.data).toEqual(expect.objectContaining({ success: true }));
    }

    expectDenied(
      await otherStudent.client.from('course_reviews').insert({ course_id: otherCourse.id, student_id: otherStudent.id, rating: 3 }),
      refusal,
    );
    expectDenied(
      await leaver.client
        .from('course_reviews')
        .upsert({ course_id: course.id, student_id: leaver.id, rating: 1 }, { onConflict: 'course_id,student_id' }),
      refusal,
    );
    expectDenied(await leaver.client.from('course_reviews').update({ comment: 'Changed my mind' }).eq('id', older?.id).select('id'), refusal);
    const { data: kept } = await service.from('course_reviews').select('rating, comment').eq('id', older?.id).single();
    expect(kept).toEqual({ rating: 4, comment: null });
    // Their own review stays theirs to remove.
    expect((await leaver.client.from('course_reviews').delete().eq('id', older?.id).select('id')).data).toHaveLength(1);
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
