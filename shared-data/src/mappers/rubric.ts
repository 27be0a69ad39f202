import type { Tables } from '../database.types';
import { parseRubricCriteria, type RubricContent, type RubricCriterion } from '../rules/rubric';

/** A row of `public.rubrics`, the school's rubric library. */
export type RubricRow = Pick<
  Tables<'rubrics'>,
  'id' | 'owner_id' | 'title' | 'criteria' | 'created_at' | 'updated_at'
>;

/** A library rubric. Teachers and admins see every one; its owner (or an admin) changes it. */
export type Rubric = {
  id: string;
  /** Null once its author's account is gone. */
  ownerId: string | null;
  title: string;
  criteria: RubricCriterion[];
  createdAt: string;
  updatedAt: string;
};

export const RUBRIC_COLUMNS = 'id, owner_id, title, criteria, created_at, updated_at';

export function toRubric(row: RubricRow): Rubric {
  return {
    id: row.id,
    ownerId: row.owner_id,
    title: row.title,
    criteria: parseRubricCriteria(row.criteria) ?? [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The copy an activity keeps of a library rubric (`activities.rubric`). */
export function rubricCopy(rubric: Pick<Rubric, 'title' | 'criteria'>): RubricContent {
  return { title: rubric.title, criteria: rubric.criteria };
}
