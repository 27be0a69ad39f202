import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  announcementsService,
  type AnnouncementChanges,
  type AnnouncementInput,
} from '@portal/shared-data';
import { unwrap } from './service-failure';

// Course announcements (docs/announcements.md). Every change refetches every announcement read (a
// course's list, a dashboard's newest), as a live change does.

export const announcementKeys = {
  all: ['announcements'] as const,
  course: (courseId: string) => ['announcements', 'course', courseId] as const,
  newestForStudent: (studentId: string) => ['announcements', 'newest', studentId] as const,
};

export const announcementQueries = {
  /** A course's list: pinned first, newest next. */
  forCourse: (courseId: string) =>
    queryOptions({
      queryKey: announcementKeys.course(courseId),
      queryFn: () => unwrap(announcementsService.forCourse(courseId)),
    }),
  /** The student's dashboard: the newest across the courses they take now. */
  newestForStudent: (studentId: string) =>
    queryOptions({
      queryKey: announcementKeys.newestForStudent(studentId),
      queryFn: () => unwrap(announcementsService.newestForStudent(studentId)),
    }),
};

export const announcementMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['announcements', 'create'],
      mutationFn: (input: AnnouncementInput) => unwrap(announcementsService.create(input)),
      meta: { invalidates: [announcementKeys.all] },
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['announcements', 'update'],
      mutationFn: ({ id, changes }: { id: string; changes: AnnouncementChanges }) =>
        unwrap(announcementsService.update(id, changes)),
      meta: { invalidates: [announcementKeys.all] },
    }),
  remove: () =>
    mutationOptions({
      mutationKey: ['announcements', 'remove'],
      mutationFn: (id: string) => unwrap(announcementsService.remove(id)),
      meta: { invalidates: [announcementKeys.all] },
    }),
};
