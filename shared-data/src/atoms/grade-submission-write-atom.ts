import type { GradeInput } from '../mappers/submission';
import { submissionsService } from '../services/submissions';
import { activitySubmissionsAtom } from './activity-submissions-atom';
import { itemUpdated } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';

/** Grades a submission and replaces it in the list by id. */
export const gradeSubmissionWriteAtom = listWriteAtom(
  activitySubmissionsAtom,
  (input: GradeInput) => submissionsService.grade(input),
  itemUpdated,
);
