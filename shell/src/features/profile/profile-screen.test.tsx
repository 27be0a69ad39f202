import { notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authAtom,
  authService,
  fail,
  ok,
  twoFactorService,
  usersService,
  type AppUser,
} from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import type { Language } from '@portal/shared-ui';
import { renderShell, student } from '../../test-support/render-shell';
import ProfileScreen from './profile-screen';

// The query and mutation options (and the password write atom) call these very service objects, so
// their functions are replaced in place: the unit boundary is the service.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.usersService, {
    getProfile: vi.fn(),
    update: vi.fn(),
    uploadAvatar: vi.fn(),
    removeAvatar: vi.fn(),
  });
  Object.assign(actual.authService, { changePassword: vi.fn() });
  Object.assign(actual.twoFactorService, {
    listFactors: vi.fn(),
    enroll: vi.fn(),
    verifyCode: vi.fn(),
    unenroll: vi.fn(),
  });
  // The notification preferences have their own tests (notification-preferences-section.test.tsx).
  Object.assign(actual.notificationsService, { preferences: vi.fn(async () => actual.ok([])) });
  return actual;
});

const getProfile = vi.mocked(usersService.getProfile);
const updateProfile = vi.mocked(usersService.update);
const uploadAvatar = vi.mocked(usersService.uploadAvatar);
const removeAvatar = vi.mocked(usersService.removeAvatar);
const changePassword = vi.mocked(authService.changePassword);
const listFactors = vi.mocked(twoFactorService.listFactors);
const enrollFactor = vi.mocked(twoFactorService.enroll);
const verifyCode = vi.mocked(twoFactorService.verifyCode);
const unenrollFactor = vi.mocked(twoFactorService.unenroll);

beforeEach(() => {
  listFactors.mockResolvedValue(ok([]));
});

const ana = student({
  id: 'student-1',
  phone: '+34 600 111 222',
  location: 'Sevilla',
  bio: 'Learning English.',
});

function renderProfile(options: { user?: AppUser; language?: Language } = {}) {
  const user = options.user ?? ana;
  const queryClient = createQueryClient({ retry: false });
  const rendered = renderShell(
    <QueryClientProvider client={queryClient}>
      <ProfileScreen />
    </QueryClientProvider>,
    { user, path: '/profile', language: options.language },
  );
  const sessionUser = () => rendered.store.get(authAtom).user;
  return { ...rendered, sessionUser };
}

function picture(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The hidden file input behind "Upload photo" / "Change photo". */
function photoInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  getProfile.mockResolvedValue(ok(ana));
});

