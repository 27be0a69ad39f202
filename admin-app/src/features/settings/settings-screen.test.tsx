import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SETTINGS,
  fail,
  ok,
  settingsService,
  type AppSettings,
  type SettingsGroups,
} from '@portal/shared-data';
import { renderScreen } from '../../test-support/render-screen';
import SettingsScreen from './settings-screen';

// A big form (five tabs, every field mounted) typed into key by key: slower than most screens.

// The query and mutation options call these very service objects, so their functions are replaced
// in place (the unit boundary is the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.settingsService, {
    get: vi.fn(),
    update: vi.fn(),
    setSmtpPassword: vi.fn(),
  });
  return actual;
});

const getSettings = vi.mocked(settingsService.get);
const updateSettings = vi.mocked(settingsService.update);
const setSmtpPassword = vi.mocked(settingsService.setSmtpPassword);

/** The school's stored settings: some values differ from the defaults, hidden ones included. */
function stored(overrides: Partial<AppSettings> = {}): AppSettings {
  return {
    ...structuredClone(DEFAULT_SETTINGS),
    general: {
      ...DEFAULT_SETTINGS.general,
      siteName: 'Escuela Sol',
      timezone: 'America/Chicago',
    },
    notifications: { ...DEFAULT_SETTINGS.notifications, smsNotifications: true },
    security: { ...DEFAULT_SETTINGS.security, sessionTimeout: 60, passwordExpiry: 120 },
    smtpPasswordSet: false,
    ...overrides,
  };
}

/** What the service answers after a save: the groups written, as the database keeps them. */
function savedAs(groups: Partial<SettingsGroups>, smtpPasswordSet = false) {
  return ok({ ...stored(), ...groups, smtpPasswordSet } as AppSettings);
}

beforeEach(() => {
  getSettings.mockResolvedValue(ok(stored()));
  updateSettings.mockImplementation(async (groups) => savedAs(groups));
  setSmtpPassword.mockResolvedValue(ok(null));
});

afterEach(() => {
  vi.clearAllMocks();
  notifications.clean();
});

async function openTab(user: ReturnType<typeof renderScreen>['user'], name: string) {
  await user.click(await screen.findByRole('tab', { name }));
}

describe('SettingsScreen: loading', { timeout: 20_000 }, () => {
  it('shows a loader, then the six tabs (Billing last, read only when opened) with the stored values', async () => {
    renderScreen(<SettingsScreen />, { path: '/settings' });

    expect(screen.getByLabelText('Loading settings…')).toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'General',
      'Notifications',
      'Security',
      'Appearance',
      'Email',
      'Billing',
    ]);
    expect(screen.getByLabelText(/Site name/)).toHaveValue('Escuela Sol');
    expect(screen.getByRole('combobox', { name: /Default language/ })).toHaveValue('English');
    expect(getSettings).toHaveBeenCalledOnce();
  });

  it('shows only settings that take effect', async () => {
    renderScreen(<SettingsScreen />);
    await screen.findByLabelText(/Site name/);

    for (const hidden of [
      /site description/i,
      /time ?zone/i,
      /date format/i,
      /push/i,
      /sms/i,
      /weekly/i,
      /password expiry/i,
    ]) {
      expect(screen.queryByText(hidden)).not.toBeInTheDocument();
      expect(screen.queryByLabelText(hidden)).not.toBeInTheDocument();
    }
  });

  it('says why it could not load, and Try again reads again', async () => {
    getSettings.mockResolvedValueOnce(fail('QUERY_ERROR', 'permission denied', { code: '42501' }));
    const { user } = renderScreen(<SettingsScreen />);

    expect(await screen.findByText('Error loading settings:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.queryByText('permission denied')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByLabelText(/Site name/)).toHaveValue('Escuela Sol');
    expect(getSettings).toHaveBeenCalledTimes(2);
  });

  it('offers English and Spanish only, and reads a stored language without screens as English', async () => {
    getSettings.mockResolvedValue(
      ok(stored({ general: { ...DEFAULT_SETTINGS.general, defaultLanguage: 'de' } })),
    );
    const { user } = renderScreen(<SettingsScreen />);

    const language = await screen.findByRole('combobox', { name: /Default language/ });
    expect(language).toHaveValue('English');
    await user.click(language);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'English',
      'Español',
    ]);
  });
});

