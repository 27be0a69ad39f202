import { describe, expect, it } from 'vitest';
import type { NotificationRow } from '../mappers/notification';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { notificationsService } from './notifications';

const fake = installFakeSupabase();

function row(n: number, overrides: Partial<NotificationRow> = {}): NotificationRow {
  return {
    id: `n-${n}`,
    kind: 'class_moved',
    course_id: 'course-1',
    subject_id: 'class-1',
    data: { title: 'Past tense', courseTitle: 'Spanish A1', scheduledDate: '2026-12-01T18:00:00Z' },
    read_at: null,
    created_at: `2026-11-28T10:00:${String(59 - n).padStart(2, '0')}Z`,
    ...overrides,
  };
}

describe('notificationsService.page', () => {
  it('reads one page newest first in one request, asking one more row to know whether more follow', async () => {
    fake.on('GET', '/rest/v1/notifications', { body: [row(1), row(2), row(3)] });

    const result = await notificationsService.page(null, 2);

    expect(fake.requests).toHaveLength(1);
    const query = fake.requests[0]?.query;
    expect(query?.get('order')).toBe('created_at.desc,id.desc');
    expect(query?.get('limit')).toBe('3');
    expect(query?.get('or')).toBeNull();
    expect(result).toEqual({
      success: true,
      data: {
        items: [
          expect.objectContaining({
            id: 'n-1',
            kind: 'class_moved',
            courseId: 'course-1',
            readAt: null,
          }),
          expect.objectContaining({
            id: 'n-2',
            data: expect.objectContaining({ title: 'Past tense' }),
          }),
        ],
        next: { createdAt: row(2).created_at, id: 'n-2' },
      },
    });
  });

  it('starts the next page after the cursor (keyset), and says when it is the last', async () => {
    fake.on('GET', '/rest/v1/notifications', { body: [row(3)] });

    const result = await notificationsService.page(
      { createdAt: '2026-11-28T10:00:57Z', id: 'n-2' },
      2,
    );

    expect(fake.requests[0]?.query.get('or')).toBe(
      '(created_at.lt.2026-11-28T10:00:57Z,and(created_at.eq.2026-11-28T10:00:57Z,id.lt.n-2))',
    );
    expect(result.success && result.data.next).toBeNull();
  });

  it('answers a failure with QUERY_ERROR', async () => {
    fake.on('GET', '/rest/v1/notifications', { status: 500, body: { message: 'boom' } });
    const result = await notificationsService.page();
    expect(result.success).toBe(false);
    expect(!result.success && result.error.code).toBe('QUERY_ERROR');
  });
});

describe('notificationsService.unreadCount', () => {
  it('counts the unread without reading rows', async () => {
    fake.on('HEAD', '/rest/v1/notifications', { headers: { 'content-range': '*/7' } });

    expect(await notificationsService.unreadCount()).toEqual({ success: true, data: 7 });
    const request = fake.requests[0];
    expect(request?.method).toBe('HEAD');
    expect(request?.query.get('read_at')).toBe('is.null');
  });
});

describe('notificationsService.markRead', () => {
  it('names the ids, or none for all', async () => {
    fake.on('POST', '/rest/v1/rpc/mark_notifications_read', { body: 2 });

    expect(await notificationsService.markRead(['n-1', 'n-2'])).toEqual({ success: true, data: 2 });
    expect(await notificationsService.markRead(null)).toEqual({ success: true, data: 2 });
    expect(fake.requests.map((request) => request.body)).toEqual([{ ids: ['n-1', 'n-2'] }, {}]);
  });
});

describe('notificationsService.preferences', () => {
  it("answers each kind with the person's choice or its defaults, in the product's order", async () => {
    fake.on('GET', '/rest/v1/notification_kinds', {
      body: [
        {
          kind: 'material_added',
          in_app_default: true,
          email_default: false,
          notification_preferences: [],
        },
        {
          kind: 'submission_graded',
          in_app_default: true,
          email_default: true,
          notification_preferences: [{ in_app: false, by_email: true }],
        },
      ],
    });

    expect(await notificationsService.preferences()).toEqual({
      success: true,
      data: [
        { kind: 'submission_graded', inApp: false, byEmail: true, isDefault: false },
        { kind: 'material_added', inApp: true, byEmail: false, isDefault: true },
      ],
    });
  });

  it('refuses a choice of neither channel without a request', async () => {
    const result = await notificationsService.savePreference('user-1', {
      kind: 'class_moved',
      inApp: false,
      byEmail: false,
    });
    expect(result.success).toBe(false);
    expect(fake.requests).toEqual([]);
  });
});
