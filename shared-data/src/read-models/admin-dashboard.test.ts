import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { adminDashboardReadModel, toAdminDashboard } from './admin-dashboard';

const fake = installFakeSupabase();

const ANSWER = {
  period: 'week',
  period_start: '2026-11-16T12:00:00Z',
  previous_start: '2026-11-09T12:00:00Z',
  now: '2026-11-23T12:00:00Z',
  bucket: 'day',
  users: { total: 30, students: 24, teachers: 5, admins: 1 },
  courses: { total: 8, active: 6, active_enrollments: 40, revenue: '11960.00' },
  classes: { total: 120, live: 80, upcoming: 12 },
  materials: 55,
  current: { new_users: 3, new_enrollments: 4, revenue: '897.00', classes: 9 },
  previous: { new_users: 1, new_enrollments: 2, revenue: 598, classes: 7 },
  series: [
    { start: '2026-11-16', enrollments: 1, revenue: 299 },
    { start: '2026-11-17', enrollments: 3, revenue: '598.00' },
  ],
  currency: 'EUR',
};

describe('adminDashboardReadModel.get', () => {
  it('asks for the period in the viewer time zone in one request, and reads numbers from text', async () => {
    fake.on('POST', '/rest/v1/rpc/get_admin_dashboard', { body: ANSWER });

    const result = await adminDashboardReadModel.get('week', 'America/Argentina/Buenos_Aires');

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toEqual({
      period: 'week',
      time_zone: 'America/Argentina/Buenos_Aires',
    });
    expect(result.success && result.data).toMatchObject({
      period: 'week',
      courses: { revenue: 11960, activeEnrollments: 40 },
      current: { newUsers: 3, newEnrollments: 4, revenue: 897, classes: 9 },
      previous: { revenue: 598 },
      series: [
        { start: '2026-11-16', enrollments: 1, revenue: 299 },
        { start: '2026-11-17', enrollments: 3, revenue: 598 },
      ],
      currency: 'EUR',
    });
  });

  it("reports the database's refusal with its code", async () => {
    fake.on('POST', '/rest/v1/rpc/get_admin_dashboard', {
      status: 403,
      body: { code: '42501', message: 'Only administrators can read the school dashboard' },
    });

    const result = await adminDashboardReadModel.get('month', 'UTC');

    expect(result).toMatchObject({ success: false, error: { details: { code: '42501' } } });
  });
});

describe('toAdminDashboard', () => {
  it('gives zeros and an empty chart for a missing answer', () => {
    expect(toAdminDashboard(null, 'year')).toMatchObject({
      period: 'year',
      bucket: 'day',
      users: { total: 0 },
      current: { newUsers: 0, revenue: 0 },
      series: [],
      currency: '',
    });
  });

  it("carries the school's currency as the database answers it", () => {
    expect(toAdminDashboard({ ...ANSWER, currency: 'GBP' }, 'week').currency).toBe('GBP');
    expect(toAdminDashboard({ ...ANSWER, currency: 42 }, 'week').currency).toBe('');
  });
});
