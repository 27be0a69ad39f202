import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminDashboardReadModel,
  fail,
  ok,
  type AdminDashboard,
  type Result,
} from '@portal/shared-data';
import { admin } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import DashboardScreen from './dashboard-screen';

vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  // `dashboardQueries.admin()` calls this very object, so its function is replaced in place.
  Object.assign(actual.adminDashboardReadModel, { get: vi.fn() });
  return actual;
});

const getDashboard = vi.mocked(adminDashboardReadModel.get);

afterEach(() => {
  getDashboard.mockReset();
});

function school(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    period: 'month',
    periodStart: '2026-10-23T12:00:00Z',
    previousStart: '2026-09-23T12:00:00Z',
    now: '2026-11-23T12:00:00Z',
    bucket: 'day',
    users: { total: 31, students: 24, teachers: 1, admins: 6 },
    courses: {
      total: 9,
      active: 7,
      activeEnrollments: 40,
      revenue: 11960,
      invoiced: 15000,
      outstanding: 3040,
    },
    classes: { total: 120, live: 80, upcoming: 12 },
    materials: 55,
    current: { newUsers: 6, newEnrollments: 10, revenue: 2990, classes: 20 },
    previous: { newUsers: 4, newEnrollments: 10, revenue: 3588, classes: 0 },
    series: [
      { start: '2026-11-22', enrollments: 4, revenue: 1196 },
      { start: '2026-11-23', enrollments: 6, revenue: 1794 },
    ],
    currency: 'EUR',
    ...overrides,
  };
}

function show(language: 'en' | 'es' = 'en') {
  return renderScreen(<DashboardScreen />, { language });
}

