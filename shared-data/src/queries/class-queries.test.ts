import { QueryObserver, matchQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { classesService } from '../services/classes';
import { classMutations, classQueries } from './class-queries';
import { classKeys } from './keys';
import { createQueryClient } from './query-client';
import { ServiceFailure } from './service-failure';

afterEach(() => vi.restoreAllMocks());

const stats = { total: 12, live: 8, recorded: 4, totalHours: 11 };

describe('classQueries.stats', () => {
  it('reads the figures through classesService.stats once', async () => {
    const read = vi.spyOn(classesService, 'stats').mockResolvedValue(ok(stats));
    const client = createQueryClient({ retry: false });

    await expect(client.fetchQuery(classQueries.stats())).resolves.toEqual(stats);
    expect(read).toHaveBeenCalledTimes(1);
    expect(classQueries.stats().queryKey).toEqual(classKeys.stats());
  });

  it("throws the service's failure for the screen's error state", async () => {
    vi.spyOn(classesService, 'stats').mockResolvedValue(
      fail('CLASS_STATS_ERROR', 'permission denied for function class_stats', { code: '42501' }),
    );
    const client = createQueryClient({ retry: false });

    const error = await client.fetchQuery(classQueries.stats()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceFailure);
    expect(error).toMatchObject({ code: 'CLASS_STATS_ERROR', details: { code: '42501' } });
  });

  it('sits under classKeys.all, apart from the lists', () => {
    const query = { queryKey: classKeys.stats(), queryHash: JSON.stringify(classKeys.stats()) };
    expect(matchQuery({ queryKey: classKeys.all }, query as never)).toBe(true);
    expect(matchQuery({ queryKey: ['classes', 'list'] }, query as never)).toBe(false);
  });

  it.each(['create', 'update', 'delete'] as const)(
    'is read again when a class %s succeeds',
    async (name) => {
      const read = vi.spyOn(classesService, 'stats').mockResolvedValue(ok(stats));
      vi.spyOn(classesService, 'create').mockResolvedValue(ok({} as never));
      vi.spyOn(classesService, 'update').mockResolvedValue(ok({} as never));
      vi.spyOn(classesService, 'delete').mockResolvedValue(ok(null));
      const client = createQueryClient({ retry: false });
      // An observed query is one on screen: invalidation refetches it.
      const stop = new QueryObserver(client, classQueries.stats()).subscribe(() => {});
      await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));

      const variables = {
        create: {
          courseId: 'course-1',
          title: 'x',
          scheduledDate: '2026-05-04T16:30:00Z',
          duration: 60,
          type: 'live',
        },
        update: { id: 'class-1', changes: { title: 'y' } },
        delete: 'class-1',
      }[name];
      const options = classMutations[name]();
      await client
        .getMutationCache()
        .build(client, options as never)
        .execute(variables as never);

      expect(read).toHaveBeenCalledTimes(2);
      stop();
    },
  );
});
