import type { Json } from '../database.types';

// Rubrics (docs/assessment.md "Rubrics"): criteria with levels and points. The same limits as
// private.valid_rubric_criteria and the rubrics / activities checks (20261201008200_rubrics.sql), so
// the rubric editor refuses what the database would, and the activity form refuses a rubric whose best
// total is more than the activity's points (guard_activity_rubric).

export const RUBRIC_LIMITS = {
  title: 200,
  criterionTitle: 120,
  levelTitle: 120,
  description: 500,
  minCriteria: 1,
  maxCriteria: 12,
  minLevels: 2,
  maxLevels: 6,
  maxPoints: 9999.99,
  idLength: 64,
} as const;

export type RubricLevel = {
  id: string;
  title: string;
  description?: string | null;
  points: number;
};
export type RubricCriterion = {
  id: string;
  title: string;
  description?: string | null;
  levels: RubricLevel[];
};
/** A rubric's content: the library's row and the activity's copy alike (`{title, criteria}`). */
export type RubricContent = { title: string; criteria: RubricCriterion[] };
/** The levels a grader chose: `{criterion id: level id}`. */
export type RubricScores = Record<string, string>;

export type RubricLevelFormValues = {
  id: string;
  title: string;
  description: string;
  /** A number input answers '' while empty. */
  points: number | string;
};
export type RubricCriterionFormValues = {
  id: string;
  title: string;
  description: string;
  levels: RubricLevelFormValues[];
};
export type RubricFormValues = { title: string; criteria: RubricCriterionFormValues[] };

/** i18n keys in the `validation` namespace. */
export type RubricMessageKey =
  | 'rubricTitleRequired'
  | 'rubricTitleTooLong'
  | 'rubricCriteriaCount'
  | 'rubricCriterionTitleRequired'
  | 'rubricCriterionTitleTooLong'
  | 'rubricDescriptionTooLong'
  | 'rubricLevelsCount'
  | 'rubricLevelTitleRequired'
  | 'rubricLevelTitleTooLong'
  | 'rubricPointsRequired'
  | 'rubricPointsRange'
  | 'rubricPointsDecimals';

/**
 * Failing fields by their form path (`title`, `criteria.0.title`, `criteria.1.levels.2.points`, …), as
 * @mantine/form takes them; `{}` means the rubric can be saved.
 */
export type RubricFormErrors = Record<string, RubricMessageKey>;

/** A fresh id for a criterion or a level (unique within the rubric; the database checks it). */
export function newRubricId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Characters as the database counts them, after trimming. */
function length(text: string): number {
  return [...text.trim()].length;
}

export function emptyRubricLevel(points: number | string = ''): RubricLevelFormValues {
  return { id: newRubricId(), title: '', description: '', points };
}

export function emptyRubricCriterion(): RubricCriterionFormValues {
  return {
    id: newRubricId(),
    title: '',
    description: '',
    levels: [emptyRubricLevel(0), emptyRubricLevel()],
  };
}

/** A new rubric: one criterion of two levels, nothing typed. */
export function emptyRubricForm(): RubricFormValues {
  return { title: '', criteria: [emptyRubricCriterion()] };
}

/** The form filled with a rubric to edit (or to copy). */
export function rubricFormFromRubric(rubric: RubricContent): RubricFormValues {
  return {
    title: rubric.title,
    criteria: rubric.criteria.map((criterion) => ({
      id: criterion.id,
      title: criterion.title,
      description: criterion.description ?? '',
      levels: criterion.levels.map((level) => ({
        id: level.id,
        title: level.title,
        description: level.description ?? '',
        points: level.points,
      })),
    })),
  };
}

/** Points in hundredths, so sums stay exact (points keep two decimals). */
const cents = (points: number) => Math.round(points * 100);

function pointsError(points: number | string): RubricMessageKey | undefined {
  if (typeof points === 'string' && points.trim() === '') return 'rubricPointsRequired';
  const value = Number(points);
  if (!Number.isFinite(value)) return 'rubricPointsRequired';
  if (value < 0 || value > RUBRIC_LIMITS.maxPoints) return 'rubricPointsRange';
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
    ? undefined
    : 'rubricPointsDecimals';
}

function textError(
  text: string,
  limit: number,
  required: RubricMessageKey | null,
  tooLong: RubricMessageKey,
): RubricMessageKey | undefined {
  if (text.trim() === '') return required ?? undefined;
  return length(text) > limit ? tooLong : undefined;
}

