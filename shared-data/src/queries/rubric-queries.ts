import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { activityKeys, rubricKeys, studentKeys } from './keys';
import { unwrap } from './service-failure';
import { rubricsService, skillProgressReadModel, type RubricContent } from '@portal/shared-data';

export const rubricQueries = {
  /** The whole rubric library, by title. */
  list: () =>
    queryOptions({
      queryKey: rubricKeys.list(),
      queryFn: () => unwrap(rubricsService.list()),
    }),
};

export const rubricMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['rubrics', 'create'],
      mutationFn: ({ ownerId, content }: { ownerId: string; content: RubricContent }) =>
        unwrap(rubricsService.create(ownerId, content)),
      meta: { invalidates: [rubricKeys.all] },
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['rubrics', 'update'],
      mutationFn: ({ id, content }: { id: string; content: RubricContent }) =>
        unwrap(rubricsService.update(id, content)),
      meta: { invalidates: [rubricKeys.all] },
    }),
  delete: () =>
    mutationOptions({
      mutationKey: ['rubrics', 'delete'],
      mutationFn: (id: string) => unwrap(rubricsService.delete(id)),
      // Activities made from it lose their rubric_id (their copy stays).
      meta: { invalidates: [rubricKeys.all, activityKeys.all] },
    }),
};

export const skillProgressQueries = {
  /** A student's progress per skill in one read; null when the caller may not see it. */
  forStudent: (studentId: string) =>
    queryOptions({
      queryKey: studentKeys.skillProgress(studentId),
      queryFn: () => unwrap(skillProgressReadModel.get(studentId)),
    }),
};
