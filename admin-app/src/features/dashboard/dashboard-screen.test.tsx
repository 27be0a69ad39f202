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
  type RoleCounts,
} from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import type { Language } from '@portal/shared-ui';
import { renderWithProviders } from '@portal/shared-ui/test-utils';
import DashboardScreen from './dashboard-screen';

vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  // `userQueries.roleCounts()` calls this very service object, so its function is replaced in place.
  Object.assign(actual.usersService, { countByRole: vi.fn() });
  return actual;
});

const countByRole = vi.mocked(usersService.countByRole);

afterEach(() => {
  countByRole.mockReset();
});

const admin: AppUser = {
  id: 'admin-1',
  email: 'rosa@school.test',
  firstName: 'Rosa',
  lastName: 'Díaz',
  role: 'admin',
  avatar: null,
  createdAt: '2025-01-01T00:00:00Z',
  lastLogin: null,
  phone: null,
  location: null,
  bio: null,
  isActive: true,
};

function renderDashboard(language: Language = 'en') {
  const store = createStore();
  store.set(authAtom, { ...initialAuthState, user: admin, initialized: true });
  return renderWithProviders(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <Provider store={store}>
        <DashboardScreen />
      </Provider>
    </QueryClientProvider>,
    { language },
  );
}

/** The figure a stat card shows, found by the card's label. */
function figure(label: string): HTMLElement {
  return screen.getByRole('group', { name: label });
}

describe('admin DashboardScreen', () => {
  it('shows a loader until the figures arrive', async () => {
    let answer: (result: Result<RoleCounts>) => void = () => {};
    countByRole.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderDashboard();

    expect(screen.getByLabelText('Loading the overview…')).toBeInTheDocument();
    answer(ok({ total: 7, student: 4, teacher: 2, admin: 1 }));

    expect(await screen.findByRole('group', { name: 'Total Users' })).toHaveAccessibleDescription(
      '7',
    );
    expect(screen.queryByLabelText('Loading the overview…')).not.toBeInTheDocument();
  });

  it('greets the admin and shows users by role, plurals included', async () => {
    countByRole.mockResolvedValue(ok({ total: 7, student: 4, teacher: 2, admin: 1 }));
    renderDashboard();

    expect(screen.getByRole('heading', { name: 'Welcome back, Rosa!' })).toBeInTheDocument();
    const total = await screen.findByRole('group', { name: 'Total Users' });
    expect(total).toHaveAccessibleDescription('7');
    expect(within(total).getByText('4 students · 2 teachers · 1 admin')).toBeInTheDocument();
    expect(figure('Teachers')).toHaveAccessibleDescription('2');
    expect(figure('Students')).toHaveAccessibleDescription('4');
    expect(figure('Administrators')).toHaveAccessibleDescription('1');
  });

  it('says "1 teacher", not "1 teachers"', async () => {
    countByRole.mockResolvedValue(ok({ total: 5, student: 1, teacher: 1, admin: 3 }));
    renderDashboard();

    const total = await screen.findByRole('group', { name: 'Total Users' });
    expect(within(total).getByText('1 student · 1 teacher · 3 admins')).toBeInTheDocument();
  });

  it('shows a translated error, never the raw one, and Try again loads the figures', async () => {
    countByRole
      .mockResolvedValueOnce(fail('FETCH_USERS_ERROR', 'permission denied for table users'))
      .mockResolvedValueOnce(ok({ total: 3, student: 1, teacher: 1, admin: 1 }));
    const { user } = renderDashboard();

    expect(await screen.findByText('Error loading dashboard data:')).toBeInTheDocument();
    expect(
      screen.getByText(/The data could not be loaded\. Please try again\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('group', { name: 'Total Users' })).toHaveAccessibleDescription(
      '3',
    );
    expect(screen.queryByText('Error loading dashboard data:')).not.toBeInTheDocument();
    expect(countByRole).toHaveBeenCalledTimes(2);
  });

  it('speaks Spanish, plurals included', async () => {
    countByRole.mockResolvedValue(ok({ total: 4, student: 2, teacher: 1, admin: 1 }));
    renderDashboard('es');

    expect(
      screen.getByRole('heading', { name: '¡Bienvenido de nuevo, Rosa!' }),
    ).toBeInTheDocument();
    const total = await screen.findByRole('group', { name: 'Usuarios totales' });
    expect(
      within(total).getByText('2 estudiantes · 1 profesor · 1 administrador'),
    ).toBeInTheDocument();
    expect(figure('Profesores')).toHaveAccessibleDescription('1');
  });

  it('shows the error in Spanish with its Try again button', async () => {
    countByRole.mockResolvedValue(fail('FETCH_USERS_ERROR', 'permission denied for table users'));
    renderDashboard('es');

    expect(await screen.findByText('Error al cargar los datos del panel:')).toBeInTheDocument();
    expect(
      screen.getByText(/No se pudieron cargar los datos\. Inténtalo de nuevo\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
  });
});
