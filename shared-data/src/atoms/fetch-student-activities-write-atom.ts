import { activitiesService } from '../services/activities';
import { activitiesAtom } from './activities-atom';
import { listFetched } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';

/** Loads the student's activities and replaces the list with them. */
export const fetchStudentActivitiesWriteAtom = listWriteAtom(
  activitiesAtom,
  (studentId: string) => activitiesService.listForStudent(studentId),
  listFetched,
);
