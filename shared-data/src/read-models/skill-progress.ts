import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { toNumber, toNumberOrNull } from '../mappers/fields';
import { SKILLS, type Skill } from '../rules/skills';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// Progress per skill (docs/assessment.md "Skills and CEFR levels"): `get_skill_progress(student)`
// (20261201008100_skills_levels.sql) in one read: the student's graded work per skill, overall and per
// week. The student reads their own, their teachers the work of their own courses, admins anyone's.

export type SkillAverage = { skill: Skill; graded: number; averagePercent: number | null };
export type SkillWeek = SkillAverage & { week: string };
export type SkillProgress = { skills: SkillAverage[]; weeks: SkillWeek[] };

type Reply = {
  skills?: { skill?: string; graded?: number | string; average_percent?: number | string | null }[];
  weeks?: {
    week?: string;
    skill?: string;
    graded?: number | string;
    average_percent?: number | string | null;
  }[];
} | null;

const asSkill = (value: unknown): Skill | null => SKILLS.find((skill) => skill === value) ?? null;

/** The reply as the screens use it; unknown skills are left out. Null: nothing to show (no access). */
export function toSkillProgress(reply: Reply): SkillProgress | null {
  if (!reply) return null;
  const skills: SkillAverage[] = [];
  for (const row of reply.skills ?? []) {
    const skill = asSkill(row.skill);
    if (skill) {
      skills.push({
        skill,
        graded: toNumber(row.graded),
        averagePercent: toNumberOrNull(row.average_percent),
      });
    }
  }
  const weeks: SkillWeek[] = [];
  for (const row of reply.weeks ?? []) {
    const skill = asSkill(row.skill);
    if (skill && row.week) {
      weeks.push({
        week: row.week,
        skill,
        graded: toNumber(row.graded),
        averagePercent: toNumberOrNull(row.average_percent),
      });
    }
  }
  return { skills, weeks };
}

/** A student's progress per skill; null when the caller may not see it. */
async function get(studentId: string): Promise<Result<SkillProgress | null>> {
  return settle('QUERY_ERROR', ERROR_MESSAGES.fetchStudentSubmissionsFailed, async () => {
    const { data, error } = await getClient().rpc('get_skill_progress', {
      student_uuid: studentId,
    });
    if (error) {
      return fromPostgrestError('QUERY_ERROR', error, ERROR_MESSAGES.fetchStudentSubmissionsFailed);
    }
    return ok(toSkillProgress(data as Reply));
  });
}

export const skillProgressReadModel = { get };
