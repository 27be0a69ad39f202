import { describe, expect, it } from 'vitest';
import { installFakeSupabase, userRow } from '../test-support/fake-supabase';
import { teachersService } from './teachers';

const fake = installFakeSupabase();

const FUNCTION = '/functions/v1/admin-users';

describe('teachersService writes through admin-users', () => {
  it('adds a teacher with clean specializations and answers the one-time password', async () => {
    fake.on('POST', FUNCTION, {
      status: 201,
      body: {
        user: { ...userRow({ id: 't-9', role: 'teacher' }), specializations: ['Drama'] },
        temporaryPassword: 'Xk3!pQ9zXk3!pQ9z',
      },
    });

    const result = await teachersService.create({
      email: ' nuria@school.test ',
      firstName: 'Nuria ',
      lastName: 'Vidal',
      phone: '',
      location: 'Bilbao',
      bio: null,
      specializations: [' Drama ', 'drama', ''],
    });

    expect(fake.requests[0]?.body).toEqual({
      action: 'create',
      email: 'nuria@school.test',
      firstName: 'Nuria',
      lastName: 'Vidal',
      role: 'teacher',
      phone: null,
      location: 'Bilbao',
      bio: null,
      specializations: ['Drama'],
    });
    expect(result).toMatchObject({
      success: true,
      data: {
        user: { id: 't-9', role: 'teacher', specializations: ['Drama'] },
        temporaryPassword: 'Xk3!pQ9zXk3!pQ9z',
      },
    });
  });

  it('saves the edited fields and specializations, never an email', async () => {
    fake.on('POST', FUNCTION, {
      body: { user: { ...userRow({ id: 't-1' }), specializations: ['Grammar'] } },
    });

    const result = await teachersService.update('t-1', {
      firstName: ' Daniel ',
      lastName: 'Ortega',
      phone: ' ',
      specializations: ['Grammar', 'grammar '],
    });

    expect(fake.requests[0]?.body).toEqual({
      action: 'update',
      id: 't-1',
      firstName: 'Daniel',
      lastName: 'Ortega',
      phone: null,
      specializations: ['Grammar'],
    });
    expect(result.success && result.data.specializations).toEqual(['Grammar']);
  });

  it('deactivates with or without moving the courses', async () => {
    fake.on('POST', FUNCTION, { body: { user: { ...userRow({ is_active: false }) } } });

    await teachersService.setActive('t-1', false, 't-2');
    await teachersService.setActive('t-1', true);

    expect(fake.requests.map((request) => request.body)).toEqual([
      { action: 'update', id: 't-1', isActive: false, reassignTo: 't-2' },
      { action: 'update', id: 't-1', isActive: true },
    ]);
  });

  it('deletes, moving the courses when asked, and answers how many moved', async () => {
    fake.on('POST', FUNCTION, { body: { id: 't-1', reassigned: 3 } });

    expect(await teachersService.delete('t-1', 't-2')).toEqual({
      success: true,
      data: { reassigned: 3 },
    });
    expect(fake.requests[0]?.body).toEqual({ action: 'delete', id: 't-1', reassignTo: 't-2' });
  });

  it("keeps the function's refusal and its code", async () => {
    fake.on('POST', FUNCTION, {
      status: 400,
      body: {
        code: 'REASSIGN_TARGET_INVALID',
        message: 'Courses can only be reassigned to another active teacher',
        details: { field: 'reassignTo' },
      },
    });

    expect(await teachersService.delete('t-1', 't-3')).toEqual({
      success: false,
      error: {
        code: 'DELETE_USERS_ERROR',
        message: 'Courses can only be reassigned to another active teacher',
        details: { field: 'reassignTo', status: 400, code: 'REASSIGN_TARGET_INVALID' },
      },
    });
  });
});
