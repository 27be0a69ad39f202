import { submissionsService } from '../services/submissions';
import { activitySubmissionsAtom } from './activity-submissions-atom';
import { listFetched } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';

/** Loads one student's submissions and replaces the list with them. */
export const fetchStudentSubmissionsWriteAtom = listWriteAtom(
  activitySubmissionsAtom,
  (studentId: string) => submissionsService.listByStudent(studentId),
  listFetched,
);
