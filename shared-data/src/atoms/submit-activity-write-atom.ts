import type { SubmissionInput } from '../mappers/submission';
import { submissionsService } from '../services/submissions';
import { activitySubmissionsAtom } from './activity-submissions-atom';
import { itemSaved } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';

/** Submits work: a new submission is appended; a resubmission (same row) replaces it by id. */
export const submitActivityWriteAtom = listWriteAtom(
  activitySubmissionsAtom,
  (input: SubmissionInput) => submissionsService.submit(input),
  itemSaved,
);
