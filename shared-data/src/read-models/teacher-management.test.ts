import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { teacherManagementReadModel } from './teacher-management';

const fake = installFakeSupabase();

const PAGE = '/rest/v1/rpc/get_teacher_management_page';
const STATS = '/rest/v1/rpc/get_teacher_management_stats';

const DANIEL = {
  id: 't-1',
  email: 'teacher@school.test',
  first_name: 'Daniel',
  last_name: 'Ortega',
  avatar_url: null,
  phone: '+34 600 000 002',
  location: 'Valencia',
  bio: null,
  is_active: true,
  specializations: ['Business Spanish', 'Grammar'],
  created_at: '2025-11-09T10:00:00Z',
  last_sign_in_at: null,
  course_count: 3,
  active_course_count: 2,
  courses: [
    { id: 'c-2', title: 'Business Spanish', is_active: true },
    { id: 'c-1', title: 'Old Spanish', is_active: false },
  ],
  student_count: 19,
  average_rating: '4.40',
  review_count: 5,
};

describe('teacherManagementReadModel.page', () => {
  it('asks for one page with the filters that are set, and maps every figure', async () => {
    fake.on('POST', PAGE, { body: { total: 13, items: [DANIEL] } });

    const result = await teacherManagementReadModel.page({
      search: '  ortega ',
      specialization: 'Grammar',
      isActive: true,
      page: 2,
    });

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toEqual({
      search: 'ortega',
      specialization: 'Grammar',
      is_active: true,
      page_number: 2,
      page_size: 12,
    });
    expect(result).toEqual({
      success: true,
      data: {
        total: 13,
        page: 2,
        limit: 12,
        totalPages: 2,
        items: [
          {
            id: 't-1',
            email: 'teacher@school.test',
            firstName: 'Daniel',
            lastName: 'Ortega',
            role: 'teacher',
            avatar: null,
            createdAt: '2025-11-09T10:00:00Z',
            lastLogin: null,
            previousLogin: null,
            phone: '+34 600 000 002',
            location: 'Valencia',
            bio: null,
            isActive: true,
            specializations: ['Business Spanish', 'Grammar'],
            courseCount: 3,
            activeCourseCount: 2,
            courses: [
              { id: 'c-2', title: 'Business Spanish', isActive: true },
              { id: 'c-1', title: 'Old Spanish', isActive: false },
            ],
            studentCount: 19,
            averageRating: 4.4,
            reviewCount: 5,
          },
        ],
      },
    });
  });

  it('leaves out the filters that are not set, and keeps a missing rating null', async () => {
    fake.on('POST', PAGE, {
      body: { total: 1, items: [{ ...DANIEL, average_rating: null, review_count: 0 }] },
    });

    const result = await teacherManagementReadModel.page({ search: '   ' });

    expect(fake.requests[0]?.body).toEqual({ page_number: 1, page_size: 12 });
    expect(result.success && result.data.items[0]?.averageRating).toBeNull();
  });

  it("reports the database's refusal with its code", async () => {
    fake.on('POST', PAGE, {
      status: 403,
      body: { code: '42501', message: 'Only administrators can manage teachers' },
    });

    expect(await teacherManagementReadModel.page()).toMatchObject({
      success: false,
      error: {
        code: 'FETCH_USERS_ERROR',
        message: 'Only administrators can manage teachers',
        details: { code: '42501' },
      },
    });
  });
});

describe('teacherManagementReadModel.stats', () => {
  it('maps the figures and the specializations in use', async () => {
    fake.on('POST', STATS, {
      body: {
        total_teachers: 5,
        active_teachers: 4,
        inactive_teachers: 1,
        courses_taught: 9,
        unassigned_courses: 1,
        active_students: 26,
        average_rating: '4.43',
        review_count: 14,
        specializations: ['Conversation', 'Grammar'],
      },
    });

    expect(await teacherManagementReadModel.stats()).toEqual({
      success: true,
      data: {
        totalTeachers: 5,
        activeTeachers: 4,
        inactiveTeachers: 1,
        coursesTaught: 9,
        unassignedCourses: 1,
        activeStudents: 26,
        averageRating: 4.43,
        reviewCount: 14,
        specializations: ['Conversation', 'Grammar'],
      },
    });
  });

  it('says there is no rating when nobody has reviewed', async () => {
    fake.on('POST', STATS, { body: { total_teachers: 0, average_rating: null } });
    const result = await teacherManagementReadModel.stats();
    expect(result.success && result.data).toMatchObject({ averageRating: null, reviewCount: 0 });
  });
});