describe('SettingsScreen: Save Changes', { timeout: 20_000 }, () => {
  it("saves every group, hidden settings unchanged, and says 'Settings saved successfully!'", async () => {
    const { user } = renderScreen(<SettingsScreen />);
    const siteName = await screen.findByLabelText(/Site name/);
    await user.clear(siteName);
    await user.type(siteName, '  Escuela Luna ');
    await openTab(user, 'Security');
    const timeout = screen.getByLabelText(/Session timeout/);
    await user.clear(timeout);
    await user.type(timeout, '45');
    await openTab(user, 'Notifications');
    await user.click(screen.getByRole('switch', { name: /Enrollment alerts/ }));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(updateSettings).toHaveBeenCalledOnce();
    const groups = updateSettings.mock.calls[0]?.[0] as SettingsGroups;
    expect(groups.general).toEqual({
      ...stored().general,
      siteName: 'Escuela Luna',
    });
    expect(groups.security).toEqual({ ...stored().security, sessionTimeout: 45 });
    expect(groups.notifications).toEqual({ ...stored().notifications, enrollmentAlerts: false });
    expect(groups.appearance).toEqual(DEFAULT_SETTINGS.appearance);
    expect(groups.email).toEqual(DEFAULT_SETTINGS.email);
    // No password typed: the stored one is not touched.
    expect(setSmtpPassword).not.toHaveBeenCalled();
  });

  it('turning email notifications off turns enrolment alerts off with them', async () => {
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Notifications');
    const alerts = screen.getByRole('switch', { name: /Enrollment alerts/ });
    expect(alerts).toBeEnabled();

    await user.click(screen.getByRole('switch', { name: /Email notifications/ }));

    expect(alerts).toBeDisabled();
  });

  it.each([
    ['Security', /Session timeout/, '4', 'Session timeout must be between 5 and 480 minutes'],
    ['Security', /Session timeout/, '481', 'Session timeout must be between 5 and 480 minutes'],
    ['Security', /Max login attempts/, '2', 'Max login attempts must be between 3 and 10'],
    ['Security', /Max login attempts/, '11', 'Max login attempts must be between 3 and 10'],
    ['Email', /SMTP port/, '70000', 'SMTP port must be between 1 and 65535'],
    [
      'Email',
      /From email/,
      'not-an-address',
      'Enter a valid email address, such as noreply@school.com',
    ],
  ])(
    'refuses %s %s = %s before sending, on its tab, with a clear message',
    async (tab, label, value, message) => {
      const { user } = renderScreen(<SettingsScreen />);
      await openTab(user, tab);
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.type(field, value);
      await openTab(user, 'General');

      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      // The tab with the problem opens.
      expect(await screen.findByText(message)).toBeVisible();
      expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Some settings need a change before they can be saved.',
      );
      expect(updateSettings).not.toHaveBeenCalled();
    },
  );

  it('refuses an empty site name and a colour that is not hex', async () => {
    const { user } = renderScreen(<SettingsScreen />);
    await user.clear(await screen.findByLabelText(/Site name/));
    await openTab(user, 'Appearance');
    const primary = screen.getByRole('textbox', { name: /Primary color/ });
    await user.clear(primary);
    await user.type(primary, 'blue');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Enter a hex colour such as #3B82F6')).toBeInTheDocument();
    await openTab(user, 'General');
    expect(screen.getByText('Site name is required')).toBeVisible();
    expect(updateSettings).not.toHaveBeenCalled();
  });

  it('says why a save was refused and keeps everything typed', async () => {
    updateSettings.mockResolvedValueOnce(
      fail('UPDATE_SETTINGS_ERROR', 'Session timeout must be between 5 and 480 minutes', {
        code: '23514',
      }),
    );
    const { user } = renderScreen(<SettingsScreen />);
    const siteName = await screen.findByLabelText(/Site name/);
    await user.clear(siteName);
    await user.type(siteName, 'Escuela Luna');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The settings were not saved:');
    expect(alert).toHaveTextContent('A value is not valid. Check the form and try again.');
    expect(alert).toHaveTextContent('Nothing you entered was lost; you can try again.');
    expect(screen.getByLabelText(/Site name/)).toHaveValue('Escuela Luna');
    expect(screen.queryByText('Settings saved successfully!')).not.toBeInTheDocument();
  });

  it('a network failure says "not saved", not "not loaded"', async () => {
    updateSettings.mockResolvedValueOnce(fail('UPDATE_SETTINGS_ERROR', 'Failed to save settings'));
    const { user } = renderScreen(<SettingsScreen />);
    await screen.findByLabelText(/Site name/);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The changes could not be saved. Please try again.',
    );
  });
});

