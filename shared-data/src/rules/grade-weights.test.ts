// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  gradeWeightShares,
  gradeWeightsForm,
  validateGradeWeights,
  weightsFromForm,
  type GradeWeightsFormValues,
} from './grade-weights';

const empty: GradeWeightsFormValues = gradeWeightsForm({});

describe('validateGradeWeights', () => {
  it('accepts every field empty (no weights: every point counts the same)', () => {
    expect(validateGradeWeights(empty)).toEqual({});
  });

  it('accepts whole numbers from 0 to 100 with at least one above 0', () => {
    expect(validateGradeWeights({ ...empty, quiz: 0, homework: 100, project: '30' })).toEqual({});
  });

  it.each([
    [2.5, 'gradeWeightWhole'],
    ['abc', 'gradeWeightWhole'],
    [-1, 'gradeWeightRange'],
    [101, 'gradeWeightRange'],
  ])('refuses %j in a field', (value, key) => {
    expect(validateGradeWeights({ ...empty, homework: 20, quiz: value })).toEqual({ quiz: key });
  });

  it('refuses weights that are all 0', () => {
    expect(validateGradeWeights({ ...empty, quiz: 0, project: 0 })).toEqual({
      weights: 'gradeWeightsAllZero',
    });
  });

  it('refuses an unknown activity type', () => {
    expect(validateGradeWeights({ essay: 10 })).toEqual({ weights: 'gradeWeightRange' });
  });
});

describe('weightsFromForm and gradeWeightsForm', () => {
  it('saves the filled fields only and reads them back', () => {
    const values = { ...empty, quiz: 30, homework: '20', project: '' };
    expect(weightsFromForm(values)).toEqual({ quiz: 30, homework: 20 });
    expect(gradeWeightsForm({ quiz: 30 })).toEqual({ ...empty, quiz: 30 });
  });
});

describe('gradeWeightShares', () => {
  it('gives each weighted type its share of the sum', () => {
    expect(gradeWeightShares({ quiz: 3, homework: 2, project: 5, assignment: 0 })).toEqual({
      quiz: 30,
      homework: 20,
      project: 50,
    });
    expect(gradeWeightShares({ quiz: 1, homework: 2 })).toEqual({ quiz: 33.3, homework: 66.7 });
    expect(gradeWeightShares({})).toEqual({});
  });
});
