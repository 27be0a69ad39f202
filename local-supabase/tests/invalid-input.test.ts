import { describe, expect, it } from 'vitest';
import { API_URL } from '../src/config';
import { DEMO_ACCOUNTS, auth, freshIp, requestFrom, signInAs, signUpUser, uniqueEmail, type Answer } from './support';

// docs/security.md "Invalid input": a NUL character in a JSON string, or an oversized field, is a
// 4xx with a clear code on every route (GoTrue's and Storage's own names), never a 500.

const NUL = 'a\u0000b';

function expectAuthRefusal(label: string, answer: Answer) {
  expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(400);
  expect(answer.body.error_code, label).toBe('validation_failed');
}

describe('auth routes', () => {
  it('answer 400 validation_failed to a NUL character in any JSON string', async () => {
    const person = await signUpUser('nul-auth');
    const token = person.session.access_token;
    const cases: Array<[string, Promise<Answer>]> = [
      ['password grant', auth(freshIp(), 'POST', '/token?grant_type=password', { email: `x${NUL}@example.test`, password: 'whatever1' })],
      ['password grant (password)', auth(freshIp(), 'POST', '/token?grant_type=password', { email: person.email, password: NUL })],
      ['refresh grant', auth(freshIp(), 'POST', '/token?grant_type=refresh_token', { refresh_token: NUL })],
      ['sign-up', auth(freshIp(), 'POST', '/signup', { email: uniqueEmail('nul'), password: 'password123', data: { first_name: NUL } })],
      ['PUT /user', auth(freshIp(), 'PUT', '/user', { data: { bio: NUL } }, token)],
      ['recover', auth(freshIp(), 'POST', '/recover', { email: `x${NUL}@example.test` })],
      ['verify', auth(freshIp(), 'POST', '/verify', { type: 'recovery', email: person.email, token: NUL })],
      ['verify (token hash)', auth(freshIp(), 'POST', '/verify', { type: 'recovery', token_hash: NUL })],
      ['factors', auth(freshIp(), 'POST', '/factors', { factor_type: 'totp', friendly_name: NUL }, token)],
      ['a NUL in a key', auth(freshIp(), 'PUT', '/user', { data: { [NUL]: 'x' } }, token)],
    ];
    for (const [label, answer] of cases) expectAuthRefusal(label, await answer);
    // Nothing was changed by the refused update.
    const user = await auth(freshIp(), 'GET', '/user', undefined, token);
    expect((user.body.user_metadata as Record<string, unknown>).bio).toBeUndefined();
  });

  it('refuse an oversized issuer or friendly name on /factors with 400 validation_failed', async () => {
    const { session } = await signUpUser('factor-sizes');
    const issuer = await auth(freshIp(), 'POST', '/factors', { factor_type: 'totp', issuer: 'x'.repeat(100_000) }, session.access_token);
    expectAuthRefusal('100 KB issuer', issuer);
    const name = await auth(freshIp(), 'POST', '/factors', { factor_type: 'totp', friendly_name: 'x'.repeat(1_000) }, session.access_token);
    expectAuthRefusal('1000-character friendly name', name);
    // Ordinary values still enrol.
    const ordinary = await auth(freshIp(), 'POST', '/factors', { factor_type: 'totp', issuer: 'Lingua Academy', friendly_name: 'My phone' }, session.access_token);
    expect(ordinary.status).toBe(200);
  });
});

describe('storage routes (through the shared JSON reader)', () => {
  it('answer 400 InvalidRequest to a NUL character in list, sign and delete', async () => {
    const { session } = await signUpUser('nul-storage');
    const storage = (method: string, path: string, body: unknown) =>
      requestFrom(freshIp(), method, new URL(`/storage/v1${path}`, API_URL), body, session.access_token);
    const cases: Array<[string, Promise<Answer>]> = [
      ['list', storage('POST', '/object/list/avatars', { prefix: NUL, limit: 10 })],
      ['sign many', storage('POST', '/object/sign/materials', { expiresIn: 60, paths: [NUL] })],
      ['delete', storage('DELETE', '/object/avatars', { prefixes: [`${session.user.id}/${NUL}`] })],
    ];
    for (const [label, pending] of cases) {
      const answer = await pending;
      expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body, label).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
    }
  });
});

describe('the admin-users function', () => {
  it('answers 400 VALIDATION_ERROR naming the field to a NUL character, in every action', async () => {
    const admin = await signInAs(DEMO_ACCOUNTS.admin.email);
    const { data } = await admin.auth.getSession();
    const token = data.session?.access_token as string;
    const call = (body: unknown) => requestFrom(freshIp(), 'POST', new URL('/functions/v1/admin-users', API_URL), body, token);
    const cases: Array<[string, unknown, string]> = [
      ['create', { action: 'create', email: uniqueEmail('nul'), firstName: NUL, lastName: 'B', role: 'student' }, 'firstName'],
      ['create (email)', { action: 'create', email: `x${NUL}@example.test`, firstName: 'A', lastName: 'B', role: 'student' }, 'email'],
      ['update', { action: 'update', id: DEMO_ACCOUNTS.student.id, bio: NUL }, 'bio'],
      ['import', { action: 'import', users: [{ email: uniqueEmail('nul'), firstName: 'A', lastName: NUL, role: 'student' }] }, 'users[0].lastName'],
    ];
    for (const [label, body, field] of cases) {
      const answer = await call(body);
      expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body, label).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    }
  });
});
