import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { classKeys, courseKeys, dashboardKeys, teacherKeys, userKeys } from './keys';
import { unwrap } from './service-failure';
import {
  type NewTeacherInput,
  type TeacherChanges,
  type TeacherFilters,
  teacherManagementReadModel,
  teachersService,
} from '@portal/shared-data';

export const teacherQueries = {
  /** One page of Teacher Management; the previous page stays on screen while the next loads. */
  list: (filters: TeacherFilters) =>
    queryOptions({
      queryKey: teacherKeys.list(filters),
      queryFn: () => unwrap(teacherManagementReadModel.page(filters)),
      placeholderData: keepPreviousData,
    }),
  /** The figures over every teacher and the specializations in use (the filter's choices). */
  stats: () =>
    queryOptions({
      queryKey: teacherKeys.stats(),
      queryFn: () => unwrap(teacherManagementReadModel.stats()),
    }),
};

/**
 * A teacher's name, status and courses show in Teacher and User Management, on courses, classes and
 * dashboards: a change refetches all of them.
 */
const TEACHER_VIEWS = [
  teacherKeys.all,
  userKeys.all,
  courseKeys.all,
  classKeys.all,
  dashboardKeys.all,
] as const;

export const teacherMutations = {
  /** Adds a teacher through admin-users; answers the one-time temporary password. */
  create: () =>
    mutationOptions({
      mutationKey: ['teachers', 'create'],
      mutationFn: (input: NewTeacherInput) => unwrap(teachersService.create(input)),
      meta: { invalidates: TEACHER_VIEWS },
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['teachers', 'update'],
      mutationFn: ({ id, changes }: { id: string; changes: TeacherChanges }) =>
        unwrap(teachersService.update(id, changes)),
      meta: { invalidates: TEACHER_VIEWS },
    }),
  /** Deactivates or reactivates; `reassignTo` moves the teacher's courses to that teacher first. */
  setActive: () =>
    mutationOptions({
      mutationKey: ['teachers', 'set-active'],
      mutationFn: ({
        id,
        isActive,
        reassignTo,
      }: {
        id: string;
        isActive: boolean;
        reassignTo?: string | null;
      }) => unwrap(teachersService.setActive(id, isActive, reassignTo)),
      meta: { invalidates: TEACHER_VIEWS },
    }),
  /** Deletes; `reassignTo` moves the courses first, else they keep no teacher ('Unknown'). */
  delete: () =>
    mutationOptions({
      mutationKey: ['teachers', 'delete'],
      mutationFn: ({ id, reassignTo }: { id: string; reassignTo?: string | null }) =>
        unwrap(teachersService.delete(id, reassignTo)),
      meta: { invalidates: TEACHER_VIEWS },
    }),
};
