import { describe, expect, it } from 'vitest';
import {
  emptyRubricForm,
  parseRubricContent,
  parseRubricScores,
  rubricBestTotal,
  rubricContentFromForm,
  rubricFitsPoints,
  rubricFormFromRubric,
  rubricScoredCount,
  rubricScoresTotal,
  validateRubricForm,
  type RubricContent,
  type RubricFormValues,
} from './rubric';

const RUBRIC: RubricContent = {
  title: 'Speaking',
  criteria: [
    {
      id: 'c1',
      title: 'Fluency',
      levels: [
        { id: 'c1-0', title: 'Hesitant', points: 0 },
        { id: 'c1-1', title: 'Fluent', points: 5.5 },
      ],
    },
    {
      id: 'c2',
      title: 'Accuracy',
      description: 'Grammar and vocabulary',
      levels: [
        { id: 'c2-0', title: 'Many errors', points: 1 },
        { id: 'c2-1', title: 'Some errors', points: 2.25 },
        { id: 'c2-2', title: 'Accurate', points: 4.2 },
      ],
    },
  ],
};

function form(overrides: Partial<RubricFormValues> = {}): RubricFormValues {
  return { ...rubricFormFromRubric(RUBRIC), ...overrides };
}

describe('validateRubricForm', () => {
  it('accepts a complete rubric', () => {
    expect(validateRubricForm(form())).toEqual({});
  });

  it('refuses an empty new rubric field by field', () => {
    const errors = validateRubricForm(emptyRubricForm());
    expect(errors).toEqual({
      title: 'rubricTitleRequired',
      'criteria.0.title': 'rubricCriterionTitleRequired',
      'criteria.0.levels.0.title': 'rubricLevelTitleRequired',
      'criteria.0.levels.1.title': 'rubricLevelTitleRequired',
      'criteria.0.levels.1.points': 'rubricPointsRequired',
    });
  });

  it('mirrors the database: 1–12 criteria, 2–6 levels, points 0–9999.99 with two decimals', () => {
    expect(validateRubricForm(form({ criteria: [] }))).toEqual({ criteria: 'rubricCriteriaCount' });
    const many = Array.from({ length: 13 }, (_, i) => ({
      ...form().criteria[0]!,
      id: `c${i}`,
      levels: form().criteria[0]!.levels.map((level) => ({ ...level, id: `c${i}-${level.id}` })),
    }));
    expect(validateRubricForm(form({ criteria: many })).criteria).toBe('rubricCriteriaCount');

    const values = form();
    values.criteria[0]!.levels = values.criteria[0]!.levels.slice(0, 1);
    values.criteria[1]!.levels[0]!.points = -1;
    values.criteria[1]!.levels[1]!.points = 1.005;
    values.criteria[1]!.levels[2]!.points = 10000;
    expect(validateRubricForm(values)).toEqual({
      'criteria.0.levels': 'rubricLevelsCount',
      'criteria.1.levels.0.points': 'rubricPointsRange',
      'criteria.1.levels.1.points': 'rubricPointsDecimals',
      'criteria.1.levels.2.points': 'rubricPointsRange',
    });
  });

  it('counts characters after trimming, as the database does', () => {
    const values = form({ title: ` ${'é'.repeat(200)} ` });
    values.criteria[0]!.title = 'x'.repeat(121);
    values.criteria[0]!.description = 'y'.repeat(501);
    expect(validateRubricForm(values)).toEqual({
      'criteria.0.title': 'rubricCriterionTitleTooLong',
      'criteria.0.description': 'rubricDescriptionTooLong',
    });
  });
});

describe('totals', () => {
  it('adds each criterion’s highest level, exactly (no float drift)', () => {
    expect(rubricBestTotal(RUBRIC.criteria)).toBe(9.7);
    expect(
      rubricBestTotal([
        { levels: [{ points: 0.1 }, { points: '' }] },
        { levels: [{ points: 0.2 }] },
      ]),
    ).toBe(0.3);
  });

  it('fits an activity whose points are at least the best total', () => {
    expect(rubricFitsPoints(RUBRIC, 10)).toBe(true);
    expect(rubricFitsPoints(RUBRIC, 9.7)).toBe(true);
    expect(rubricFitsPoints(RUBRIC, 9)).toBe(false);
  });

  it('sums the chosen levels once every criterion has one', () => {
    expect(rubricScoresTotal(RUBRIC, { c1: 'c1-1', c2: 'c2-1' })).toBe(7.75);
    expect(rubricScoresTotal(RUBRIC, { c1: 'c1-1' })).toBeNull();
    expect(rubricScoredCount(RUBRIC, { c1: 'c1-1', c2: 'nope' })).toBe(1);
  });
});

describe('stored rubrics', () => {
  it('round-trips through the form, trimming and leaving out empty descriptions', () => {
    const values = form({ title: '  Speaking ' });
    const content = rubricContentFromForm(values);
    expect(content).toEqual({
      ...RUBRIC,
      criteria: RUBRIC.criteria.map((criterion) => ({
        ...criterion,
        levels: criterion.levels.map(({ description: _d, ...level }) => level),
      })),
    });
  });

  it('reads the jsonb copy and scores, refusing what is not a rubric', () => {
    expect(parseRubricContent(JSON.parse(JSON.stringify(RUBRIC)))?.criteria[1]?.levels[2]).toEqual({
      id: 'c2-2',
      title: 'Accurate',
      description: null,
      points: 4.2,
    });
    expect(parseRubricContent(null)).toBeNull();
    expect(parseRubricContent({ title: 'x', criteria: [{ id: 1 }] })).toBeNull();
    expect(parseRubricScores({ c1: 'c1-0', c2: 3 })).toEqual({ c1: 'c1-0' });
    expect(parseRubricScores(null)).toBeNull();
  });
});
