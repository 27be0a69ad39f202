import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authAtom,
  fail,
  initialAuthState,
  ok,
  usersService,
  type AppUser,
  type Result,
} from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import type { Language } from '@portal/shared-ui';
import { renderWithProviders } from '@portal/shared-ui/test-utils';
import DashboardScreen from './dashboard-screen';

vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  // `userQueries.teachers()` calls this very service object, so its function is replaced in place.
  Object.assign(actual.usersService, { listTeachers: vi.fn() });
  return actual;
});

const listTeachers = vi.mocked(usersService.listTeachers);

afterEach(() => {
  listTeachers.mockReset();
});

function person(id: string, firstName: string, lastName: string, role: AppUser['role']): AppUser {
  return {
    id,
    email: `${firstName.toLowerCase()}@school.test`,
    firstName,
    lastName,
    role,
    avatar: null,
    createdAt: '2025-01-01T00:00:00Z',
    lastLogin: null,
    phone: null,
    location: null,
    bio: null,
    isActive: true,
  };
}

const signedIn = person('teacher-1', 'Marta', 'Ruiz', 'teacher');
const carlos = person('teacher-2', 'Carlos', 'Vega', 'teacher');
const elena = person('teacher-3', 'Elena', 'Soto', 'teacher');

function renderDashboard(language: Language = 'en') {
  const store = createStore();
  store.set(authAtom, { ...initialAuthState, user: signedIn, initialized: true });
  return renderWithProviders(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <Provider store={store}>
        <DashboardScreen />
      </Provider>
    </QueryClientProvider>,
    { language },
  );
}

describe('teacher DashboardScreen', () => {
  it('shows a loader until the teaching team arrives', async () => {
    let answer: (result: Result<AppUser[]>) => void = () => {};
    listTeachers.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderDashboard();

    expect(screen.getByLabelText('Loading the teaching team…')).toBeInTheDocument();
    answer(ok([carlos]));

    expect(await screen.findByText('Carlos Vega')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the teaching team…')).not.toBeInTheDocument();
  });

  it('greets the signed-in teacher and lists the team with a count', async () => {
    listTeachers.mockResolvedValue(ok([carlos, elena]));
    renderDashboard();

    expect(screen.getByRole('heading', { name: 'Welcome back, Marta!' })).toBeInTheDocument();
    const team = await screen.findByRole('region', { name: 'Teaching team' });
    expect(within(team).getByText('2 teachers')).toBeInTheDocument();
    expect(within(team).getByText('Carlos Vega')).toBeInTheDocument();
    expect(within(team).getByText('carlos@school.test')).toBeInTheDocument();
    expect(within(team).getByText('Elena Soto')).toBeInTheDocument();
    expect(within(team).getAllByRole('listitem')).toHaveLength(2);
  });

  it('counts one teacher in the singular', async () => {
    listTeachers.mockResolvedValue(ok([elena]));
    renderDashboard();

    const team = await screen.findByRole('region', { name: 'Teaching team' });
    expect(within(team).getByText('1 teacher')).toBeInTheDocument();
  });

  it('says so when nobody has joined yet', async () => {
    listTeachers.mockResolvedValue(ok([]));
    renderDashboard();

    expect(await screen.findByText('No teachers have joined yet.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows a translated error, never the raw one, and Try again loads the team', async () => {
    listTeachers
      .mockResolvedValueOnce(fail('FETCH_USERS_ERROR', 'permission denied for table users'))
      .mockResolvedValueOnce(ok([carlos]));
    const { user } = renderDashboard();

    expect(await screen.findByText('Error loading dashboard data:')).toBeInTheDocument();
    expect(
      screen.getByText(/The data could not be loaded\. Please try again\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Carlos Vega')).toBeInTheDocument();
    expect(screen.queryByText('Error loading dashboard data:')).not.toBeInTheDocument();
    expect(listTeachers).toHaveBeenCalledTimes(2);
  });

  it('speaks Spanish, plurals included', async () => {
    listTeachers.mockResolvedValue(ok([carlos, elena]));
    renderDashboard('es');

    expect(
      screen.getByRole('heading', { name: '¡Bienvenido de nuevo, Marta!' }),
    ).toBeInTheDocument();
    const team = await screen.findByRole('region', { name: 'Equipo docente' });
    expect(within(team).getByText('2 profesores')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeInTheDocument();
  });

  it('shows the error in Spanish with its Try again button', async () => {
    listTeachers.mockResolvedValue(fail('FETCH_USERS_ERROR', 'permission denied for table users'));
    renderDashboard('es');

    expect(await screen.findByText('Error al cargar los datos del panel:')).toBeInTheDocument();
    expect(
      screen.getByText(/No se pudieron cargar los datos\. Inténtalo de nuevo\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
  });
});
