import { beforeAll, describe, expect, it } from 'vitest';
import { enrollVerifiedTotp } from '../../local-supabase/tests/totp';
import { createPerson, type Person } from './fixtures';

// User Management offers "Reset two-factor" only for accounts that have it (issue 29): the user list
// reads `has_two_factor` in the same request. Only administrators learn it; anyone else reads null.

let admin: Person;
let teacher: Person;
let withFactor: Person;
let halfway: Person;
let without: Person;

beforeAll(async () => {
  [admin, teacher, withFactor, halfway, without] = await Promise.all([
    createPerson('admin', 'Flag'),
    createPerson('teacher', 'Flag'),
    createPerson('student', 'Secured'),
    createPerson('student', 'Halfway'),
    createPerson('student', 'Plain'),
  ]);
  await enrollVerifiedTotp(withFactor.client);
  // A factor enrolled but never verified is not two-factor sign-in.
  const { error } = await halfway.client.auth.mfa.enroll({ factorType: 'totp' });
  if (error) throw error;
});

async function flags(reader: Person): Promise<Record<string, boolean | null>> {
  const { data, error } = await reader.client
    .from('users')
    .select('id, has_two_factor')
    .in('id', [withFactor.id, halfway.id, without.id]);
  expect(error).toBeNull();
  return Object.fromEntries(
    ((data ?? []) as Array<{ id: string; has_two_factor: boolean | null }>).map((row) => [
      row.id,
      row.has_two_factor,
    ]),
  );
}

describe('has_two_factor on the user list', () => {
  it('tells an administrator who has a verified authenticator, in the list request itself', async () => {
    expect(await flags(admin)).toEqual({
      [withFactor.id]: true,
      [halfway.id]: false,
      [without.id]: false,
    });
  });

  it('tells nobody else (a teacher, the student themselves): null', async () => {
    const teacherRead = await teacher.client
      .from('users')
      .select('id, has_two_factor')
      .eq('id', withFactor.id);
    expect(teacherRead.error).toBeNull();
    for (const row of (teacherRead.data ?? []) as Array<{ has_two_factor: unknown }>) {
      expect(row.has_two_factor).toBeNull();
    }
    const own = await without.client.from('users').select('has_two_factor').eq('id', without.id);
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ has_two_factor: null }]);
  });
});
