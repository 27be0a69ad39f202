import { QueryObserver, matchQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { activitiesService } from '../services/activities';
import { submissionsService } from '../services/submissions';
import {
  activityMutations,
  activityQueries,
  submissionMutations,
  submissionQueries,
} from './activity-queries';
import { activityKeys, courseKeys, dashboardKeys, submissionKeys } from './keys';
import { createQueryClient } from './query-client';
import { ServiceFailure } from './service-failure';

afterEach(() => vi.restoreAllMocks());

const totals = { total: 14, activeCourses: 3, scheduledClasses: 9, dueThisWeek: 2 };
const emptyPage = { items: [], total: 0, page: 1, limit: 12, totalPages: 0 };

const matches = (filter: readonly unknown[], key: readonly unknown[]) =>
  matchQuery({ queryKey: filter }, { queryKey: key, queryHash: JSON.stringify(key) } as never);

describe('activityQueries.stats', () => {
  it('reads the figures through activitiesService.stats once', async () => {
    const read = vi.spyOn(activitiesService, 'stats').mockResolvedValue(ok(totals));
    const client = createQueryClient({ retry: false });

    await expect(client.fetchQuery(activityQueries.stats())).resolves.toEqual(totals);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("throws the service's failure for the screen's error state", async () => {
    vi.spyOn(activitiesService, 'stats').mockResolvedValue(
      fail('ACTIVITY_STATS_ERROR', 'permission denied', { code: '42501' }),
    );
    const client = createQueryClient({ retry: false });

    const error = await client
      .fetchQuery(activityQueries.stats())
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceFailure);
    expect(error).toMatchObject({ code: 'ACTIVITY_STATS_ERROR', details: { code: '42501' } });
  });

  it('sits under activityKeys.all, apart from the lists', () => {
    expect(matches(activityKeys.all, activityKeys.stats())).toBe(true);
    expect(matches(['activities', 'managed'], activityKeys.stats())).toBe(false);
    expect(matches(activityKeys.all, activityKeys.managed({ page: 1 }))).toBe(true);
  });
});

describe('activityQueries.managed and submissionQueries.forGrading', () => {
  it('key each page by its request and keep the previous page while the next loads', async () => {
    const list = vi.spyOn(activitiesService, 'listManaged').mockResolvedValue(ok(emptyPage));
    const grading = vi
      .spyOn(submissionsService, 'listForGrading')
      .mockResolvedValue(ok({ ...emptyPage, limit: 20 }));
    const client = createQueryClient({ retry: false });

    await client.fetchQuery(activityQueries.managed({ page: 2, limit: 12, courseId: 'c' }));
    await client.fetchQuery(submissionQueries.forGrading({ activityId: 'a', page: 3, limit: 20 }));

    expect(list).toHaveBeenCalledWith({ page: 2, limit: 12, courseId: 'c' });
    expect(grading).toHaveBeenCalledWith({ activityId: 'a', page: 3, limit: 20 });
    expect(activityQueries.managed({ page: 1 }).placeholderData).toBeDefined();
    expect(submissionQueries.forGrading({ activityId: 'a' }).placeholderData).toBeDefined();
    expect(matches(submissionKeys.all, submissionKeys.grading({ activityId: 'a' }))).toBe(true);
  });
});

describe('what a change reads again', () => {
  it.each(['create', 'update', 'delete'] as const)(
    'an activity %s refreshes the figures, the list, progress and the dashboards',
    (name) => {
      const invalidates = activityMutations[name]().meta?.invalidates;
      for (const key of [activityKeys.all, courseKeys.all, dashboardKeys.all]) {
        expect(invalidates).toContainEqual(key);
      }
    },
  );

  it('a grade refreshes the grading page and the activity cards', async () => {
    const stats = vi.spyOn(activitiesService, 'stats').mockResolvedValue(ok(totals));
    const page = vi
      .spyOn(submissionsService, 'listForGrading')
      .mockResolvedValue(ok({ ...emptyPage, limit: 20 }));
    vi.spyOn(submissionsService, 'grade').mockResolvedValue(ok({} as never));
    const client = createQueryClient({ retry: false });
    // Observed queries are on screen: invalidation refetches them.
    const stopStats = new QueryObserver(client, activityQueries.stats()).subscribe(() => {});
    const stopPage = new QueryObserver(
      client,
      submissionQueries.forGrading({ activityId: 'a' }),
    ).subscribe(() => {});
    await vi.waitFor(() => expect(page).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(stats).toHaveBeenCalledTimes(1));

    await client
      .getMutationCache()
      .build(client, submissionMutations.grade() as never)
      .execute({ id: 's', grade: 3, feedback: null } as never);

    expect(page).toHaveBeenCalledTimes(2);
    expect(stats).toHaveBeenCalledTimes(2);
    stopStats();
    stopPage();
  });
});
