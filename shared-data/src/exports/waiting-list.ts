// The waiting list: a student's entries and place in line, a course's line, joining and leaving.

export type { CourseWaitingEntry, WaitingEntry } from '../mappers/waiting-list';
export { waitingListService } from '../services/waiting-list';
