import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSettings } from '../../../shared-data/src/mappers/settings';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { settingsService } from '../../../shared-data/src/services/settings';
import { service } from '../fixtures';
import { dataOf, signInAs, installLocalDataClient } from './data-client';

installLocalDataClient();

// The settings are one shared row: put back what was there.
let original: AppSettings;
beforeAll(async () => {
  await signInAs('admin');
  original = dataOf(await settingsService.get());
});
afterAll(async () => {
  await signInAs('admin');
  await settingsService.update({ general: original.general, appearance: original.appearance });
  if (!original.smtpPasswordSet) await settingsService.setSmtpPassword('');
});

describe('settingsService (admin settings screen)', () => {
  it('an admin reads every group, saves a change and reads it back', async () => {
    await signInAs('admin');
    expect(Object.keys(original).sort()).toEqual(
      ['appearance', 'email', 'general', 'notifications', 'security', 'smtpPasswordSet'].sort(),
    );

    const saved = dataOf(
      await settingsService.update({
        general: { ...original.general, siteName: 'Service Test School' },
      }),
    );
    expect(saved.general.siteName).toBe('Service Test School');
    expect(dataOf(await settingsService.get()).general.siteName).toBe('Service Test School');
  });

  it('an admin sets the SMTP password, which is never read back', async () => {
    await signInAs('admin');

    expect(await settingsService.setSmtpPassword('s3cret-for-tests')).toEqual({
      success: true,
      data: null,
    });

    const settings = dataOf(await settingsService.get());
    expect(settings.smtpPasswordSet).toBe(true);
    expect(JSON.stringify(settings)).not.toContain('s3cret-for-tests');
    const { data } = await service.from('app_settings').select('*').eq('id', 1).single();
    expect(JSON.stringify(data)).not.toContain('s3cret-for-tests');
  });

  it('a student reads the public groups but can neither save settings nor set the SMTP password', async () => {
    await signInAs('admin');
    const adminView = dataOf(await settingsService.get());
    await signInAs('student');

    const visible = dataOf(await settingsService.get());
    expect(visible.general).toEqual(adminView.general);
    expect(visible.appearance).toEqual(adminView.appearance);

    const saved = await settingsService.update({
      general: { ...original.general, siteName: 'Hijacked' },
    });
    expect(saved.success).toBe(false);
    if (!saved.success) expect(saved.error.code).toBe('UPDATE_SETTINGS_ERROR');

    const smtp = await settingsService.setSmtpPassword('student-guess');
    expect(smtp).toMatchObject({
      success: false,
      error: {
        code: 'UPDATE_SETTINGS_ERROR',
        message: 'Only administrators can change the SMTP password',
        details: { code: '42501' },
      },
    });
    if (!smtp.success) expect(errorMessageKey(smtp.error)).toBe('notAllowed');

    await signInAs('admin');
    expect(dataOf(await settingsService.get()).general.siteName).not.toBe('Hijacked');
  });
});
