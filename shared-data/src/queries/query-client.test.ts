import { QueryObserver, mutationOptions, queryOptions } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { createQueryClient } from './query-client';
import { ServiceFailure, toServiceError, unwrap } from './service-failure';

describe('unwrap', () => {
  it('gives the data of a success and throws a failure as a ServiceFailure with its code', async () => {
    await expect(unwrap(Promise.resolve(ok(3)))).resolves.toBe(3);
    const thrown = await unwrap(
      Promise.resolve(fail('FETCH_COURSES_ERROR', 'Failed to fetch courses', { code: '42501' })),
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ServiceFailure);
    expect(toServiceError(thrown)).toEqual({
      code: 'FETCH_COURSES_ERROR',
      message: 'Failed to fetch courses',
      details: { code: '42501' },
    });
  });

  it("reads a failure thrown by another app's copy of this module (each app bundles its own)", async () => {
    // A fresh copy of the module, as a remote's bundle has: its class is not this one.
    vi.resetModules();
    const other = await import('./service-failure');
    expect(other.ServiceFailure).not.toBe(ServiceFailure);
    const thrown = await other
      .unwrap(Promise.resolve(fail('FETCH_COURSES_ERROR', 'Course not found')))
      .catch((error: unknown) => error);
    expect(thrown).not.toBeInstanceOf(ServiceFailure);
    expect(toServiceError(thrown)).toEqual({
      code: 'FETCH_COURSES_ERROR',
      message: 'Course not found',
    });
  });

  it('names anything else an UNKNOWN_ERROR', () => {
    expect(toServiceError(new TypeError('Failed to fetch'))).toEqual({
      code: 'UNKNOWN_ERROR',
      message: 'Failed to fetch',
    });
  });
});

describe('createQueryClient', () => {
  it('refetches the lists a successful mutation names in meta.invalidates, and no others', async () => {
    const client = createQueryClient({ retry: false });
    const reads = { courses: 0, users: 0 };
    const courses = queryOptions({
      queryKey: ['courses', 'catalog', {}],
      queryFn: async () => ++reads.courses,
    });
    const users = queryOptions({
      queryKey: ['users', 'list', {}],
      queryFn: async () => ++reads.users,
    });
    // Observed queries are the ones on screen: invalidation refetches them.
    const unsubscribe = [courses, users].map((options) =>
      new QueryObserver(client, options).subscribe(() => {}),
    );
    await client.fetchQuery(courses);
    await client.fetchQuery(users);
    const before = { ...reads };

    const enroll = mutationOptions({
      mutationFn: async () => 'done',
      meta: { invalidates: [['courses']] },
    });
    await client.getMutationCache().build(client, enroll).execute(undefined);

    expect(reads.courses).toBe(before.courses + 1);
    expect(reads.users).toBe(before.users);
    unsubscribe.forEach((stop) => stop());
  });

  it('refetches the same lists when the mutation is refused, so the screen shows why (the course filled meanwhile)', async () => {
    const client = createQueryClient({ retry: false });
    let reads = 0;
    const courses = queryOptions({ queryKey: ['courses'], queryFn: async () => ++reads });
    const stop = new QueryObserver(client, courses).subscribe(() => {});
    await client.fetchQuery(courses);
    const before = reads;
    const refused = mutationOptions({
      mutationFn: async () => unwrap(Promise.resolve(fail('ENROLLMENT_ERROR', 'Course is full'))),
      meta: { invalidates: [['courses']] },
    });
    await expect(
      client.getMutationCache().build(client, refused).execute(undefined),
    ).rejects.toThrow('Course is full');
    expect(reads).toBe(before + 1);
    stop();
  });
});
