import { QueryObserver, matchQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { classManagementReadModel, type ClassManagement } from '../read-models/class-management';
import { classesService } from '../services/classes';
import { classMutations, classQueries } from './class-queries';
import { classKeys } from './keys';
import { createQueryClient } from './query-client';
import { ServiceFailure } from './service-failure';

afterEach(() => vi.restoreAllMocks());

const answer = (total: number): ClassManagement => ({
  stats: { total, live: 8, recorded: total - 8, totalHours: 11 },
  page: { items: [], total: 0, page: 1, limit: 12, totalPages: 0 },
});

const filters = {
  teacherId: 'teacher-1',
  dateFrom: '2026-05-04T00:00:00.000Z',
  page: 1,
  limit: 12,
};

describe('classQueries.management', () => {
  it('reads the figures and the page through classManagementReadModel.get once', async () => {
    const read = vi.spyOn(classManagementReadModel, 'get').mockResolvedValue(ok(answer(12)));
    const client = createQueryClient({ retry: false });

    await expect(client.fetchQuery(classQueries.management(filters))).resolves.toEqual(answer(12));
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith(filters);
    expect(classQueries.management(filters).queryKey).toEqual(classKeys.management(filters));
  });

  it('has one cache entry per set of filters', () => {
    expect(classQueries.management({ ...filters, page: 2 }).queryKey).not.toEqual(
      classQueries.management(filters).queryKey,
    );
  });

  it("throws the service's failure for the screen's error state", async () => {
    vi.spyOn(classManagementReadModel, 'get').mockResolvedValue(
      fail('FETCH_CLASSES_ERROR', 'permission denied for function get_class_management', {
        code: '42501',
      }),
    );
    const client = createQueryClient({ retry: false });

    const error = await client
      .fetchQuery(classQueries.management(filters))
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceFailure);
    expect(error).toMatchObject({ code: 'FETCH_CLASSES_ERROR', details: { code: '42501' } });
  });

  it('keeps the previous answer on screen while another page loads', async () => {
    let release: (
      value: Awaited<ReturnType<typeof classManagementReadModel.get>>,
    ) => void = () => {};
    vi.spyOn(classManagementReadModel, 'get')
      .mockResolvedValueOnce(ok(answer(12)))
      .mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const client = createQueryClient({ retry: false });
    const observer = new QueryObserver(client, classQueries.management(filters));
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(answer(12)));

    observer.setOptions(classQueries.management({ ...filters, page: 2 }));

    expect(observer.getCurrentResult()).toMatchObject({
      data: answer(12),
      isPlaceholderData: true,
    });
    release(ok(answer(13)));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(answer(13)));
    stop();
  });

  it('sits under classKeys.all', () => {
    const key = classKeys.management(filters);
    const query = { queryKey: key, queryHash: JSON.stringify(key) };
    expect(matchQuery({ queryKey: classKeys.all }, query as never)).toBe(true);
    expect(matchQuery({ queryKey: ['classes', 'list'] }, query as never)).toBe(false);
  });

  it.each(['create', 'createSeries', 'update', 'delete', 'saveAttendance'] as const)(
    'is read again when a class %s succeeds',
    async (name) => {
      const read = vi.spyOn(classManagementReadModel, 'get').mockResolvedValue(ok(answer(12)));
      vi.spyOn(classesService, 'create').mockResolvedValue(ok({} as never));
      vi.spyOn(classesService, 'createSeries').mockResolvedValue(ok([]));
      vi.spyOn(classesService, 'update').mockResolvedValue(ok({} as never));
      vi.spyOn(classesService, 'delete').mockResolvedValue(ok(null));
      vi.spyOn(classesService, 'saveAttendance').mockResolvedValue(ok([]));
      const client = createQueryClient({ retry: false });
      // An observed query is one on screen: invalidation refetches it.
      const stop = new QueryObserver(client, classQueries.management(filters)).subscribe(() => {});
      await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));

      const input = {
        courseId: 'course-1',
        title: 'x',
        scheduledDate: '2026-05-04T16:30:00Z',
        duration: 60,
        type: 'live',
      };
      const variables = {
        create: input,
        createSeries: [input],
        update: { id: 'class-1', changes: { title: 'y' } },
        delete: 'class-1',
        saveAttendance: { classId: 'class-1', marks: [{ userId: 'user-1', attended: true }] },
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
