import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../rules/settings';
import { installFakeSupabase, settingsRow } from '../test-support/fake-supabase';
import { settingsService } from './settings';

const fake = installFakeSupabase();

describe('settingsService.get', () => {
  it('reads get_app_settings over the defaults', async () => {
    fake.on('POST', '/rest/v1/rpc/get_app_settings', {
      body: settingsRow({
        general: { siteName: 'Escuela Sol', timezone: 'America/Chicago' },
        appearance: { theme: 'dark' },
        smtp_password_set: true,
      }),
    });

    const result = await settingsService.get();

    expect(result).toEqual({
      success: true,
      data: {
        ...DEFAULT_SETTINGS,
        general: {
          ...DEFAULT_SETTINGS.general,
          siteName: 'Escuela Sol',
          timezone: 'America/Chicago',
        },
        appearance: { ...DEFAULT_SETTINGS.appearance, theme: 'dark' },
        smtpPasswordSet: true,
      },
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('fills the groups a non-admin does not receive with the defaults', async () => {
    fake.on('POST', '/rest/v1/rpc/get_app_settings', {
      body: { id: 1, general: DEFAULT_SETTINGS.general, appearance: { theme: 'auto' } },
    });

    expect(await settingsService.get()).toEqual({
      success: true,
      data: {
        ...DEFAULT_SETTINGS,
        appearance: { ...DEFAULT_SETTINGS.appearance, theme: 'auto' },
        smtpPasswordSet: false,
      },
    });
  });

  it('is all defaults when there is no row', async () => {
    fake.on('POST', '/rest/v1/rpc/get_app_settings', { body: null });

    expect(await settingsService.get()).toEqual({
      success: true,
      data: { ...DEFAULT_SETTINGS, smtpPasswordSet: false },
    });
  });

  it("falls back to 'Failed to load settings'", async () => {
    fake.on('POST', '/rest/v1/rpc/get_app_settings', { status: 500, body: {} });

    expect(await settingsService.get()).toMatchObject({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'Failed to load settings' },
    });
  });
});

describe('settingsService.getPublic', () => {
  it('reads get_public_settings, with the session timeout of a signed-in caller', async () => {
    fake.on('POST', '/rest/v1/rpc/get_public_settings', {
      body: {
        siteName: 'Escuela Sol',
        contactEmail: 'secretaria@escuelasol.es',
        defaultLanguage: 'es',
        theme: 'dark',
        primaryColor: '#7C3AED',
        secondaryColor: '#0EA5E9',
        accentColor: '#F43F5E',
        currency: 'EUR',
        sessionTimeout: 45,
      },
    });

    expect(await settingsService.getPublic()).toEqual({
      success: true,
      data: {
        siteName: 'Escuela Sol',
        contactEmail: 'secretaria@escuelasol.es',
        defaultLanguage: 'es',
        theme: 'dark',
        primaryColor: '#7C3AED',
        secondaryColor: '#0EA5E9',
        accentColor: '#F43F5E',
        currency: 'EUR',
        sessionTimeout: 45,
      },
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("reads an anonymous visitor's answer (no session timeout) and defaults what is malformed", async () => {
    fake.on('POST', '/rest/v1/rpc/get_public_settings', {
      body: {
        siteName: '  ',
        contactEmail: 'not an address',
        theme: 'sepia',
        primaryColor: 'blue',
        accentColor: '#abc',
        currency: 'euros',
      },
    });

    expect(await settingsService.getPublic()).toEqual({
      success: true,
      data: {
        siteName: 'Lingua Academy',
        contactEmail: '',
        defaultLanguage: 'en',
        theme: 'light',
        primaryColor: '#3B82F6',
        secondaryColor: '#10B981',
        accentColor: '#abc',
        currency: null,
        sessionTimeout: null,
      },
    });
  });

  it("falls back to 'Failed to load settings'", async () => {
    fake.on('POST', '/rest/v1/rpc/get_public_settings', { status: 500, body: {} });

    expect(await settingsService.getPublic()).toMatchObject({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'Failed to load settings' },
    });
  });
});

describe('settingsService.update', () => {
  it('writes whole groups to row 1, never a password', async () => {
    fake.on('PATCH', '/rest/v1/app_settings', {
      body: [settingsRow({ security: { sessionTimeout: 60 } })],
    });

    const email = { ...DEFAULT_SETTINGS.email, smtpHost: 'smtp.school.test', smtpPassword: 'leak' };
    const result = await settingsService.update({
      security: { ...DEFAULT_SETTINGS.security, sessionTimeout: 60 },
      email,
    });

    expect(result).toMatchObject({ success: true, data: { security: { sessionTimeout: 60 } } });
    const [request] = fake.requests;
    expect(request?.query.get('id')).toBe('eq.1');
    expect(request?.body).toEqual({
      security: { ...DEFAULT_SETTINGS.security, sessionTimeout: 60 },
      email: { ...DEFAULT_SETTINGS.email, smtpHost: 'smtp.school.test' },
    });
  });

  it('refuses values outside the allowed bounds before sending', async () => {
    const result = await settingsService.update({
      security: { ...DEFAULT_SETTINGS.security, sessionTimeout: 500, maxLoginAttempts: 2 },
    });

    expect(result).toEqual({
      success: false,
      error: {
        code: 'UPDATE_SETTINGS_ERROR',
        message:
          'Session timeout must be between 5 and 480 minutes. Max login attempts must be between 3 and 10',
        details: {
          problems: [
            'Session timeout must be between 5 and 480 minutes',
            'Max login attempts must be between 3 and 10',
          ],
        },
      },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('fails when the row was not changed (not an admin)', async () => {
    fake.on('PATCH', '/rest/v1/app_settings', { body: [] });

    expect(await settingsService.update({ general: DEFAULT_SETTINGS.general })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_SETTINGS_ERROR', message: 'Failed to save settings' },
    });
  });
});

describe('settingsService.setSmtpPassword', () => {
  it('sends the password to the write-only function', async () => {
    fake.on('POST', '/rest/v1/rpc/set_smtp_password', { status: 204 });

    expect(await settingsService.setSmtpPassword('s3cret')).toEqual({ success: true, data: null });
    expect(fake.requests[0]?.body).toEqual({ password: 's3cret' });
  });

  it('clears the password with an empty one', async () => {
    fake.on('POST', '/rest/v1/rpc/set_smtp_password', { status: 204 });

    expect(await settingsService.setSmtpPassword('')).toEqual({ success: true, data: null });
    expect(fake.requests[0]?.body).toEqual({ password: '' });
  });

  it('carries a refusal', async () => {
    fake.on('POST', '/rest/v1/rpc/set_smtp_password', {
      status: 403,
      body: { code: '42501', message: 'Only administrators can change the SMTP password' },
    });

    expect(await settingsService.setSmtpPassword('x')).toMatchObject({
      success: false,
      error: {
        code: 'UPDATE_SETTINGS_ERROR',
        message: 'Only administrators can change the SMTP password',
      },
    });
  });
});