describe('admin DashboardScreen', () => {
  it('shows a loader until the figures arrive', async () => {
    let answer: (result: Result<AdminDashboard>) => void = () => {};
    getDashboard.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    show();

    expect(screen.getByLabelText('Loading the overview…')).toBeInTheDocument();
    answer(ok(school()));

    expect(await screen.findByRole('group', { name: 'Total Users' })).toHaveAccessibleDescription(
      '31',
    );
    expect(screen.queryByLabelText('Loading the overview…')).not.toBeInTheDocument();
  });

  it("greets the admin and shows the school's totals, plurals and the school's currency included", async () => {
    getDashboard.mockResolvedValue(ok(school()));
    show();

    expect(screen.getByRole('heading', { name: 'Welcome back, Rosa!' })).toBeInTheDocument();
    const users = await screen.findByRole('group', { name: 'Total Users' });
    expect(within(users).getByText('24 students · 1 teacher')).toBeInTheDocument();
    const courses = screen.getByRole('group', { name: 'Active Courses' });
    expect(courses).toHaveAccessibleDescription('7');
    expect(within(courses).getByText('40 active enrolments')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Total Classes' })).getByText('12 upcoming'),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total Revenue' })).toHaveAccessibleDescription(
      '€11,960.00',
    );
    // Money received (issue 31, docs/money.md), with invoiced and outstanding beside it.
    expect(
      screen.getByText(
        'Payments received, less refunds · invoiced €15,000.00 · outstanding €3,040.00',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Materials' })).toHaveAccessibleDescription('55');
    expect(screen.getByRole('group', { name: 'Live Classes' })).toHaveAccessibleDescription('80');
  });

  // Issue 31: the school bills in its own currency (System Settings → billing); no figure says dollars.
  it.each([
    ['en', '€11,960.00', '€2,990.00'],
    ['es', '11.960,00\u00a0€', '2990,00\u00a0€'],
  ] as const)(
    "formats every money figure in the school's currency, in %s",
    async (language, total, period) => {
      getDashboard.mockResolvedValue(ok(school()));
      show(language);

      await waitFor(() => expect(document.body.textContent).toContain(total));
      expect(document.body.textContent).toContain(period);
      // The cards, the comparison and the chart's summary: not one dollar sign.
      expect(document.body.textContent).not.toContain('$');
    },
  );

  it("follows the school's setting rather than a fixed currency", async () => {
    getDashboard.mockResolvedValue(ok(school({ currency: 'GBP' })));
    show();

    expect(await screen.findByRole('group', { name: 'Total Revenue' })).toHaveAccessibleDescription(
      '£11,960.00',
    );
  });

  it("compares the period's figures with the period before", async () => {
    getDashboard.mockResolvedValue(ok(school()));
    show();

    const users = await screen.findByRole('group', { name: 'New users' });
    // 6 against 4: half as many again.
    expect(within(users).getByText('6')).toBeInTheDocument();
    expect(within(users).getByText('▲ 50 %')).toBeInTheDocument();
    expect(within(users).getByText('Previous period: 4')).toBeInTheDocument();
    const enrollments = screen.getByRole('group', { name: 'New enrolments' });
    expect(within(enrollments).getByText('No change')).toBeInTheDocument();
    // 2,990 against 3,588 euros: a sixth less.
    const revenue = screen.getByRole('group', { name: 'Revenue (received)' });
    expect(within(revenue).getByText('€2,990.00')).toBeInTheDocument();
    expect(within(revenue).getByText('▼ 16.7 %')).toBeInTheDocument();
    // Nothing before to compare with.
    expect(
      within(screen.getByRole('group', { name: 'Classes' })).getByText('New'),
    ).toBeInTheDocument();
  });

  it('reads the chosen period again, in the viewer time zone', async () => {
    getDashboard.mockResolvedValue(ok(school()));
    const user = userEvent.setup();
    show();
    await screen.findByRole('group', { name: 'New users' });
    expect(getDashboard).toHaveBeenLastCalledWith(
      'month',
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );

    getDashboard.mockResolvedValue(ok(school({ period: 'year' })));
    await user.click(screen.getByText('Year'));

    await waitFor(() => expect(getDashboard).toHaveBeenLastCalledWith('year', expect.any(String)));
    expect(await screen.findByRole('heading', { name: 'The last 12 months' })).toBeInTheDocument();
  });

  it('offers Quick Actions that open the real screens with their dialog', async () => {
    getDashboard.mockResolvedValue(ok(school()));
    show();

    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getByRole('link', { name: 'Add User' })).toHaveAttribute(
      'href',
      '/users?new=1',
    );
    expect(within(actions).getByRole('link', { name: 'Schedule Class' })).toHaveAttribute(
      'href',
      '/classes?new=1',
    );
    expect(within(actions).getByRole('link', { name: 'Create Course' })).toHaveAttribute(
      'href',
      '/courses?new=1',
    );
    expect(within(actions).getByRole('link', { name: 'System Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('shows a translated error, never the raw one, and Try again loads the figures', async () => {
    getDashboard
      .mockResolvedValueOnce(
        fail('RPC_ERROR', 'permission denied for function get_admin_dashboard'),
      )
      .mockResolvedValueOnce(ok(school()));
    const user = userEvent.setup();
    show();

    expect(await screen.findByText('Error loading dashboard data:')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('group', { name: 'Total Users' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading dashboard data:')).not.toBeInTheDocument();
  });

  it('greets a first visit (no sign-in before this one) as a welcome, not a welcome back', async () => {
    getDashboard.mockResolvedValue(ok(school()));
    const newcomer = { ...admin, previousLogin: null };
    const view = renderScreen(<DashboardScreen />, { user: newcomer });
    expect(screen.getByRole('heading', { name: 'Welcome, Rosa!' })).toBeInTheDocument();
    view.unmount();
    renderScreen(<DashboardScreen />, { user: newcomer, language: 'es' });
    expect(
      screen.getByRole('heading', { name: '¡Te damos la bienvenida, Rosa!' }),
    ).toBeInTheDocument();
  });

  it('speaks Spanish, plurals and money included', async () => {
    getDashboard.mockResolvedValue(ok(school()));
    show('es');

    expect(screen.getByRole('heading', { name: '¡Hola de nuevo, Rosa!' })).toBeInTheDocument();
    const users = await screen.findByRole('group', { name: 'Usuarios totales' });
    expect(within(users).getByText('24 estudiantes · 1 docente')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'El último mes' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Ingresos totales' })).toHaveAccessibleDescription(
      /11\.960,00/,
    );
  });
});
