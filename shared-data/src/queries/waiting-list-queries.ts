import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { waitingListService } from '@portal/shared-data';
import { STUDENT_COURSE_VIEWS, waitingListKeys } from './keys';
import { unwrap } from './service-failure';

export const waitingListQueries = {
  mine: () =>
    queryOptions({
      queryKey: waitingListKeys.mine(),
      queryFn: () => unwrap(waitingListService.mine()),
    }),
  course: (courseId: string) =>
    queryOptions({
      queryKey: waitingListKeys.course(courseId),
      queryFn: () => unwrap(waitingListService.forCourse(courseId)),
    }),
};

export const waitingListMutations = {
  join: () =>
    mutationOptions({
      mutationKey: ['waiting-list', 'join'],
      mutationFn: (courseId: string) => unwrap(waitingListService.join(courseId)),
      meta: { invalidates: [waitingListKeys.all] },
    }),
  /** Leaving (or, for an administrator, removing someone); a seat may have been given meanwhile. */
  leave: () =>
    mutationOptions({
      mutationKey: ['waiting-list', 'leave'],
      mutationFn: (entryId: string) => unwrap(waitingListService.leave(entryId)),
      meta: { invalidates: STUDENT_COURSE_VIEWS },
    }),
};
