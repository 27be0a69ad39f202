import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  activityKeys,
  courseKeys,
  dashboardKeys,
  gradebookKeys,
  studentKeys,
  submissionKeys,
} from './keys';
import { unwrap } from './service-failure';
import {
  activitiesService,
  activityManagementReadModel,
  type ActivityChanges,
  type ActivityFilters,
  type ActivityInput,
  type GradeInput,
  type GradingRequest,
  gradingReadModel,
  type ManagedActivityFilters,
  type PageRequest,
  SIGNED_URL_SECONDS,
  studentActivitiesReadModel,
  type SubmissionFilters,
  type SubmissionInput,
  submissionsService,
} from '@portal/shared-data';

const SIGNED_URL_STALE_MS = (SIGNED_URL_SECONDS - 600) * 1000;

/**
 * Work handed in or graded, and activities created, changed or removed, change activity cards,
 * progress (graded work of active activities) and the dashboards.
 */
const WORK_VIEWS = [
  activityKeys.all,
  submissionKeys.all,
  courseKeys.all,
  // My Students shows graded work, averages and last activity.
  studentKeys.all,
  dashboardKeys.all,
  // The gradebook shows every grade, hand-in and activity of a course.
  gradebookKeys.all,
] as const;

export const activityQueries = {
  list: (filters: ActivityFilters) =>
    queryOptions({
      queryKey: activityKeys.list(filters),
      queryFn: () => unwrap(activitiesService.list(filters)),
      placeholderData: keepPreviousData,
    }),
  /**
   * The Activities management screen (teachers and administrators) in one request: the figures over
   * everything the caller may see and one page of the activities matching the filters, with their
   * submissions received and graded. The previous answer (figures and page) stays while the next loads.
   */
  management: (filters: ManagedActivityFilters) =>
    queryOptions({
      queryKey: activityKeys.management(filters),
      queryFn: () => unwrap(activityManagementReadModel.get(filters)),
      placeholderData: keepPreviousData,
    }),
  /** One activity of the management screen (null when gone or not visible), for a link to grade it. */
  managedOne: (activityId: string) =>
    queryOptions({
      queryKey: activityKeys.managedOne(activityId),
      queryFn: () => unwrap(activitiesService.getManaged(activityId)),
    }),
  /** The student's Activities screen: activities, course options and upcoming classes. */
  studentOverview: () =>
    queryOptions({
      queryKey: activityKeys.studentOverview(),
      queryFn: () => unwrap(studentActivitiesReadModel.overview()),
    }),
};

export const activityMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['activities', 'create'],
      mutationFn: (input: ActivityInput) => unwrap(activitiesService.create(input)),
      meta: { invalidates: WORK_VIEWS },
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['activities', 'update'],
      mutationFn: ({ id, changes }: { id: string; changes: ActivityChanges }) =>
        unwrap(activitiesService.update(id, changes)),
      meta: { invalidates: WORK_VIEWS },
    }),
  delete: () =>
    mutationOptions({
      mutationKey: ['activities', 'delete'],
      mutationFn: (id: string) => unwrap(activitiesService.delete(id)),
      meta: { invalidates: WORK_VIEWS },
    }),
};

export const submissionQueries = {
  list: (filters: SubmissionFilters) =>
    queryOptions({
      queryKey: submissionKeys.list(filters),
      queryFn: () => unwrap(submissionsService.list(filters)),
      placeholderData: keepPreviousData,
    }),
  /** The grading panel: one page of an activity's submissions, by student name. */
  forGrading: (request: GradingRequest) =>
    queryOptions({
      queryKey: submissionKeys.grading(request),
      queryFn: () => unwrap(submissionsService.listForGrading(request)),
      placeholderData: keepPreviousData,
    }),
  /**
   * A linked submission's activity and place in the grading order (null when gone or not visible), so
   * the grading dialog opens on it.
   */
  place: (submissionId: string) =>
    queryOptions({
      queryKey: submissionKeys.place(submissionId),
      queryFn: () => unwrap(gradingReadModel.place(submissionId)),
    }),
  /** The grading queue: one page of the work waiting for a grade, oldest first. */
  waiting: (request: PageRequest) =>
    queryOptions({
      queryKey: submissionKeys.waiting(request),
      queryFn: () => unwrap(submissionsService.listWaiting(request)),
      placeholderData: keepPreviousData,
    }),
  /** A student's own submission to one activity, or null before they submit. */
  own: (activityId: string, studentId: string) =>
    queryOptions({
      queryKey: submissionKeys.own(activityId, studentId),
      queryFn: async () => {
        const page = await unwrap(submissionsService.list({ activityId, studentId, limit: 1 }));
        return page.items[0] ?? null;
      },
    }),
  /** A signed link to one submitted file. */
  fileUrl: (objectName: string) =>
    queryOptions({
      queryKey: submissionKeys.fileUrl(objectName),
      queryFn: () => unwrap(submissionsService.getSignedUrl(objectName)),
      staleTime: SIGNED_URL_STALE_MS,
      gcTime: SIGNED_URL_STALE_MS,
    }),
  /** A link to play a recorded feedback. */
  feedbackAudioUrl: (objectName: string) =>
    queryOptions({
      queryKey: submissionKeys.feedbackAudioUrl(objectName),
      queryFn: () => unwrap(submissionsService.getFeedbackAudioUrl(objectName)),
      staleTime: SIGNED_URL_STALE_MS,
      gcTime: SIGNED_URL_STALE_MS,
    }),
};

type SubmissionUpload = {
  file: File;
  activityId: string;
  studentId: string;
  /** The share of the file sent, 0 to 1, as it uploads. */
  onProgress?: (fraction: number) => void;
};

type FeedbackAudioUpload = {
  file: File;
  activityId: string;
  submissionId: string;
  onProgress?: (fraction: number) => void;
};

export const submissionMutations = {
  /** Uploads one file before submitting; resolves to its object name. Changes no list. */
  uploadFile: () =>
    mutationOptions({
      mutationKey: ['submissions', 'upload-file'],
      mutationFn: ({ file, activityId, studentId, onProgress }: SubmissionUpload) =>
        unwrap(submissionsService.uploadFile(file, activityId, studentId, onProgress)),
    }),
  /**
   * Uploads a grader's recorded feedback beside the submission; resolves to its object name, which the
   * grade saves. Changes no list until then.
   */
  uploadFeedbackAudio: () =>
    mutationOptions({
      mutationKey: ['submissions', 'upload-feedback-audio'],
      mutationFn: ({ file, activityId, submissionId, onProgress }: FeedbackAudioUpload) =>
        unwrap(submissionsService.uploadFeedbackAudio(file, activityId, submissionId, onProgress)),
    }),
  /** Drops recorded feedback uploaded but never saved with a grade (best effort, never fails). */
  discardFeedbackAudio: () =>
    mutationOptions({
      mutationKey: ['submissions', 'discard-feedback-audio'],
      mutationFn: (objectName: string) => submissionsService.discardFeedbackAudio(objectName),
    }),
  submit: () =>
    mutationOptions({
      mutationKey: ['submissions', 'submit'],
      mutationFn: (input: SubmissionInput) => unwrap(submissionsService.submit(input)),
      meta: { invalidates: WORK_VIEWS },
    }),
  grade: () =>
    mutationOptions({
      mutationKey: ['submissions', 'grade'],
      mutationFn: (input: GradeInput) => unwrap(submissionsService.grade(input)),
      meta: { invalidates: WORK_VIEWS },
    }),
};
