import { afterAll, describe, expect, it } from 'vitest';
import { userManagementReadModel } from '../../../shared-data/src/read-models/user-management';
import { uniqueEmail } from '../../../local-supabase/tests/support';
import { type OutboxMessage, readOutbox } from '../../../local-supabase/src/outbox-client';
import { emptyUserForm, toNewUserInput } from '../../../shared-data/src/rules/user-form';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import {
  previewUserImport,
  rowsToSend,
  userImportReport,
} from '../../../shared-data/src/rules/user-import';
import { usersService } from '../../../shared-data/src/services/users';
import { ownerQuery, closeDb, service } from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, installLocalDataClient, signInAs } from './data-client';

installLocalDataClient();

// The services User Management calls, through supabase-js, PostgREST, RLS and the admin-users
// function: the figures, one sorted and searched page, and a CSV import with bad rows.

const createdUsers: string[] = [];
afterAll(async () => {
  for (const id of createdUsers) await service.auth.admin.deleteUser(id).catch(() => undefined);
  await closeDb();
});

describe('usersService.countByRole (the screen figures, one request)', () => {
  it('counts every profile by role for an administrator', async () => {
    await signInAs('admin');
    const counts = dataOf(await userManagementReadModel.counts());
    const { rows } = await ownerQuery<{ role: string; count: number }>(
      'select role, count(*)::int as count from public.users group by role',
    );
    const byRole = Object.fromEntries(rows.map((row) => [row.role, row.count]));
    expect(counts).toEqual({
      total: rows.reduce((sum, row) => sum + row.count, 0),
      student: byRole.student ?? 0,
      teacher: byRole.teacher ?? 0,
      admin: byRole.admin ?? 0,
    });
  });

  it('counts only what a student may see: themself and the teachers', async () => {
    await signInAs('student');
    const counts = dataOf(await userManagementReadModel.counts());
    expect(counts.student).toBe(1);
    expect(counts.admin).toBe(0);
  });
});

describe('usersService.list (one page, sorted and searched by the server)', () => {
  it('sorts by name and finds people by first name, last name or email, within a role', async () => {
    await signInAs('admin');
    const tag = uniqueEmail('sortable')
      .split('@')[0]!
      .replace(/[^a-z0-9]/g, '');
    const people = [
      { first: 'Zoe', last: `Alpha${tag}` },
      { first: 'Adam', last: `Beta${tag}` },
      { first: 'Mia', last: `Gamma${tag}` },
    ];
    for (const person of people) {
      const created = dataOf(
        await usersService.adminCreate({
          email: uniqueEmail(`${person.first.toLowerCase()}-${tag}`),
          firstName: person.first,
          lastName: person.last,
          role: 'teacher',
        }),
      );
      createdUsers.push(created.user.id);
    }

    const byName = dataOf(
      await usersService.list({ search: tag, sortBy: 'name', sortOrder: 'asc', limit: 10 }),
    );
    expect(byName.items.map((user) => user.firstName)).toEqual(['Adam', 'Mia', 'Zoe']);
    expect(byName.total).toBe(3);

    const byNameDesc = dataOf(
      await usersService.list({ search: tag, sortBy: 'name', sortOrder: 'desc', limit: 2 }),
    );
    expect(byNameDesc.items.map((user) => user.firstName)).toEqual(['Zoe', 'Mia']);
    expect(byNameDesc.totalPages).toBe(2);

    // The search reads the last name, and the role filter narrows it.
    expect(dataOf(await usersService.list({ search: `gamma${tag}` })).items).toHaveLength(1);
    expect(dataOf(await usersService.list({ search: tag, role: 'student' })).total).toBe(0);
  });

  it('puts those who never signed in last when sorting by last login, either way', async () => {
    await signInAs('admin');
    for (const sortOrder of ['asc', 'desc'] as const) {
      const page = dataOf(await usersService.list({ sortBy: 'lastLogin', sortOrder, limit: 100 }));
      const logins = page.items.map((user) => user.lastLogin);
      const firstNever = logins.indexOf(null);
      if (firstNever >= 0)
        expect(logins.slice(firstNever).every((login) => login === null)).toBe(true);
      const dates = logins.filter((login): login is string => login !== null).map(Date.parse);
      const sorted = [...dates].sort((a, b) => (sortOrder === 'asc' ? a - b : b - a));
      expect(dates).toEqual(sorted);
    }
  });
});

  it('finds a person by their full name, in either order and any case (issue 29 item 14)', async () => {
    await signInAs('admin');
    const tag = uniqueEmail('fullname')
      .split('@')[0]!
      .replace(/[^a-z0-9]/g, '');
    const ana = dataOf(
      await usersService.adminCreate({
        email: uniqueEmail(`ana-${tag}`),
        firstName: `Ana${tag}`,
        lastName: `García${tag}`,
        role: 'student',
      }),
    );
    const other = dataOf(
      await usersService.adminCreate({
        email: uniqueEmail(`anab-${tag}`),
        firstName: `Ana${tag}`,
        lastName: `López${tag}`,
        role: 'student',
      }),
    );
    createdUsers.push(ana.user.id, other.user.id);

    const found = async (search: string) =>
      dataOf(await usersService.list({ search, limit: 10 })).items.map((user) => user.id);
    // Before: one column at a time, so a first and a last name together matched nobody.
    expect(await found(`Ana${tag} García${tag}`)).toEqual([ana.user.id]);
    expect(await found(`  garcía${tag}   ana${tag} `)).toEqual([ana.user.id]);
    expect(await found(`ANA${tag} GARC`)).toEqual([ana.user.id]);
    // A word that is in nobody's name or address finds nobody, even beside one that is.
    expect(await found(`Ana${tag} Pérez${tag}`)).toEqual([]);
    // The student picker's request (active students by name) finds her the same way.
    const picker = dataOf(
      await usersService.list({
        role: 'student',
        isActive: true,
        search: `Ana${tag} García`,
        sortBy: 'name',
        sortOrder: 'asc',
        limit: 100,
      }),
    );
    expect(picker.items.map((user) => user.id)).toEqual([ana.user.id]);
  });

