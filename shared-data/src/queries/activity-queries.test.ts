import { QueryObserver, keepPreviousData, matchQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { activityManagementReadModel } from '../read-models/activity-management';
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

describe('activityQueries.management', () => {
  it('reads the figures and the page through activityManagementReadModel.get, once per request', async () => {
    const read = vi
      .spyOn(activityManagementReadModel, 'get')
      .mockResolvedValue(ok({ stats: totals, page: emptyPage }));
    const client = createQueryClient({ retry: false });

    await expect(
      client.fetchQuery(activityQueries.management({ page: 2, limit: 12, courseId: 'c' })),
    ).resolves.toEqual({ stats: totals, page: emptyPage });
    await client.fetchQuery(activityQueries.management({ page: 2, limit: 12, courseId: 'c' }));
    await client.fetchQuery(activityQueries.management({ page: 3, limit: 12, courseId: 'c' }));

    expect(read).toHaveBeenCalledTimes(2);
    expect(read).toHaveBeenNthCalledWith(1, { page: 2, limit: 12, courseId: 'c' });
    expect(read).toHaveBeenNthCalledWith(2, { page: 3, limit: 12, courseId: 'c' });
  });

  it("throws the service's failure for the screen's error state", async () => {
    vi.spyOn(activityManagementReadModel, 'get').mockResolvedValue(
      fail('FETCH_ACTIVITIES_ERROR', 'permission denied', { code: '42501' }),
    );
    const client = createQueryClient({ retry: false });

    const error = await client
      .fetchQuery(activityQueries.management({ page: 1 }))
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ServiceFailure);
    expect(error).toMatchObject({ code: 'FETCH_ACTIVITIES_ERROR', details: { code: '42501' } });
  });

  it('keeps the previous answer while the next loads, under activityKeys.all', () => {
    expect(activityQueries.management({ page: 1 }).placeholderData).toBe(keepPreviousData);
    expect(matches(activityKeys.all, activityKeys.management({ page: 1 }))).toBe(true);
    expect(matches(activityKeys.all, activityKeys.managedOne('a'))).toBe(true);
    expect(matches(['activities', 'management'], activityKeys.managedOne('a'))).toBe(false);
  });
});

describe('submissionQueries.forGrading', () => {
  it('keys each page by its request and keeps the previous page while the next loads', async () => {
    const grading = vi
      .spyOn(submissionsService, 'listForGrading')
      .mockResolvedValue(ok({ ...emptyPage, limit: 20 }));
    const client = createQueryClient({ retry: false });

    await client.fetchQuery(submissionQueries.forGrading({ activityId: 'a', page: 3, limit: 20 }));

    expect(grading).toHaveBeenCalledWith({ activityId: 'a', page: 3, limit: 20 });
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

  it('a grade refreshes the grading page and the activity cards with their figures', async () => {
    const management = vi
      .spyOn(activityManagementReadModel, 'get')
      .mockResolvedValue(ok({ stats: totals, page: emptyPage }));
    const page = vi
      .spyOn(submissionsService, 'listForGrading')
      .mockResolvedValue(ok({ ...emptyPage, limit: 20 }));
    vi.spyOn(submissionsService, 'grade').mockResolvedValue(ok({} as never));
    const client = createQueryClient({ retry: false });
    // Observed queries are on screen: invalidation refetches them.
    const stopManagement = new QueryObserver(
      client,
      activityQueries.management({ page: 1, limit: 12 }),
    ).subscribe(() => {});
    const stopPage = new QueryObserver(
      client,
      submissionQueries.forGrading({ activityId: 'a' }),
    ).subscribe(() => {});
    await vi.waitFor(() => expect(page).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(management).toHaveBeenCalledTimes(1));

    await client
      .getMutationCache()
      .build(client, submissionMutations.grade() as never)
      .execute({ id: 's', grade: 3, feedback: null } as never);

    expect(page).toHaveBeenCalledTimes(2);
    expect(management).toHaveBeenCalledTimes(2);
    stopManagement();
    stopPage();
  });
});
