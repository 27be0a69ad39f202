import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  ok,
  userManagementReadModel,
  usersService,
  type AppUser,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { renderScreen } from '../../test-support/render-screen';
import UserManagementScreen from './user-management-screen';

vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.usersService, {
    list: vi.fn(),
    adminImport: vi.fn(),
  });
  Object.assign(actual.userManagementReadModel, { counts: vi.fn() });
  return actual;
});

const listUsers = vi.mocked(usersService.list);
const countByRole = vi.mocked(userManagementReadModel.counts);
const adminImport = vi.mocked(usersService.adminImport);

const EMPTY: Paged<AppUser> = { items: [], total: 0, page: 1, limit: 10, totalPages: 0 };

const HEADER = 'first_name,last_name,email,role,phone,location';

/** A Blob's text, read the way older browsers do (FileReader). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** What the browser handed to the download link, as text. */
let downloaded: { name: string; text: Promise<string> } | null = null;

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  listUsers.mockResolvedValue(ok(EMPTY));
  countByRole.mockResolvedValue(ok({ total: 0, student: 0, teacher: 0, admin: 0 }));
  downloaded = null;
  // The test stands in for object URLs; the report is read back from the Blob handed to the link.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    downloaded = { name: '', text: readText(blob) };
    return 'blob:report';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (downloaded) downloaded.name = this.download;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function openImport(language: Language = 'en') {
  const rendered = renderScreen(<UserManagementScreen />, { language, path: '/users' });
  const name = language === 'en' ? 'Import CSV' : 'Importar CSV';
  await rendered.user.click(await screen.findByRole('button', { name }));
  const title =
    language === 'en' ? 'Import users from a CSV file' : 'Importar usuarios desde un archivo CSV';
  const dialog = await screen.findByRole('dialog', { name: title });
  return { ...rendered, dialog };
}

async function choose(
  user: Awaited<ReturnType<typeof openImport>>['user'],
  dialog: HTMLElement,
  csv: string,
) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, new File([csv], 'users.csv', { type: 'text/csv' }));
}

const BAD_ROWS = [
  HEADER,
  'Ana,Gil,ana@school.test,teacher,,Madrid',
  ',Nameless,nameless@school.test,student,,',
  'Bad,Mail,not-an-email,student,,',
  'Copy,Gil,ANA@school.test,student,,',
  'Bo,Li,bo@school.test,principal,,',
  'Eva,Ruiz,eva@school.test,estudiante,,',
  'Taken,Email,student@school.test,student,,',
  '',
].join('\n');