describe('usersService.adminImport with a CSV file that has bad rows', () => {
  it('sends only the good rows; the report says what was created and why the others were not', async () => {
    await signInAs('admin');
    const good = uniqueEmail('csv-good');
    const alsoGood = uniqueEmail('csv-also');
    const header = ['first_name', 'last_name', 'email', 'role', 'phone', 'location'];
    const records = [
      {
        first_name: 'Ana',
        last_name: 'Gil',
        email: good,
        role: 'Profesor',
        phone: '',
        location: 'Lima',
      },
      {
        first_name: '',
        last_name: 'Nameless',
        email: uniqueEmail('csv-noname'),
        role: 'student',
        phone: '',
        location: '',
      },
      {
        first_name: 'Bad',
        last_name: 'Role',
        email: uniqueEmail('csv-role'),
        role: 'owner',
        phone: '',
        location: '',
      },
      {
        first_name: 'Taken',
        last_name: 'Email',
        email: DEMO_ACCOUNTS.teacher.email,
        role: 'student',
        phone: '',
        location: '',
      },
      {
        first_name: 'Twice',
        last_name: 'Listed',
        email: good.toUpperCase(),
        role: 'student',
        phone: '',
        location: '',
      },
      {
        first_name: 'Bo',
        last_name: 'Li',
        email: alsoGood,
        role: 'admin',
        phone: '+34 600',
        location: '',
      },
    ];
    const preview = previewUserImport(header, records);
    expect([preview.valid, preview.invalid]).toEqual([3, 3]);

    const progress: number[] = [];
    const results = dataOf(
      await usersService.adminImport(rowsToSend(preview), (done) => progress.push(done)),
    );
    const report = userImportReport(preview, results);
    for (const outcome of report)
      if (outcome.status === 'created') createdUsers.push(outcome.userId);

    expect(report.map((outcome) => [outcome.line, outcome.status])).toEqual([
      [2, 'created'],
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'failed'],
      [6, 'invalid'],
      [7, 'created'],
    ]);
    expect(progress).toEqual([3]);
    const taken = report[3];
    expect(taken?.status === 'failed' && errorMessageKey(taken.error)).toBe('emailTaken');

    const { rows } = await ownerQuery<{ email: string; role: string; location: string | null }>(
      'select email, role, location from public.users where email = any($1) order by email',
      [[good, alsoGood]],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: good, role: 'teacher', location: 'Lima' },
        { email: alsoGood, role: 'admin', location: null },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('a teacher imports nothing: every row fails with the refusal', async () => {
    await signInAs('teacher');
    const email = uniqueEmail('csv-teacher');
    const results = dataOf(
      await usersService.adminImport([
        { email, firstName: 'Not', lastName: 'Allowed', role: 'admin' },
      ]),
    );
    expect(results).toHaveLength(1);
    expect(results[0]?.status).toBe('failed');
    if (results[0]?.status === 'failed')
      expect(errorMessageKey(results[0].error)).toBe('notAllowed');
    const { rows } = await ownerQuery('select 1 from public.users where email = $1', [email]);
    expect(rows).toEqual([]);
  });
});

describe('the language of an account an administrator makes (issue 29 item 10)', () => {
  /** The mails to one address, once the outbox has at least one. */
  async function welcomeMailTo(email: string): Promise<OutboxMessage> {
    let mails: OutboxMessage[] = [];
    await expect
      .poll(async () => {
        mails = await readOutbox(email);
        return mails.length;
      }, { timeout: 15_000 })
      .toBeGreaterThan(0);
    return mails[0]!;
  }

  it('the create form sends it: a Spanish account gets its welcome mail in Spanish', async () => {
    await signInAs('admin');
    const email = uniqueEmail('form-es');
    const form = { ...emptyUserForm(), firstName: 'Marta', lastName: 'Nueva', email, role: 'student' as const };
    const created = dataOf(await usersService.adminCreate(toNewUserInput({ ...form, language: 'es' })));
    createdUsers.push(created.user.id);

    const mail = await welcomeMailTo(email);
    expect(mail.subject).toContain('Tu cuenta está lista');
    expect(mail.text).toContain('Hola, Marta:');
    const { rows } = await ownerQuery<{ language: string | null }>(
      'select language from public.users where id = $1',
      [created.user.id],
    );
    expect(rows[0]?.language).toBe('es');
  });

  it("the CSV import sends each row's language column: en and es as written", async () => {
    await signInAs('admin');
    const [spanish, english] = [uniqueEmail('csv-es'), uniqueEmail('csv-en')];
    const header = ['first_name', 'last_name', 'email', 'role', 'language'];
    const preview = previewUserImport(header, [
      { first_name: 'Ana', last_name: 'Import', email: spanish, role: 'student', language: 'Español' },
      { first_name: 'Bob', last_name: 'Import', email: english, role: 'student', language: 'en' },
    ]);
    const results = dataOf(await usersService.adminImport(rowsToSend(preview)));
    for (const result of results) if (result.status === 'created') createdUsers.push(result.userId);
    expect(results.map((result) => result.status)).toEqual(['created', 'created']);

    expect((await welcomeMailTo(spanish)).subject).toContain('Tu cuenta está lista');
    expect((await welcomeMailTo(english)).subject).toContain('Your account is ready');
  });
});
