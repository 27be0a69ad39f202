// Skills and CEFR levels (docs/assessment.md "Skills and CEFR levels"): the values the database
// checks (private.valid_skills, the *_cefr_level_check constraints of 20261201008100_skills_levels.sql).

/** The skills a language school assesses, in the order screens list them. */
export const SKILLS = ['listening', 'reading', 'grammar', 'speaking', 'writing'] as const;
export type Skill = (typeof SKILLS)[number];

/** The Common European Framework's levels. */
export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type CefrLevel = (typeof CEFR_LEVELS)[number];

/** The known skills of a stored list, each once, in SKILLS order. */
export function toSkills(value: readonly string[] | null | undefined): Skill[] {
  const given = new Set(value ?? []);
  return SKILLS.filter((skill) => given.has(skill));
}

/** A stored level, or null when absent or unknown. */
export function toCefrLevel(value: string | null | undefined): CefrLevel | null {
  return CEFR_LEVELS.find((level) => level === value) ?? null;
}
