import { ACTIVITY_TYPES, type ActivityType } from '../mappers/activity';
import type { GradeWeights } from '../mappers/gradebook';

// The gradebook's weights form (docs/assessment.md "Gradebook"): one number per activity type, whole
// numbers 0–100, each a share of their sum (30 / 20 / 50 and 3 / 2 / 5 weigh the same). The same rule
// as the database's check `courses_grade_weights_check`, plus one it cannot say: weights that are all
// 0 would leave nothing to count, so at least one is above 0, or every field is empty (no weights:
// every point counts the same).

export const GRADE_WEIGHT = { min: 0, max: 100 } as const;

/** A number input answers '' while empty. */
export type GradeWeightsFormValues = Record<ActivityType, number | string>;

/** i18n keys in the `validation` namespace. */
export type GradeWeightsMessageKey =
  'gradeWeightWhole' | 'gradeWeightRange' | 'gradeWeightsAllZero';

export type GradeWeightsErrors = Partial<Record<ActivityType | 'weights', GradeWeightsMessageKey>>;

function isEmpty(value: number | string | undefined): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

function numberOf(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.trim());
}

/** The form's starting values: the course's weights, '' for a type without one. */
export function gradeWeightsForm(weights: GradeWeights): GradeWeightsFormValues {
  return Object.fromEntries(
    ACTIVITY_TYPES.map((type) => [type, weights[type] ?? '']),
  ) as GradeWeightsFormValues;
}

/**
 * What is wrong with the form, per field (`quiz`, …) and for the whole (`weights`): each filled field
 * a whole number from 0 to 100; at least one above 0 unless every field is empty. Unknown keys are
 * refused too (`weights`), so a caller cannot save a type the database would refuse.
 */
export function validateGradeWeights(
  values: Partial<Record<string, number | string>>,
): GradeWeightsErrors {
  const errors: GradeWeightsErrors = {};
  let filled = 0;
  let aboveZero = 0;
  for (const [key, value] of Object.entries(values)) {
    const type = ACTIVITY_TYPES.find((known) => known === key);
    if (!type) {
      errors.weights = 'gradeWeightRange';
      continue;
    }
    if (isEmpty(value)) continue;
    const weight = numberOf(value as number | string);
    filled += 1;
    if (!Number.isFinite(weight) || !Number.isInteger(weight)) {
      errors[type] = 'gradeWeightWhole';
    } else if (weight < GRADE_WEIGHT.min || weight > GRADE_WEIGHT.max) {
      errors[type] = 'gradeWeightRange';
    } else if (weight > 0) {
      aboveZero += 1;
    }
  }
  const fieldErrors = ACTIVITY_TYPES.some((type) => errors[type]);
  if (!fieldErrors && filled > 0 && aboveZero === 0) errors.weights = 'gradeWeightsAllZero';
  return errors;
}

/** The weights to save: the filled fields only (an empty field leaves its type out). */
export function weightsFromForm(values: GradeWeightsFormValues): GradeWeights {
  const weights: GradeWeights = {};
  for (const type of ACTIVITY_TYPES) {
    const value = values[type];
    if (!isEmpty(value)) weights[type] = numberOf(value);
  }
  return weights;
}

/** Each weighted type's share of the sum, in percent (one decimal); empty when nothing is weighted. */
export function gradeWeightShares(weights: GradeWeights): Partial<Record<ActivityType, number>> {
  const sum = ACTIVITY_TYPES.reduce((total, type) => total + (weights[type] ?? 0), 0);
  if (sum <= 0) return {};
  const shares: Partial<Record<ActivityType, number>> = {};
  for (const type of ACTIVITY_TYPES) {
    const weight = weights[type];
    if (weight !== undefined && weight > 0) shares[type] = Math.round((1000 * weight) / sum) / 10;
  }
  return shares;
}
