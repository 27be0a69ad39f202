import { matchQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { teacherManagementReadModel } from '../read-models/teacher-management';
import { teachersService } from '../services/teachers';
import { classKeys, courseKeys, dashboardKeys, teacherKeys, userKeys } from './keys';
import { createQueryClient } from './query-client';
import { ServiceFailure } from './service-failure';
import { teacherMutations, teacherQueries } from './teacher-queries';

afterEach(() => vi.restoreAllMocks());

const emptyPage = { items: [], total: 0, page: 1, limit: 12, totalPages: 0 };

/** Whether invalidating `parent` also refetches a query keyed `key`. */
const matches = (parent: readonly unknown[], key: readonly unknown[]) =>
  matchQuery({ queryKey: parent }, { queryKey: key, queryHash: JSON.stringify(key) } as never);

describe('teacherQueries', () => {
  it('asks for the page of the filters and keeps the previous page while the next loads', async () => {
    const list = vi.spyOn(teacherManagementReadModel, 'page').mockResolvedValue(ok(emptyPage));
    const client = createQueryClient({ retry: false });

    await client.fetchQuery(teacherQueries.list({ search: 'gil', page: 2, limit: 12 }));

    expect(list).toHaveBeenCalledWith({ search: 'gil', page: 2, limit: 12 });
    expect(teacherQueries.list({ page: 1 }).placeholderData).toBeDefined();
  });

  it('throws the service failure, with its code, for the screen to read', async () => {
    vi.spyOn(teacherManagementReadModel, 'stats').mockResolvedValue(
      fail('USER_STATS_ERROR', 'Only administrators can manage teachers', { code: '42501' }),
    );
    const client = createQueryClient({ retry: false });

    const error = await client.fetchQuery(teacherQueries.stats()).catch((thrown) => thrown);
    expect(error).toBeInstanceOf(ServiceFailure);
    expect(error).toMatchObject({ code: 'USER_STATS_ERROR', details: { code: '42501' } });
  });

  it('sits under the users keys, so a change in User Management refreshes it too', () => {
    expect(matches(userKeys.all, teacherKeys.list({ page: 1 }))).toBe(true);
    expect(matches(userKeys.all, teacherKeys.stats())).toBe(true);
    expect(matches(teacherKeys.all, teacherKeys.stats())).toBe(true);
    expect(matches(teacherKeys.all, userKeys.list({}))).toBe(false);
  });
});

describe('what a teacher change reads again', () => {
  it.each(['create', 'update', 'setActive', 'delete'] as const)(
    'a teacher %s refreshes the teachers, users, courses, classes and dashboards',
    (name) => {
      const invalidates = teacherMutations[name]().meta?.invalidates;
      for (const key of [
        teacherKeys.all,
        userKeys.all,
        courseKeys.all,
        classKeys.all,
        dashboardKeys.all,
      ]) {
        expect(invalidates).toContainEqual(key);
      }
    },
  );

  it('a delete sends who takes over the courses', async () => {
    const remove = vi.spyOn(teachersService, 'delete').mockResolvedValue(ok({ reassigned: 2 }));
    const options = teacherMutations.delete();
    const answer = await options.mutationFn?.({ id: 't-1', reassignTo: 't-2' }, {} as never);
    expect(remove).toHaveBeenCalledWith('t-1', 't-2');
    expect(answer).toEqual({ reassigned: 2 });
  });
});