/** Failing fields only (see RubricFormErrors). */
export function validateRubricForm(values: RubricFormValues): RubricFormErrors {
  const errors: RubricFormErrors = {};
  const set = (path: string, key: RubricMessageKey | undefined) => {
    if (key) errors[path] = key;
  };
  set(
    'title',
    textError(values.title, RUBRIC_LIMITS.title, 'rubricTitleRequired', 'rubricTitleTooLong'),
  );
  const count = values.criteria.length;
  if (count < RUBRIC_LIMITS.minCriteria || count > RUBRIC_LIMITS.maxCriteria) {
    errors.criteria = 'rubricCriteriaCount';
  }
  values.criteria.forEach((criterion, c) => {
    const at = `criteria.${c}`;
    set(
      `${at}.title`,
      textError(
        criterion.title,
        RUBRIC_LIMITS.criterionTitle,
        'rubricCriterionTitleRequired',
        'rubricCriterionTitleTooLong',
      ),
    );
    set(
      `${at}.description`,
      textError(criterion.description, RUBRIC_LIMITS.description, null, 'rubricDescriptionTooLong'),
    );
    const levels = criterion.levels.length;
    if (levels < RUBRIC_LIMITS.minLevels || levels > RUBRIC_LIMITS.maxLevels) {
      errors[`${at}.levels`] = 'rubricLevelsCount';
    }
    criterion.levels.forEach((level, l) => {
      const levelAt = `${at}.levels.${l}`;
      set(
        `${levelAt}.title`,
        textError(
          level.title,
          RUBRIC_LIMITS.levelTitle,
          'rubricLevelTitleRequired',
          'rubricLevelTitleTooLong',
        ),
      );
      set(
        `${levelAt}.description`,
        textError(level.description, RUBRIC_LIMITS.description, null, 'rubricDescriptionTooLong'),
      );
      set(`${levelAt}.points`, pointsError(level.points));
    });
  });
  return errors;
}

/** What to save for valid form values: trimmed texts, empty descriptions left out, points numbers. */
export function rubricContentFromForm(values: RubricFormValues): RubricContent {
  const description = (text: string) => (text.trim() === '' ? {} : { description: text.trim() });
  return {
    title: values.title.trim(),
    criteria: values.criteria.map((criterion) => ({
      id: criterion.id,
      title: criterion.title.trim(),
      ...description(criterion.description),
      levels: criterion.levels.map((level) => ({
        id: level.id,
        title: level.title.trim(),
        ...description(level.description),
        points: Number(level.points),
      })),
    })),
  };
}

/**
 * The best total a rubric gives: each criterion's highest level (private.rubric_best_total). Levels
 * whose points are not numbers yet count as 0, so the editor can show it while typing.
 */
export function rubricBestTotal(
  criteria: ReadonlyArray<{ levels: ReadonlyArray<{ points: number | string }> }>,
): number {
  const total = criteria.reduce((sum, criterion) => {
    const best = Math.max(
      0,
      ...criterion.levels.map((level) => {
        const value = Number(level.points);
        return Number.isFinite(value) && String(level.points).trim() !== '' ? cents(value) : 0;
      }),
    );
    return sum + best;
  }, 0);
  return total / 100;
}

/** True when the rubric fits an activity of `maxPoints` points (the database refuses it otherwise). */
export function rubricFitsPoints(rubric: RubricContent, maxPoints: number | string): boolean {
  const points = Number(maxPoints);
  return !Number.isFinite(points) || cents(rubricBestTotal(rubric.criteria)) <= cents(points);
}

/**
 * The total of the chosen levels (the grade the database will compute), or null while a criterion has
 * no level chosen.
 */
export function rubricScoresTotal(rubric: RubricContent, scores: RubricScores): number | null {
  let total = 0;
  for (const criterion of rubric.criteria) {
    const level = criterion.levels.find((candidate) => candidate.id === scores[criterion.id]);
    if (!level) return null;
    total += cents(level.points);
  }
  return total / 100;
}

/** The number of criteria with a level chosen. */
export function rubricScoredCount(rubric: RubricContent, scores: RubricScores): number {
  return rubric.criteria.filter((criterion) =>
    criterion.levels.some((level) => level.id === scores[criterion.id]),
  ).length;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toLevel(value: unknown): RubricLevel | null {
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.title !== 'string') {
    return null;
  }
  const points = Number(value.points);
  if (!Number.isFinite(points)) return null;
  return {
    id: value.id,
    title: value.title,
    description: typeof value.description === 'string' ? value.description : null,
    points,
  };
}

function toCriterion(value: unknown): RubricCriterion | null {
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.title !== 'string') {
    return null;
  }
  if (!Array.isArray(value.levels)) return null;
  const levels = value.levels.map(toLevel);
  if (levels.some((level) => level === null)) return null;
  return {
    id: value.id,
    title: value.title,
    description: typeof value.description === 'string' ? value.description : null,
    levels: levels as RubricLevel[],
  };
}

/** Criteria as stored (jsonb); null when they are not criteria at all. */
export function parseRubricCriteria(value: Json | unknown): RubricCriterion[] | null {
  if (!Array.isArray(value)) return null;
  const criteria = value.map(toCriterion);
  return criteria.some((criterion) => criterion === null) ? null : (criteria as RubricCriterion[]);
}

/** An activity's rubric copy as stored (`{title, criteria}`), or null when it has none. */
export function parseRubricContent(value: Json | unknown): RubricContent | null {
  if (!isObject(value) || typeof value.title !== 'string') return null;
  const criteria = parseRubricCriteria(value.criteria);
  return criteria ? { title: value.title, criteria } : null;
}

/** A submission's chosen levels as stored, or null when none were chosen. */
export function parseRubricScores(value: Json | unknown): RubricScores | null {
  if (!isObject(value)) return null;
  const scores: RubricScores = {};
  for (const [criterion, level] of Object.entries(value)) {
    if (typeof level === 'string') scores[criterion] = level;
  }
  return scores;
}