describe('SettingsScreen: two-factor sign-in', { timeout: 20_000 }, () => {
  const HINT =
    'Makes two-factor sign-in required for admins and teachers: they sign in with a code from an authenticator app, and their changes are refused until they do.';

  it('the Security tab shows the switch, off as stored, with its hint', async () => {
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Security');

    const twoFactor = screen.getByRole('switch', { name: /Two-factor sign-in/ });
    expect(twoFactor).toBeVisible();
    expect(twoFactor).not.toBeChecked();
    expect(twoFactor).toHaveAccessibleDescription(HINT);
    expect(screen.getByText(HINT)).toBeVisible();
  });

  it('shows a stored "on" as on', async () => {
    getSettings.mockResolvedValue(
      ok(stored({ security: { ...stored().security, twoFactorAuth: true } })),
    );
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Security');

    expect(screen.getByRole('switch', { name: /Two-factor sign-in/ })).toBeChecked();
  });

  it('turning it on and saving sends security.twoFactorAuth: true, the other settings unchanged', async () => {
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Security');

    await user.click(screen.getByRole('switch', { name: /Two-factor sign-in/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(updateSettings).toHaveBeenCalledOnce();
    const groups = updateSettings.mock.calls[0]?.[0] as SettingsGroups;
    expect(groups.security).toEqual({ ...stored().security, twoFactorAuth: true });
    expect(groups.general).toEqual(stored().general);
    expect(screen.getByRole('switch', { name: /Two-factor sign-in/ })).toBeChecked();
  });

  it('turning it off sends false', async () => {
    getSettings.mockResolvedValue(
      ok(stored({ security: { ...stored().security, twoFactorAuth: true } })),
    );
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Security');

    await user.click(screen.getByRole('switch', { name: /Two-factor sign-in/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect((updateSettings.mock.calls[0]?.[0] as SettingsGroups).security.twoFactorAuth).toBe(
      false,
    );
  });

  it('a refused save keeps the switch as the admin left it', async () => {
    updateSettings.mockResolvedValueOnce(
      fail('UPDATE_SETTINGS_ERROR', 'Two-factor sign-in is required for this account', {
        code: 'P0001',
      }),
    );
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Security');

    await user.click(screen.getByRole('switch', { name: /Two-factor sign-in/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The settings were not saved:');
    expect(alert).toHaveTextContent('Two-factor sign-in is required for this account.');
    expect(screen.getByRole('switch', { name: /Two-factor sign-in/ })).toBeChecked();
  });

  it('is in Spanish too', async () => {
    const { user } = renderScreen(<SettingsScreen />, { language: 'es' });
    await openTab(user, 'Seguridad');

    expect(
      screen.getByRole('switch', { name: /Verificación en dos pasos/ }),
    ).toHaveAccessibleDescription(
      'Hace obligatoria la verificación en dos pasos para administradores y docentes: inician sesión con un código de una aplicación de autenticación, y sus cambios se rechazan hasta que lo hagan.',
    );
  });
});

describe('SettingsScreen: appearance', { timeout: 20_000 }, () => {
  it('saves the theme and colours, and previews the ten shades of each colour', async () => {
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Appearance');
    expect(
      screen.getByRole('img', { name: 'The ten shades of Primary color' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    const accent = screen.getByRole('textbox', { name: /Accent color/ });
    await user.clear(accent);
    await user.type(accent, '#7C3AED');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Settings saved successfully!');
    expect((updateSettings.mock.calls[0]?.[0] as SettingsGroups).appearance).toEqual({
      ...DEFAULT_SETTINGS.appearance,
      theme: 'dark',
      accentColor: '#7C3AED',
    });
  });
});

describe('SettingsScreen: the SMTP password (write-only)', { timeout: 20_000 }, () => {
  it('says whether one is set and never shows it', async () => {
    getSettings.mockResolvedValue(ok(stored({ smtpPasswordSet: true })));
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Email');

    expect(screen.getByText('Set')).toBeInTheDocument();
    expect(screen.getByLabelText(/Replace the SMTP password/)).toHaveValue('');
  });

  it('sends a typed password after the settings, then clears the field', async () => {
    getSettings
      .mockResolvedValueOnce(ok(stored()))
      .mockResolvedValue(ok(stored({ smtpPasswordSet: true })));
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Email');
    expect(screen.getByText('Not set')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/New SMTP password/), 's3cret-pass');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(setSmtpPassword).toHaveBeenCalledWith('s3cret-pass');
    expect(JSON.stringify(updateSettings.mock.calls[0]?.[0])).not.toContain('s3cret-pass');
    expect(updateSettings.mock.invocationCallOrder[0]).toBeLessThan(
      setSmtpPassword.mock.invocationCallOrder[0] ?? 0,
    );
    expect(await screen.findByText('Set')).toBeInTheDocument();
    expect(screen.getByLabelText(/Replace the SMTP password/)).toHaveValue('');
  });

  it('keeps the typed password when only the password was refused', async () => {
    setSmtpPassword.mockResolvedValueOnce(
      fail('UPDATE_SETTINGS_ERROR', 'Only administrators can change the SMTP password', {
        code: '42501',
      }),
    );
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Email');
    await user.type(screen.getByLabelText(/New SMTP password/), 'p4ss');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The settings were saved, but the SMTP password was not:');
    expect(alert).toHaveTextContent('You are not allowed to do this.');
    expect(screen.getByLabelText(/New SMTP password/)).toHaveValue('p4ss');
  });

  it('removes a saved password after asking', async () => {
    getSettings.mockResolvedValue(ok(stored({ smtpPasswordSet: true })));
    const { user } = renderScreen(<SettingsScreen />);
    await openTab(user, 'Email');

    await user.click(screen.getByRole('button', { name: 'Remove saved password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the SMTP password?' });
    expect(setSmtpPassword).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('SMTP password removed.')).toBeInTheDocument();
    expect(setSmtpPassword).toHaveBeenCalledWith('');
  });
});

describe('SettingsScreen: Reset to Defaults', { timeout: 20_000 }, () => {
  it('asks first; Cancel changes nothing', async () => {
    const { user } = renderScreen(<SettingsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Reset to Defaults' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reset to Defaults' });
    expect(dialog).toHaveTextContent('The SMTP password is kept.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateSettings).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Site name/)).toHaveValue('Escuela Sol');
  });

  it('saves every default and shows them', async () => {
    updateSettings.mockResolvedValueOnce(
      ok({ ...structuredClone(DEFAULT_SETTINGS), smtpPasswordSet: true }),
    );
    const { user } = renderScreen(<SettingsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Reset to Defaults' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset to Defaults' });

    await user.click(within(dialog).getByRole('button', { name: 'Reset to Defaults' }));

    expect(await screen.findByText('The settings are back to their defaults.')).toBeInTheDocument();
    expect(updateSettings).toHaveBeenCalledWith(DEFAULT_SETTINGS);
    expect(setSmtpPassword).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Site name/)).toHaveValue('Lingua Academy');
  });

  it('a refused reset keeps the dialog open and says why', async () => {
    updateSettings.mockResolvedValueOnce(
      fail('UPDATE_SETTINGS_ERROR', 'denied', { code: '42501' }),
    );
    const { user } = renderScreen(<SettingsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Reset to Defaults' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset to Defaults' });

    await user.click(within(dialog).getByRole('button', { name: 'Reset to Defaults' }));

    expect(await within(dialog).findByText(/The settings were not reset:/)).toBeInTheDocument();
    expect(within(dialog).getByText(/You are not allowed to do this./)).toBeInTheDocument();
    expect(screen.getByLabelText(/Site name/)).toHaveValue('Escuela Sol');
  });
});

describe('SettingsScreen: Spanish', { timeout: 20_000 }, () => {
  it('reads and saves in Spanish', async () => {
    const { user } = renderScreen(<SettingsScreen />, { language: 'es' });

    expect(await screen.findByRole('tab', { name: 'Seguridad' })).toBeInTheDocument();
    await openTab(user, 'Seguridad');
    const timeout = screen.getByLabelText(/Tiempo de inactividad/);
    await user.clear(timeout);
    await user.type(timeout, '3');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText('El tiempo de inactividad debe estar entre 5 y 480 minutos'),
    ).toBeInTheDocument();

    await user.clear(timeout);
    await user.type(timeout, '30');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('¡Configuración guardada correctamente!')).toBeInTheDocument();
  });
});
