import { describe, expect, it } from 'vitest';
import type { MessageRow } from '../mappers/message';
import { errorMessageKey } from '../rules/error-messages';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { messagesService } from './messages';

const fake = installFakeSupabase();

function row(overrides: Partial<MessageRow> = {}): MessageRow {
  return {
    id: 'm-1',
    conversation_id: 'conv-1',
    sender_id: 'user-1',
    body: 'Hola',
    attachment_path: null,
    attachment_name: null,
    attachment_size: null,
    attachment_type: null,
    created_at: '2026-11-28T10:00:00Z',
    ...overrides,
  };
}

describe('messagesService.thread', () => {
  it('reads a page newest first, one more row to know whether older ones follow, before the cursor', async () => {
    fake.on('GET', '/rest/v1/messages', { body: [row({ id: 'm-3' }), row({ id: 'm-2' })] });
    const result = await messagesService.thread(
      'conv-1',
      { createdAt: '2026-11-28T10:05:00Z', id: 'm-4' },
      1,
    );
    const query = fake.requests[0]?.query;
    expect(fake.requests).toHaveLength(1);
    expect(query?.get('conversation_id')).toBe('eq.conv-1');
    expect(query?.get('order')).toBe('created_at.desc,id.desc');
    expect(query?.get('limit')).toBe('2');
    expect(query?.get('or')).toBe(
      '(created_at.lt.2026-11-28T10:05:00Z,and(created_at.eq.2026-11-28T10:05:00Z,id.lt.m-4))',
    );
    expect(result).toEqual({
      success: true,
      data: {
        items: [expect.objectContaining({ id: 'm-3', body: 'Hola', attachment: null })],
        older: { createdAt: '2026-11-28T10:00:00Z', id: 'm-3' },
      },
    });
  });
});

describe('messagesService.send', () => {
  it("uploads the file into the conversation's folder of the sender, then sends the row naming it", async () => {
    fake.on('POST', '/storage/v1/object/message-attachments/*', { body: { Key: 'x' } });
    fake.on('POST', '/rest/v1/messages', { status: 201, body: row() });
    const file = new File(['%PDF'], 'Notes.PDF', { type: 'application/pdf' });

    const result = await messagesService.send({
      conversationId: 'conv-1',
      senderId: 'user-1',
      body: '  Mis apuntes  ',
      file,
    });

    expect(result.success).toBe(true);
    const [upload, insert] = fake.requests;
    expect(upload?.path).toMatch(
      /^\/storage\/v1\/object\/message-attachments\/conv-1\/user-1\/\d{13}-[a-z0-9]{8}\.pdf$/,
    );
    const sent = insert?.body as Record<string, unknown>;
    expect(sent).toEqual({
      conversation_id: 'conv-1',
      body: 'Mis apuntes',
      attachment_path: upload?.path.replace('/storage/v1/object/message-attachments/', ''),
      attachment_name: 'Notes.PDF',
      attachment_size: 4,
      attachment_type: 'application/pdf',
    });
  });

  it('refuses a file over the submissions limit or of a type they refuse, before uploading', async () => {
    const big = new File(['x'], 'video.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 20971521 });
    const tooLarge = await messagesService.send({
      conversationId: 'c',
      senderId: 'u',
      body: '',
      file: big,
    });
    expect(tooLarge).toMatchObject({
      success: false,
      error: { details: { code: 'too_large', limitBytes: 20971520 } },
    });
    const exe = await messagesService.send({
      conversationId: 'c',
      senderId: 'u',
      body: '',
      file: new File(['MZ'], 'a.exe', { type: 'application/x-msdownload' }),
    });
    expect(exe.success).toBe(false);
    expect(errorMessageKey(exe.success ? null : exe.error)).toBe('fileTypeNotAccepted');
    expect(fake.requests).toHaveLength(0);
  });

  it('says "cannot message" when the database refuses the person', async () => {
    fake.on('POST', '/rest/v1/rpc/start_conversation', {
      status: 403,
      body: { code: '42501', message: 'You cannot message this person', details: null, hint: null },
    });
    const result = await messagesService.start('someone');
    expect(result.success).toBe(false);
    expect(errorMessageKey(result.success ? null : result.error)).toBe('cannotMessage');
  });
});