describe('ProfileScreen: reading', () => {
  it('shows a loader, then the profile read afresh from the database', async () => {
    let answer: (value: Awaited<ReturnType<typeof usersService.getProfile>>) => void = () => {};
    getProfile.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderProfile();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');
    answer(ok({ ...ana, location: 'Granada' }));

    expect(await screen.findByRole('heading', { name: 'Ana García' })).toBeInTheDocument();
    expect(screen.getByText('Granada')).toBeInTheDocument();
    expect(screen.getByText('Learning English.')).toBeInTheDocument();
    expect(getProfile).toHaveBeenCalledWith('student-1');
  });

  it('a profile changed elsewhere reaches the session (the sidebar) too', async () => {
    getProfile.mockResolvedValue(ok({ ...ana, firstName: 'Anita' }));
    const { sessionUser } = renderProfile();

    expect(await screen.findByRole('heading', { name: 'Anita García' })).toBeInTheDocument();
    expect(sessionUser()?.firstName).toBe('Anita');
  });

  it('a failed read says why and Try again reads again', async () => {
    getProfile.mockResolvedValueOnce(fail('FETCH_USERS_ERROR', 'Failed to fetch'));
    const { user } = renderProfile();

    expect(await screen.findByText('Error loading your profile:')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Ana García' })).toBeInTheDocument();
    expect(getProfile).toHaveBeenCalledTimes(2);
  });

  it('reads in Spanish', async () => {
    renderProfile({ language: 'es' });
    expect(
      await screen.findByRole('heading', { name: 'Información personal' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar perfil' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir foto' })).toBeInTheDocument();
  });
});

describe('ProfileScreen: editing personal fields', () => {
  async function openEdit() {
    const rendered = renderProfile();
    await rendered.user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    return { ...rendered, dialog };
  }

  it('opens on the first name, filled with the profile, with counters', async () => {
    const { dialog } = await openEdit();
    const firstName = within(dialog).getByLabelText(/^First name/);
    expect(firstName).toHaveValue('Ana');
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(within(dialog).getByLabelText(/^Phone/)).toHaveValue('+34 600 111 222');
    expect(within(dialog).getByText('3/100')).toBeInTheDocument();
    expect(within(dialog).getByText('17/2000')).toBeInTheDocument();
  });

  it('saves the fields; the session (sidebar) and the page show the new name at once', async () => {
    const saved = { ...ana, firstName: 'Lucía', lastName: 'Fernández', phone: null, bio: 'Hola' };
    updateProfile.mockResolvedValue(ok(saved));
    const { user, dialog, sessionUser } = await openEdit();
    getProfile.mockResolvedValue(ok(saved));

    const firstName = within(dialog).getByLabelText(/^First name/);
    await user.clear(firstName);
    await user.type(firstName, 'Lucía');
    const lastName = within(dialog).getByLabelText(/^Last name/);
    await user.clear(lastName);
    await user.type(lastName, 'Fernández');
    await user.clear(within(dialog).getByLabelText(/^Phone/));
    const bio = within(dialog).getByLabelText(/^Bio/);
    await user.clear(bio);
    await user.type(bio, 'Hola');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(updateProfile).toHaveBeenCalledWith('student-1', {
      firstName: 'Lucía',
      lastName: 'Fernández',
      phone: '',
      location: 'Sevilla',
      bio: 'Hola',
    });
    expect(sessionUser()).toMatchObject({ firstName: 'Lucía', lastName: 'Fernández' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lucía Fernández' })).toBeInTheDocument();
  });

  it('refuses a blank name, a bad phone and text over the limits before sending', async () => {
    const { user, dialog } = await openEdit();

    await user.clear(within(dialog).getByLabelText(/^First name/));
    const phone = within(dialog).getByLabelText(/^Phone/);
    await user.clear(phone);
    await user.type(phone, 'call me');
    const location = within(dialog).getByLabelText(/^Location/);
    await user.clear(location);
    await user.click(location);
    await user.paste('x'.repeat(121));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Enter a valid phone number (digits, spaces and + ( ) - . /).'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('The location can have at most 120 characters.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('121/120')).toBeInTheDocument();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('a refused save says why in the dialog and keeps everything typed', async () => {
    updateProfile.mockResolvedValue(
      fail('UPDATE_USERS_ERROR', 'new row for relation "users" violates check constraint', {
        code: '23514',
      }),
    );
    const { user, dialog, sessionUser } = await openEdit();

    const location = within(dialog).getByLabelText(/^Location/);
    await user.clear(location);
    await user.type(location, 'Lima');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your profile was not saved:');
    expect(alert).not.toHaveTextContent('violates');
    expect(within(dialog).getByLabelText(/^Location/)).toHaveValue('Lima');
    expect(sessionUser()?.location).toBe('Sevilla');
  });
});

describe('ProfileScreen: photo', () => {
  it('uploads a chosen picture; the session (sidebar) shows it at once', async () => {
    const withPhoto = { ...ana, avatar: 'https://cdn.test/avatars/student-1/avatar.png?v=2' };
    uploadAvatar.mockResolvedValue(ok(withPhoto));
    const { user, container, sessionUser } = renderProfile();
    await screen.findByRole('button', { name: 'Upload photo' });
    getProfile.mockResolvedValue(ok(withPhoto));
    const file = picture('me.png', 'image/png');

    await user.upload(photoInput(container), file);

    expect(await screen.findByText('Profile photo updated')).toBeInTheDocument();
    expect(uploadAvatar).toHaveBeenCalledWith('student-1', file);
    expect(sessionUser()?.avatar).toBe(withPhoto.avatar);
    expect(screen.getByRole('img', { name: 'Profile photo of Ana García' })).toHaveAttribute(
      'src',
      withPhoto.avatar,
    );
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
  });

  it('refuses a picture over 2 MB before uploading', async () => {
    const { user, container } = renderProfile();
    await screen.findByRole('button', { name: 'Upload photo' });

    await user.upload(photoInput(container), picture('big.jpg', 'image/jpeg', 2 * 1024 * 1024 + 1));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The picture is too large: it can be at most 2 MB.',
    );
    expect(uploadAvatar).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a JPEG, PNG or WebP picture before uploading', async () => {
    const { container } = renderProfile();
    await screen.findByRole('button', { name: 'Upload photo' });
    const input = photoInput(container);
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    // The browser's picker can be told to show every file; the check does not rely on `accept`.
    await userEvent.setup({ applyAccept: false }).upload(input, picture('anim.gif', 'image/gif'));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a JPEG, PNG or WebP picture.',
    );
    expect(uploadAvatar).not.toHaveBeenCalled();
  });

  it('a refused upload says why', async () => {
    uploadAvatar.mockResolvedValue(
      fail('UPLOAD_AVATAR_ERROR', 'payload too large', { status: 413 }),
    );
    const { user, container } = renderProfile();
    await screen.findByRole('button', { name: 'Upload photo' });

    await user.upload(photoInput(container), picture('me.webp', 'image/webp'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The photo was not uploaded:');
    expect(alert).toHaveTextContent('The file is too large.');
  });

  it('removes the photo after confirming; the initials show again', async () => {
    const withPhoto = { ...ana, avatar: 'https://cdn.test/avatars/student-1/avatar.png?v=2' };
    getProfile.mockResolvedValue(ok(withPhoto));
    removeAvatar.mockResolvedValue(ok({ ...withPhoto, avatar: null }));
    const { user, sessionUser } = renderProfile({ user: withPhoto });

    await user.click(await screen.findByRole('button', { name: 'Remove photo' }));
    getProfile.mockResolvedValue(ok({ ...withPhoto, avatar: null }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove profile photo' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));

    expect(await screen.findByText('Profile photo removed')).toBeInTheDocument();
    expect(removeAvatar).toHaveBeenCalledWith('student-1');
    expect(sessionUser()?.avatar).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
    expect(screen.getByText('AG')).toBeInTheDocument();
  });

  it('a refused removal keeps the dialog open with the reason', async () => {
    const withPhoto = { ...ana, avatar: 'https://cdn.test/avatars/student-1/avatar.png?v=2' };
    getProfile.mockResolvedValue(ok(withPhoto));
    removeAvatar.mockResolvedValue(fail('UPDATE_USERS_ERROR', 'Failed to remove avatar'));
    const { user, sessionUser } = renderProfile({ user: withPhoto });

    await user.click(await screen.findByRole('button', { name: 'Remove photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove profile photo' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The photo was not removed:',
    );
    expect(sessionUser()?.avatar).toBe(withPhoto.avatar);
  });
});

describe('ProfileScreen: changing the password', () => {
  async function openPassword() {
    const rendered = renderProfile();
    await rendered.user.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    return { ...rendered, dialog };
  }

  async function fill(
    user: ReturnType<typeof renderProfile>['user'],
    dialog: HTMLElement,
    values: { current: string; next: string; confirm: string },
  ) {
    if (values.current)
      await user.type(within(dialog).getByLabelText(/^Current password/), values.current);
    if (values.next) await user.type(within(dialog).getByLabelText(/^New password/), values.next);
    if (values.confirm) {
      await user.type(within(dialog).getByLabelText(/^Confirm new password/), values.confirm);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Update password' }));
  }

  it('opens on the current password', async () => {
    const { dialog } = await openPassword();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Current password/)).toHaveFocus());
  });

  it('checks the fields before sending: required, at least 6 characters, confirmed', async () => {
    const { user, dialog } = await openPassword();

    await fill(user, dialog, { current: '', next: '12345', confirm: '1234' });

    expect(within(dialog).getByText('Enter your current password')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords do not match.')).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('a wrong current password is said at its field; everything typed stays', async () => {
    changePassword.mockResolvedValue(
      fail('UPDATE_PASSWORD_ERROR', 'Current password required when setting new password.', {
        status: 400,
        code: 'current_password_invalid',
      }),
    );
    const { user, dialog } = await openPassword();

    await fill(user, dialog, { current: 'not-mine', next: 'new-secret', confirm: 'new-secret' });

    expect(
      await within(dialog).findByText('The current password is not correct.'),
    ).toBeInTheDocument();
    expect(changePassword).toHaveBeenCalledWith({
      currentPassword: 'not-mine',
      newPassword: 'new-secret',
    });
    expect(within(dialog).getByLabelText(/^Current password/)).toHaveValue('not-mine');
    expect(within(dialog).getByLabelText(/^New password/)).toHaveValue('new-secret');
    expect(within(dialog).getByLabelText(/^Confirm new password/)).toHaveValue('new-secret');
    expect(screen.queryByText('Password updated successfully')).not.toBeInTheDocument();
  });

  it('another refusal is shown in the dialog in the user’s language', async () => {
    changePassword.mockResolvedValue(fail('UPDATE_PASSWORD_ERROR', 'Too many', { status: 429 }));
    const { user } = renderProfile({ language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });

    await user.type(within(dialog).getByLabelText(/^Contraseña actual/), 'old-secret');
    await user.type(within(dialog).getByLabelText(/^Nueva contraseña/), 'new-secret');
    await user.type(within(dialog).getByLabelText(/^Confirmar nueva contraseña/), 'new-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar contraseña' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Tu contraseña no se cambió:');
    expect(alert).toHaveTextContent('Demasiados intentos');
    expect(within(dialog).getByLabelText(/^Nueva contraseña/)).toHaveValue('new-secret');
  });

  it('success closes the dialog with the success message and keeps the new tokens', async () => {
    changePassword.mockResolvedValue(ok({ token: 'access-2', refreshToken: 'refresh-2' }));
    const { user, dialog, store } = await openPassword();

    await fill(user, dialog, { current: 'old-secret', next: 'new-secret', confirm: 'new-secret' });

    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.get(authAtom)).toMatchObject({
      token: 'access-2',
      refreshToken: 'refresh-2',
      user: { id: 'student-1' },
    });
  });
});

describe('ProfileScreen: two-factor sign-in', () => {
  const enrollment = {
    factorId: 'factor-1',
    qrCode: 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    uri: 'otpauth://totp/school:ana@example.org?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  };

  beforeEach(() => {
    getProfile.mockResolvedValue(ok(ana));
    enrollFactor.mockReset();
    verifyCode.mockReset();
    unenrollFactor.mockReset();
  });

  it('enables it: QR code with alt text, the key for manual entry, then the code turns it on', async () => {
    const user = userEvent.setup();
    listFactors.mockResolvedValueOnce(ok([]));
    enrollFactor.mockResolvedValue(ok(enrollment));
    verifyCode.mockResolvedValue(ok({ token: 't', refreshToken: 'r' }));
    renderProfile();

    expect(await screen.findByText('Off')).toBeInTheDocument();
    // Nothing is enrolled until the person asks for it.
    expect(enrollFactor).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Enable two-factor sign-in' }));
    const qr = await screen.findByRole('img', {
      name: 'QR code to add this account to an authenticator app',
    });
    expect(qr).toHaveAttribute('src', enrollment.qrCode);
    expect(screen.getByText(enrollment.secret)).toBeInTheDocument();
    expect(enrollFactor).toHaveBeenCalledOnce();

    listFactors.mockResolvedValue(
      ok([{ id: 'factor-1', friendlyName: null, createdAt: '2026-01-01T00:00:00Z' }]),
    );
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(verifyCode).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' }),
    );
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(await screen.findByText('Two-factor sign-in is on')).toBeInTheDocument();
    // The set-up is over: the QR code and the key are gone, and it can be turned off.
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByText(enrollment.secret)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('a refused code keeps what was typed and says why', async () => {
    const user = userEvent.setup();
    enrollFactor.mockResolvedValue(ok(enrollment));
    verifyCode.mockResolvedValue(
      fail('AUTH_ERROR', 'Invalid TOTP code entered', {
        status: 422,
        code: 'mfa_verification_failed',
      }),
    );
    renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Enable two-factor sign-in' }));
    const code = await screen.findByRole('textbox', { name: 'Code' });
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code was not accepted:')).toBeInTheDocument();
    expect(
      screen.getByText(
        'That code is not valid. Check your authenticator app and enter the current code.',
      ),
    ).toBeInTheDocument();
    expect(code).toHaveValue('654321');
    expect(screen.getByRole('alert')).toHaveTextContent('The code was not accepted:');
    // Still off, and the QR code and the key stay for another try.
    expect(screen.getByText('Off')).toBeInTheDocument();
    expect(screen.getByText(enrollment.secret)).toBeInTheDocument();
    expect(screen.queryByText('Two-factor sign-in is on')).not.toBeInTheDocument();
  });

  it('asks for a 6-digit code before sending it', async () => {
    const user = userEvent.setup();
    enrollFactor.mockResolvedValue(ok(enrollment));
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor sign-in' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '12');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(verifyCode).not.toHaveBeenCalled();
  });

  it('turns it off after a confirmation', async () => {
    const user = userEvent.setup();
    listFactors.mockResolvedValue(
      ok([{ id: 'factor-1', friendlyName: null, createdAt: '2026-01-01T00:00:00Z' }]),
    );
    unenrollFactor.mockResolvedValue(ok(null));
    renderProfile();

    expect(await screen.findByText('On')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    expect(dialog).toHaveTextContent(
      'Sign-in will ask for your password only. If your school requires two-factor sign-in, you will have to set it up again next time.',
    );
    expect(unenrollFactor).not.toHaveBeenCalled();
    listFactors.mockResolvedValue(ok([]));
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(unenrollFactor).toHaveBeenCalledWith('factor-1'));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable two-factor sign-in' })).toBeInTheDocument();
  });

  it('Cancel in the confirmation keeps it on and gives the focus back to Turn off', async () => {
    const user = userEvent.setup();
    listFactors.mockResolvedValue(
      ok([{ id: 'factor-1', friendlyName: null, createdAt: '2026-01-01T00:00:00Z' }]),
    );
    renderProfile();

    const turnOff = await screen.findByRole('button', { name: 'Turn off' });
    await user.click(turnOff);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(unenrollFactor).not.toHaveBeenCalled();
    expect(screen.getByText('On')).toBeInTheDocument();
    await waitFor(() => expect(turnOff).toHaveFocus());
  });

  it('a refused turn-off keeps the confirmation open and says why', async () => {
    const user = userEvent.setup();
    listFactors.mockResolvedValue(
      ok([{ id: 'factor-1', friendlyName: null, createdAt: '2026-01-01T00:00:00Z' }]),
    );
    unenrollFactor.mockResolvedValue(
      fail('AUTH_ERROR', 'AAL2 required', { status: 401, code: 'insufficient_aal' }),
    );
    renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Two-factor sign-in was not turned off:');
    expect(alert).toHaveTextContent('Two-factor sign-in is required for this account.');
    expect(alert).not.toHaveTextContent('AAL2 required');
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(screen.queryByText('Two-factor sign-in is off')).not.toBeInTheDocument();
  });

  it('says why setting it up could not start; Enable tries again', async () => {
    const user = userEvent.setup();
    enrollFactor
      .mockResolvedValueOnce(fail('AUTH_ERROR', 'Failed to fetch'))
      .mockResolvedValueOnce(ok(enrollment));
    renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Enable two-factor sign-in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Two-factor sign-in could not be set up:');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enable two-factor sign-in' }));
    expect(await screen.findByText(enrollment.secret)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Cancel during the set-up turns nothing on', async () => {
    const user = userEvent.setup();
    enrollFactor.mockResolvedValue(ok(enrollment));
    renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Enable two-factor sign-in' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByText(enrollment.secret)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
    expect(verifyCode).not.toHaveBeenCalled();
  });

  it('shows its own loading and a failed read with Try again', async () => {
    let answer: (
      value: Awaited<ReturnType<typeof twoFactorService.listFactors>>,
    ) => void = () => {};
    listFactors.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { user } = renderProfile();

    expect(await screen.findByText('Loading two-factor sign-in…')).toBeInTheDocument();
    answer(fail('AUTH_ERROR', 'Failed to fetch'));
    expect(await screen.findByText('Error loading two-factor sign-in:')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Enable two-factor sign-in' }),
    ).not.toBeInTheDocument();

    listFactors.mockResolvedValue(
      ok([{ id: 'factor-1', friendlyName: null, createdAt: '2026-01-01T00:00:00Z' }]),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('On')).toBeInTheDocument();
  });

  it('is in Spanish too', async () => {
    const user = userEvent.setup();
    enrollFactor.mockResolvedValue(ok(enrollment));
    verifyCode.mockResolvedValue(
      fail('AUTH_ERROR', 'Invalid TOTP code entered', {
        status: 422,
        code: 'mfa_verification_failed',
      }),
    );
    renderProfile({ language: 'es' });
    expect(
      await screen.findByRole('heading', { name: 'Verificación en dos pasos' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Desactivada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activar la verificación en dos pasos' }));
    expect(
      await screen.findByRole('img', {
        name: 'Código QR para añadir esta cuenta a una aplicación de autenticación',
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    expect(
      await screen.findByText('Introduce el código de 6 dígitos de tu aplicación de autenticación'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Código' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('El código no se aceptó:');
    expect(alert).toHaveTextContent(
      'Ese código no es válido. Revisa tu aplicación de autenticación e introduce el código actual.',
    );
  });
});
