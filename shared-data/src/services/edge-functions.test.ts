import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { invokeFunction } from './edge-functions';

const fake = installFakeSupabase();

const FUNCTION_PATH = '/functions/v1/admin-users';
const call = () =>
  invokeFunction<{ id: string }>(
    'admin-users',
    { action: 'delete', id: 'user-1' },
    'DELETE_USERS_ERROR',
    'Failed to delete user',
  );

describe('invokeFunction', () => {
  it('posts the JSON body and returns the reply', async () => {
    fake.on('POST', FUNCTION_PATH, { body: { id: 'user-1' } });

    expect(await call()).toEqual({ success: true, data: { id: 'user-1' } });
    expect(fake.requests[0]?.body).toEqual({ action: 'delete', id: 'user-1' });
  });

  it("keeps the function's message, its code and its details beside the HTTP status", async () => {
    fake.on('POST', FUNCTION_PATH, {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Email is not valid',
        details: { field: 'email' },
      },
    });

    expect(await call()).toEqual({
      success: false,
      error: {
        code: 'DELETE_USERS_ERROR',
        message: 'Email is not valid',
        details: { field: 'email', status: 400, code: 'VALIDATION_ERROR' },
      },
    });
  });

  it("never lets the function's details hide the status or its code", async () => {
    fake.on('POST', FUNCTION_PATH, {
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: 'Only active administrators can manage users',
        details: { status: 200, code: 'x' },
      },
    });

    expect(await call()).toMatchObject({
      error: { details: { status: 403, code: 'FORBIDDEN' } },
    });
  });

  it('reads `{ error }` replies too', async () => {
    fake.on('POST', FUNCTION_PATH, { status: 500, body: { error: 'Function crashed' } });

    expect(await call()).toEqual({
      success: false,
      error: { code: 'DELETE_USERS_ERROR', message: 'Function crashed', details: { status: 500 } },
    });
  });

  it('falls back to the given message when the reply has none', async () => {
    fake.on('POST', FUNCTION_PATH, { status: 502, body: 'Bad gateway' });

    expect(await call()).toEqual({
      success: false,
      error: {
        code: 'DELETE_USERS_ERROR',
        message: 'Failed to delete user',
        details: { status: 502 },
      },
    });
  });
});
