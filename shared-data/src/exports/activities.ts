// Activities and submissions: the entities, their services, Activity Management, the activity
// form, handing work in and grading it, and the student's Activities page.

export {
  ACTIVITY_TYPES,
  type Activity,
  type ActivityChanges,
  type ActivityInput,
  type ActivityType,
  type ManagedActivity,
  DEFAULT_RECORDING_LIMIT_SECONDS,
} from '../mappers/activity';
export {
  SUBMISSION_STATUSES,
  type GradeInput,
  type GradingSubmission,
  type Submission,
  type SubmissionInput,
  type SubmissionStatus,
  type WaitingSubmission,
} from '../mappers/submission';
export { ACTIVITY_DEFAULTS, activitiesService, type ActivityFilters } from '../services/activities';
export {
  activityManagementReadModel,
  type ActivityManagement,
  type ActivityTotals,
  type ManagedActivityFilters,
} from '../read-models/activity-management';
export { gradingReadModel, type SubmissionPlace } from '../read-models/grading';
export {
  submissionsService,
  type GradingRequest,
  type SubmissionFilters,
} from '../services/submissions';
export {
  ACTIVITY_POINTS,
  ACTIVITY_RECORDING_LIMIT,
  DEFAULT_DUE_TIME,
  ACTIVITY_TEXT_LIMITS,
  activityFormFromActivity,
  activityTextLength,
  emptyActivityForm,
  hasDueDate,
  toActivityInput,
  validateActivityForm,
  type ActivityAssociation,
  type ActivityFormErrors,
  type ActivityFormMessageKey,
  type ActivityFormValues,
} from '../rules/activity-form';
export {
  FEEDBACK_MAX_LENGTH,
  GRADE_DECIMALS,
  SUBMISSION_MAX_BYTES,
  SUBMISSION_MAX_FILES,
  SUBMISSION_TEXT_MAX_LENGTH,
  SUBMISSION_TYPES_BY_EXTENSION,
  submissionContentType,
  submissionFileProblems,
  submissionTextLength,
  gradeFormFromSubmission,
  toGradeInput,
  validateGrade,
  validateSubmission,
  type GradeErrors,
  type GradeFormValues,
  type GradeMessageKey,
  type SubmissionErrors,
  type SubmissionFileProblem,
  type SubmissionMessageKey,
  type SubmissionValues,
} from '../rules/submission';
export {
  SUBMITTED_FILE_NAME_MAX_LENGTH,
  fileNameToKeep,
  fileNamesFor,
  isPlayableAudio,
  storedFileName,
  submittedFileType,
  submittedFiles,
  type SubmittedFile,
} from '../rules/submitted-files';
export {
  studentActivitiesReadModel,
  type EnrolledCourseOption,
  type MySubmissionSummary,
  type StudentActivitiesOverview,
  type StudentActivity,
} from '../read-models/activities';

// Rubrics, skills and CEFR levels, progress per skill (issue 32: docs/assessment.md).
export { rubricCopy, type Rubric } from '../mappers/rubric';
export { rubricsService } from '../services/rubrics';
export {
  RUBRIC_LIMITS,
  emptyRubricCriterion,
  emptyRubricForm,
  emptyRubricLevel,
  newRubricId,
  parseRubricContent,
  parseRubricCriteria,
  parseRubricScores,
  rubricBestTotal,
  rubricContentFromForm,
  rubricFitsPoints,
  rubricFormFromRubric,
  rubricScoredCount,
  rubricScoresTotal,
  validateRubricForm,
  type RubricContent,
  type RubricCriterion,
  type RubricCriterionFormValues,
  type RubricFormErrors,
  type RubricFormValues,
  type RubricLevel,
  type RubricLevelFormValues,
  type RubricMessageKey,
  type RubricScores,
} from '../rules/rubric';
export {
  CEFR_LEVELS,
  SKILLS,
  toCefrLevel,
  toSkills,
  type CefrLevel,
  type Skill,
} from '../rules/skills';
export {
  skillProgressReadModel,
  toSkillProgress,
  type SkillAverage,
  type SkillProgress,
  type SkillWeek,
} from '../read-models/skill-progress';
