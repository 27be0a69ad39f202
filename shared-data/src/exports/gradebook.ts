// The gradebook (issue 32, docs/assessment.md): a course's students × activities, its weights per
// activity type, and the weights form's rules.

export {
  GRADE_CELL_STATES,
  toGradebook,
  type GradeCellState,
  type GradeWeights,
  type Gradebook,
  type GradebookActivity,
  type GradebookCell,
  type GradebookStudent,
} from '../mappers/gradebook';
export { gradebookReadModel } from '../read-models/gradebook';
export { gradebookService } from '../services/gradebook';
export {
  GRADE_WEIGHT,
  gradeWeightShares,
  gradeWeightsForm,
  validateGradeWeights,
  weightsFromForm,
  type GradeWeightsErrors,
  type GradeWeightsFormValues,
  type GradeWeightsMessageKey,
} from '../rules/grade-weights';