describe('Importing users from a CSV file', () => {
  it('refuses a file without the required columns, saying which', async () => {
    const { user, dialog } = await openImport();
    await choose(user, dialog, 'first_name,last_name,phone\nAna,Gil,1\n');

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This file cannot be imported:');
    expect(alert).toHaveTextContent('The file lacks these columns: email, role.');
    expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
  });

  it('refuses a file of more than 500 users as a whole', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => `A,B,u${i}@school.test,student,,`);
    const { user, dialog } = await openImport();
    await choose(user, dialog, [HEADER, ...rows].join('\n'));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The file has 501 users; at most 500 can be imported at once.',
    );
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('previews every row with its problems, imports the good ones, and reports on all of them', async () => {
    adminImport.mockImplementation(async (users, onProgress) => {
      onProgress?.(users.length, users.length);
      return ok(
        users.map((input) =>
          input.email === 'student@school.test'
            ? {
                status: 'failed' as const,
                error: {
                  code: 'CREATE_USERS_ERROR' as const,
                  message: 'A user with this email already exists',
                  details: { status: 200, code: 'EMAIL_TAKEN' },
                },
              }
            : {
                status: 'created' as const,
                userId: `id-${input.email}`,
                temporaryPassword: `Pw-${input.email}`,
              },
        ),
      );
    });
    const { user, dialog } = await openImport();
    await choose(user, dialog, BAD_ROWS);

    expect(
      await within(dialog).findByText('3 ready to import, 4 with problems (not imported).'),
    ).toBeInTheDocument();
    const preview = within(dialog).getByRole('table', { name: 'Rows of the file' });
    const lines = within(preview).getAllByRole('row').slice(1);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toHaveTextContent('Ready');
    expect(lines[1]).toHaveTextContent('First name is required');
    expect(lines[2]).toHaveTextContent('Email is invalid');
    expect(lines[3]).toHaveTextContent('The same email is already on line 2');
    expect(lines[4]).toHaveTextContent('The role must be student, teacher or admin');
    expect(lines[5]).toHaveTextContent('Ready');

    await user.click(within(dialog).getByRole('button', { name: 'Import 3 users' }));

    expect(await within(dialog).findByText('2 created, 5 not created.')).toBeInTheDocument();
    expect(adminImport).toHaveBeenCalledTimes(1);
    expect(adminImport.mock.calls[0]?.[0]).toEqual([
      {
        email: 'ana@school.test',
        firstName: 'Ana',
        lastName: 'Gil',
        role: 'teacher',
        phone: null,
        location: 'Madrid',
      },
      {
        email: 'eva@school.test',
        firstName: 'Eva',
        lastName: 'Ruiz',
        role: 'student',
        phone: null,
        location: null,
      },
      {
        email: 'student@school.test',
        firstName: 'Taken',
        lastName: 'Email',
        role: 'student',
        phone: null,
        location: null,
      },
    ]);

    const report = within(dialog).getByRole('table', { name: 'Import result' });
    const results = within(report).getAllByRole('row').slice(1);
    expect(results[0]).toHaveTextContent('Created');
    expect(results[1]).toHaveTextContent('Not created');
    expect(results[1]).toHaveTextContent('First name is required');
    expect(results[6]).toHaveTextContent('A user with this email already exists.');
    // The passwords are only in the downloaded report.
    expect(dialog).not.toHaveTextContent('Pw-ana@school.test');
    expect(dialog).toHaveTextContent('only in the downloaded report');

    await user.click(within(dialog).getByRole('button', { name: 'Download report' }));
    expect(downloaded?.name).toMatch(/^user-import-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await downloaded!.text;
    const csvLines = csv.split(/\r?\n/);
    expect(csvLines[0]).toBe(
      'Line,First name,Last name,Email,Role,Result,Reason,Temporary password',
    );
    expect(csvLines[1]).toBe('2,Ana,Gil,ana@school.test,teacher,Created,,Pw-ana@school.test');
    expect(csvLines[2]).toBe(
      '3,,Nameless,nameless@school.test,student,Not created,First name is required,',
    );
    expect(csvLines[7]).toBe(
      '8,Taken,Email,student@school.test,student,Not created,A user with this email already exists.,',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cannot be closed while importing, and shows its progress', async () => {
    let finish: () => void = () => {};
    adminImport.mockImplementation(
      (users, onProgress) =>
        new Promise((resolve) => {
          onProgress?.(1, users.length);
          finish = () =>
            resolve(
              ok(
                users.map(() => ({
                  status: 'created' as const,
                  userId: 'x',
                  temporaryPassword: 'p',
                })),
              ),
            );
        }),
    );
    const { user, dialog } = await openImport();
    await choose(
      user,
      dialog,
      [HEADER, 'A,B,a@school.test,student,,', 'C,D,c@school.test,admin,,'].join('\n'),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 users' }));

    const progress = await within(dialog).findByRole('progressbar', { name: 'Importing users' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(dialog).toHaveTextContent('1 of 2 sent');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    finish();
    expect(await within(dialog).findByText('2 created, 0 not created.')).toBeInTheDocument();
  });

  it('stays on the preview and says why when the import fails as a whole', async () => {
    adminImport.mockResolvedValue(fail('CREATE_USERS_ERROR', 'Failed to fetch'));
    const { user, dialog } = await openImport('es');
    await choose(user, dialog, [HEADER, 'A,B,a@school.test,profesor,,'].join('\n'));
    await user.click(await within(dialog).findByRole('button', { name: 'Importar 1 usuario' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('La importación se detuvo:');
    expect(alert).toHaveTextContent('No se pudo contactar con el servidor.');
    expect(within(dialog).getByRole('button', { name: 'Importar 1 usuario' })).toBeEnabled();
  });

  it('asks before closing while the report with the temporary passwords has not been downloaded (issue 29)', async () => {
    adminImport.mockImplementation(async (users) =>
      ok(
        users.map((input) => ({
          status: 'created' as const,
          userId: `id-${input.email}`,
          temporaryPassword: `Pw-${input.email}`,
        })),
      ),
    );
    const { user, dialog } = await openImport();
    await choose(user, dialog, [HEADER, 'A,B,a@school.test,student,,'].join('\n'));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 1 user' }));
    expect(await within(dialog).findByText('1 created, 0 not created.')).toBeInTheDocument();

    const closings: [string, () => Promise<void>][] = [
      ['Done', () => user.click(within(dialog).getByRole('button', { name: 'Done' }))],
      ['Escape', () => user.keyboard('{Escape}')],
      ['the ×', () => user.click(within(dialog).getByRole('button', { name: 'Close' }))],
    ];
    for (const [way, close] of closings) {
      await close();
      const question = await screen.findByRole('dialog', { name: 'Close without the report?' });
      expect(question, way).toHaveTextContent(
        'The temporary passwords of the new accounts are only in the report. Once this window is closed they cannot be seen again.',
      );
      await user.click(within(question).getByRole('button', { name: 'Back to the report' }));
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Close without the report?' }),
        ).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('table', { name: 'Import result' }), way).toBeInTheDocument();
    }

    // Once downloaded, Done closes at once.
    await user.click(within(dialog).getByRole('button', { name: 'Download report' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the report at once when nobody was created, and asks in Spanish when someone was', async () => {
    adminImport.mockImplementation(async (users) =>
      ok(
        users.map((input) =>
          input.email === 'a@school.test'
            ? { status: 'created' as const, userId: 'id-a', temporaryPassword: 'Pw-a' }
            : {
                status: 'failed' as const,
                error: { code: 'CREATE_USERS_ERROR' as const, message: 'x' },
              },
        ),
      ),
    );
    const first = await openImport();
    await choose(first.user, first.dialog, [HEADER, 'C,D,c@school.test,student,,'].join('\n'));
    await first.user.click(
      await within(first.dialog).findByRole('button', { name: 'Import 1 user' }),
    );
    expect(await within(first.dialog).findByText('0 created, 1 not created.')).toBeInTheDocument();
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    const { user, dialog } = await openImport('es');
    await choose(user, dialog, [HEADER, 'A,B,a@school.test,student,,'].join('\n'));
    await user.click(await within(dialog).findByRole('button', { name: 'Importar 1 usuario' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Listo' }));
    const question = await screen.findByRole('dialog', { name: '¿Cerrar sin el informe?' });
    expect(question).toHaveTextContent(
      'Las contraseñas temporales de las cuentas nuevas solo están en el informe. Una vez cerrada esta ventana no se podrán volver a ver.',
    );
    await user.click(within(question).getByRole('button', { name: 'Cerrar sin el informe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads an optional language column: a language the portal lacks is that row’s problem, in the user’s language (issue 29 item 10)', async () => {
    const { user, dialog } = await openImport('es');
    await choose(
      user,
      dialog,
      [
        'first_name,last_name,email,role,language',
        'Ana,Gil,ana@school.test,student,es',
        'Tom,Reed,tom@school.test,student,fr',
      ].join('\n'),
    );
    expect(
      await within(dialog).findByText('1 listos para importar, 1 con problemas (no se importan).'),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('El idioma debe ser es (español) o en (inglés), o quedar vacío');
    expect(dialog).toHaveTextContent('language (es o en');
    await user.click(within(dialog).getByRole('button', { name: 'Importar 1 usuario' }));
    await waitFor(() =>
      expect(adminImport).toHaveBeenCalledWith(
        [expect.objectContaining({ email: 'ana@school.test', language: 'es' })],
        expect.any(Function),
      ),
    );
  });

  it('speaks Spanish in the preview', async () => {
    const { user, dialog } = await openImport('es');
    await choose(user, dialog, [HEADER, ',,,,,', 'A,B,bad,jefe,,'].join('\n'));

    expect(
      await within(dialog).findByText('0 listos para importar, 1 con problemas (no se importan).'),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('El email no es válido');
    expect(dialog).toHaveTextContent('El rol debe ser estudiante, docente o admin');
    expect(dialog).toHaveTextContent('Ninguna fila está lista para importar.');
    expect(within(dialog).getByRole('button', { name: 'Importar 0 usuarios' })).toBeDisabled();
  });
});
