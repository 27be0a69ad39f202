import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  closeDb,
  createPerson,
  expectDenied,
  expectNoRows,
  ownerQuery,
  service,
} from './fixtures';

let admin: Person;
let teacher: Person;
let student: Person;

// The settings row is shared by the whole stack: each test puts back what it changed.
let saved: Record<string, unknown>;

beforeAll(async () => {
  [admin, teacher, student] = await Promise.all([
    createPerson('admin', 'Setter'),
    createPerson('teacher', 'Reader'),
    createPerson('student', 'Reader'),
  ]);
  const { data } = await service
    .from('app_settings')
    .select('general, notifications, security, appearance, email')
    .single();
  saved = data as Record<string, unknown>;
});

afterAll(async () => {
  await service.from('app_settings').update(saved).eq('id', 1);
  await closeDb();
});

describe('reading settings', () => {
  it('an admin reads every group but never the SMTP password', async () => {
    const { data, error } = await admin.client.from('app_settings').select('*').single();
    expect(error).toBeNull();
    expect(Object.keys(data ?? {}).sort()).toEqual(
      [
        'appearance',
        'billing',
        'email',
        'general',
        'id',
        'notifications',
        'security',
        'smtp_password_set',
        'updated_at',
        'updated_by',
      ].sort(),
    );
    expect(data?.email).not.toHaveProperty('smtpPassword');
    expect(data?.security).toMatchObject({
      sessionTimeout: expect.any(Number),
      maxLoginAttempts: expect.any(Number),
    });
  });

  it('others cannot select the row, but read the theme and branding through get_app_settings', async () => {
    for (const person of [teacher, student]) {
      expect((await person.client.from('app_settings').select('*')).data).toEqual([]);
      const { data, error } = await person.client.rpc('get_app_settings');
      expect(error).toBeNull();
      expect(Object.keys(data as object).sort()).toEqual([
        'appearance',
        'general',
        'id',
        'updated_at',
      ]);
    }
    const full = await admin.client.rpc('get_app_settings');
    expect(full.data).toHaveProperty('security');
    expect(full.data).toHaveProperty('smtp_password_set');
  });

  it('anonymous callers read nothing', async () => {
    expectDenied(await anonClient().from('app_settings').select('*'));
    expect((await anonClient().rpc('get_app_settings')).error?.code).toBe('42501');
  });
});

describe('changing settings', () => {
  it('an admin saves a group; missing keys keep their defaults; updated_by is stamped', async () => {
    const { data, error } = await admin.client
      .from('app_settings')
      .update({ appearance: { theme: 'dark', primaryColor: '#112233' } })
      .eq('id', 1)
      .select('appearance, updated_by')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      appearance: {
        theme: 'dark',
        primaryColor: '#112233',
        secondaryColor: '#10B981',
        accentColor: '#F59E0B',
      },
      updated_by: admin.id,
    });
    const seen = await student.client.rpc('get_app_settings');
    expect((seen.data as { appearance: { theme: string } }).appearance.theme).toBe('dark');
  });

  it('teachers and students cannot change settings', async () => {
    for (const person of [teacher, student]) {
      expectNoRows(
        await person.client
          .from('app_settings')
          .update({ appearance: { theme: 'dark' } })
          .eq('id', 1)
          .select('id'),
      );
    }
  });

  it('there is one row: no inserts or deletes', async () => {
    expectDenied(await admin.client.from('app_settings').insert({ id: 2 }));
    expectDenied(await admin.client.from('app_settings').delete().eq('id', 1));
  });

  it.each([
    [{ security: { sessionTimeout: 4 } }, 'Session timeout must be between 5 and 480 minutes'],
    [{ security: { sessionTimeout: 481 } }, 'Session timeout must be between 5 and 480 minutes'],
    [{ security: { passwordExpiry: 29 } }, 'Password expiry must be between 30 and 365 days'],
    [{ security: { passwordExpiry: 366 } }, 'Password expiry must be between 30 and 365 days'],
    [{ security: { maxLoginAttempts: 2 } }, 'Max login attempts must be between 3 and 10'],
    [{ security: { maxLoginAttempts: 11 } }, 'Max login attempts must be between 3 and 10'],
    [{ security: { maxLoginAttempts: 5.5 } }, 'Max login attempts must be between 3 and 10'],
    [{ security: { twoFactorAuth: 'yes' } }, 'Setting security.twoFactorAuth must be a boolean'],
    [{ general: { defaultLanguage: 'it' } }, 'Default language must be one of en, es, fr, de'],
    [{ general: { timezone: 'Mars/Olympus' } }, 'Unknown time zone Mars/Olympus'],
    [{ general: { siteName: ' ' } }, 'Site name is required (at most 100 characters)'],
    [{ general: { colour: 'red' } }, 'Unknown setting general.colour'],
    [{ appearance: { theme: 'neon' } }, 'Theme must be light, dark or auto'],
    [
      { appearance: { accentColor: 'orange' } },
      'Setting appearance.accentColor must be a hex colour such as #3B82F6',
    ],
    [{ email: { smtpPort: 70000 } }, 'SMTP port must be between 1 and 65535'],
    [
      { email: { smtpPassword: 'secret' } },
      'The SMTP password is write-only: set it with set_smtp_password',
    ],
    [{ notifications: ['on'] }, 'Settings group notifications must be an object'],
  ])('refuses %j', async (change, message) => {
    const { error } = await admin.client.from('app_settings').update(change).eq('id', 1);
    expect(error?.message).toBe(message);
  });

  it('accepts the bounds themselves and a real time zone', async () => {
    const { error } = await admin.client
      .from('app_settings')
      .update({
        security: { sessionTimeout: 480, passwordExpiry: 30, maxLoginAttempts: 10 },
        general: { timezone: 'America/New_York', defaultLanguage: 'es' },
      })
      .eq('id', 1);
    expect(error).toBeNull();
  });
});

describe('the SMTP password', () => {
  it('is write-only: an admin sets it, only smtp_password_set shows it exists', async () => {
    expect((await admin.client.rpc('set_smtp_password', { password: 's3cret!' })).error).toBeNull();
    const { data } = await admin.client
      .from('app_settings')
      .select('smtp_password_set, email')
      .single();
    expect(data?.smtp_password_set).toBe(true);
    expect(JSON.stringify(data)).not.toContain('s3cret!');
    expect(JSON.stringify((await admin.client.rpc('get_app_settings')).data)).not.toContain(
      's3cret!',
    );

    const stored = await ownerQuery<{ value: string }>(
      `select value from private.app_secrets where name = 'smtp_password'`,
    );
    expect(stored.rows).toEqual([{ value: 's3cret!' }]);

    await admin.client.rpc('set_smtp_password', { password: '' });
    expect(
      (await admin.client.from('app_settings').select('smtp_password_set').single()).data,
    ).toEqual({
      smtp_password_set: false,
    });
  });

  it('cannot be set by teachers or students, nor read through the API', async () => {
    for (const person of [teacher, student]) {
      const { error } = await person.client.rpc('set_smtp_password', { password: 'hijack' });
      expect(error?.code).toBe('42501');
      expect(error?.message).toBe('Only administrators can change the SMTP password');
    }
    // `private` is not exposed by the API.
    const secrets = await admin.client
      .schema('private' as 'public')
      .from('app_secrets')
      .select('*');
    expect(secrets.error).toBeTruthy();
  });

  it('cannot be flagged as set by writing smtp_password_set', async () => {
    expectDenied(
      await admin.client.from('app_settings').update({ smtp_password_set: true }).eq('id', 1),
    );
  });
});
