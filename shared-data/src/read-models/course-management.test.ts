import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { courseManagementReadModel } from './course-management';

const fake = installFakeSupabase();

describe('courseManagementReadModel.stats', () => {
  it('reads the figures and the languages in one request', async () => {
    fake.on('POST', '/rest/v1/rpc/get_course_management_stats', {
      body: {
        total_courses: 9,
        active_courses: 7,
        total_students: 31,
        total_revenue: '11960.00',
        total_invoiced: 15000,
        total_outstanding: '3040.00',
        currency: 'EUR',
        languages: ['English', 'Spanish'],
      },
    });

    expect(await courseManagementReadModel.stats()).toEqual({
      success: true,
      data: {
        totalCourses: 9,
        activeCourses: 7,
        totalStudents: 31,
        totalRevenue: 11960,
        totalInvoiced: 15000,
        totalOutstanding: 3040,
        currency: 'EUR',
        languages: ['English', 'Spanish'],
      },
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('reads an empty currency when the answer has none (the screen then formats in the default)', async () => {
    fake.on('POST', '/rest/v1/rpc/get_course_management_stats', { body: { total_courses: 0 } });
    const result = await courseManagementReadModel.stats();
    expect(result.success && result.data.currency).toBe('');
  });
});
