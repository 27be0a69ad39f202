import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { ClassCalendar, type ClassCalendarProps } from './class-calendar';
import type { CalendarClassItem, ClassExportLabels, ClassJoinStatus } from './class-calendar-types';

/** Wednesday 12 March 2025, 09:00 local time. */
const TODAY = new Date(2025, 2, 12, 9, 0);

function lesson(overrides: Partial<CalendarClassItem> = {}): CalendarClassItem {
  const scheduledDate = overrides.scheduledDate ?? new Date(2025, 2, 12, 15).toISOString();
  const duration = overrides.duration ?? 60;
  return {
    id: 'class-1',
    title: 'Negotiation role play',
    courseTitle: 'Business Spanish',
    scheduledDate,
    endsAt: new Date(Date.parse(scheduledDate) + duration * 60_000).toISOString(),
    duration,
    type: 'live',
    meetingLink: 'https://meet.school.test/abc',
    ...overrides,
  };
}

function props(
  overrides: Partial<ClassCalendarProps<CalendarClassItem>> = {},
): ClassCalendarProps<CalendarClassItem> {
  return {
    description: 'Your classes',
    month: TODAY,
    onMonthChange: vi.fn(),
    monthData: { days: [], upcoming: [] },
    monthLoading: false,
    selectedDate: new Date(2025, 2, 12),
    onSelectDate: vi.fn(),
    dayClasses: { status: 'ready', classes: [] },
    upcoming: { status: 'ready', classes: [] },
    today: TODAY,
    describeError: () => 'The data could not be loaded.',
    joinStateOf: () => 'later',
    ...overrides,
  };
}

describe('ClassCalendar', () => {
  it('shows the month, the empty day and no next classes, with no export unless offered', () => {
    renderWithProviders(<ClassCalendar {...props()} />);

    expect(screen.getByText('Your classes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'March 2025' })).toBeInTheDocument();
    expect(screen.getByText('No classes on this day')).toBeInTheDocument();
    expect(screen.getByText('No upcoming classes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export (.ics)' })).not.toBeInTheDocument();
  });

  it("puts a day's first classes and '+N more' on the grid from the month answer", () => {
    const first = lesson();
    const second = lesson({
      id: 'class-2',
      courseTitle: null,
      title: 'Presenting figures',
      scheduledDate: new Date(2025, 2, 12, 17).toISOString(),
    });
    renderWithProviders(
      <ClassCalendar
        {...props({
          monthData: {
            days: [{ date: '2025-03-12', classCount: 5, classes: [first, second] }],
            upcoming: [],
          },
        })}
      />,
    );

    const cell = screen.getByRole('button', { name: /March 12, 2025, 5 classes/ });
    expect(within(cell).getByText('Business Spanish')).toBeInTheDocument();
    expect(within(cell).getByText('Presenting figures')).toBeInTheDocument();
    expect(within(cell).getByText('+3 more')).toBeInTheDocument();
  });

  it('shows each Join state the screen gives, calls onJoin and adds role badges', async () => {
    const states: Record<string, ClassJoinStatus> = {
      open: 'open',
      later: 'later',
      ended: 'ended',
      none: 'none',
    };
    const onJoin = vi.fn();
    const classes = Object.keys(states).map((id, index) =>
      lesson({
        id,
        title: `Class ${id}`,
        scheduledDate: new Date(2025, 2, 12, 10 + index).toISOString(),
      }),
    );
    const { user } = renderWithProviders(
      <ClassCalendar
        {...props({
          dayClasses: { status: 'ready', classes },
          joinStateOf: (item) => states[item.id] ?? 'none',
          onJoin,
          renderBadges: (item) => (item.id === 'ended' ? <span>Badge of {item.title}</span> : null),
        })}
      />,
    );

    const items = within(
      screen.getByRole('region', { name: 'Classes on Wednesday, March 12, 2025' }),
    ).getAllByRole('listitem');
    const [open, later, ended, none] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const joinNow = within(open).getByRole('link', { name: 'Join Now' });
    expect(within(later).getByRole('link', { name: 'Join' })).toBeInTheDocument();
    expect(within(ended).queryByRole('link')).not.toBeInTheDocument();
    expect(within(none).queryByRole('link')).not.toBeInTheDocument();
    expect(within(ended).getByText('Badge of Class ended')).toBeInTheDocument();
    expect(open).toHaveTextContent('10:00–11:00');
    expect(open).toHaveTextContent('60 min');

    joinNow.addEventListener('click', (event) => event.preventDefault());
    await user.click(joinNow);
    expect(onJoin).toHaveBeenCalledWith(classes[0]);
  });

  it('explains a failed read with the screen’s reason and Try again', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <ClassCalendar
        {...props({
          monthData: undefined,
          dayClasses: { status: 'error' },
          upcoming: { status: 'error' },
          loadError: { error: new Error('boom'), onRetry },
        })}
      />,
    );

    expect(screen.getByText('Error loading classes:')).toBeInTheDocument();
    expect(screen.getByText(/The data could not be loaded\./)).toBeInTheDocument();
    expect(screen.queryByText('No classes on this day')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('runs the export with translated labels and reports done, nothing and failure', async () => {
    const run = vi
      .fn<(labels: ClassExportLabels) => Promise<number>>()
      .mockResolvedValueOnce(3)
      .mockResolvedValueOnce(0)
      .mockRejectedValueOnce(new Error('Network down'));
    const { user } = renderWithProviders(
      <ClassCalendar {...props({ exporter: { fileName: 'classes.ics', run } })} />,
      { language: 'es' },
    );

    await user.click(screen.getByRole('button', { name: 'Exportar (.ics)' }));
    expect(
      await screen.findByText(
        'Se descargaron 3 clases en classes.ics. Abre el archivo con tu aplicación de calendario para añadirlas.',
      ),
    ).toBeInTheDocument();
    const labels = run.mock.calls[0]?.[0];
    expect(labels?.calendarName).toBe('Clases de Lingua Academy');
    expect(labels?.teacher('Marta')).toBe('Docente: Marta');

    await user.click(screen.getByRole('button', { name: 'Exportar (.ics)' }));
    expect(await screen.findByText('No hay clases para exportar.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Exportar (.ics)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudieron exportar las clases: The data could not be loaded.',
    );
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the screen's own notice and lets it be dismissed", async () => {
    const onDismiss = vi.fn();
    const { user } = renderWithProviders(
      <ClassCalendar
        {...props({ notice: { tone: 'warning', message: 'Something to know', onDismiss } })}
      />,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Something to know');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
