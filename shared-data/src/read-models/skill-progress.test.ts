import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { skillProgressReadModel, toSkillProgress } from './skill-progress';

const fake = installFakeSupabase();

describe('toSkillProgress', () => {
  it('keeps the known skills, numbers as numbers', () => {
    expect(
      toSkillProgress({
        skills: [
          { skill: 'speaking', graded: 2, average_percent: '72.5' },
          { skill: 'juggling', graded: 1, average_percent: 10 },
        ],
        weeks: [
          { week: '2026-11-23', skill: 'speaking', graded: '2', average_percent: 72.5 },
          { week: '2026-11-23', skill: 'writing', graded: 1, average_percent: null },
        ],
      }),
    ).toEqual({
      skills: [{ skill: 'speaking', graded: 2, averagePercent: 72.5 }],
      weeks: [
        { week: '2026-11-23', skill: 'speaking', graded: 2, averagePercent: 72.5 },
        { week: '2026-11-23', skill: 'writing', graded: 1, averagePercent: null },
      ],
    });
  });

  it('answers null when the database does (not the caller’s to see)', () => {
    expect(toSkillProgress(null)).toBeNull();
  });
});

describe('skillProgressReadModel.get', () => {
  it('calls get_skill_progress once for the student', async () => {
    fake.on('POST', '/rest/v1/rpc/get_skill_progress', { body: { skills: [], weeks: [] } });
    const result = await skillProgressReadModel.get('student-1');
    expect(result).toEqual({ success: true, data: { skills: [], weeks: [] } });
    const calls = fake.requestsTo('POST', '/rest/v1/rpc/get_skill_progress');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ student_uuid: 'student-1' });
  });
});
