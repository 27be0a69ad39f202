import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { courseKeys, gradebookKeys } from './keys';
import { unwrap } from './service-failure';
import { gradebookReadModel, gradebookService, type GradeWeights } from '@portal/shared-data';

// The gradebook (docs/assessment.md "Gradebook"): one read per screen whatever the course's size.

export const gradebookQueries = {
  /** A course's gradebook: every student for its teacher and admins, their own row for a student. */
  course: (courseId: string) =>
    queryOptions({
      queryKey: gradebookKeys.course(courseId),
      queryFn: () => unwrap(gradebookReadModel.get(courseId)),
    }),
};

export const gradebookMutations = {
  /** Saves a course's weights per activity type; every gradebook (and course read) refetches. */
  saveWeights: () =>
    mutationOptions({
      mutationKey: ['gradebook', 'save-weights'],
      mutationFn: ({ courseId, weights }: { courseId: string; weights: GradeWeights }) =>
        unwrap(gradebookService.saveWeights(courseId, weights)),
      meta: { invalidates: [gradebookKeys.all, courseKeys.all] },
    }),
};
