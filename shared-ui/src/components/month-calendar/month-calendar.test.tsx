import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { MonthCalendar, type CalendarEvent, type MonthCalendarProps } from './month-calendar';

// Local times, so the expectations hold in any time zone the tests run in.
const at = (day: number, hour: number, minute = 0) =>
  new Date(2025, 2, day, hour, minute).toISOString();

const events: CalendarEvent[] = [
  { id: 'e3', date: at(4, 18), title: 'Business English' },
  { id: 'e1', date: at(4, 9, 5), title: 'Spanish A1' },
  { id: 'e2', date: at(4, 14, 30), title: 'Conversation Club', color: 'grape' },
  { id: 'e4', date: at(4, 20), title: 'Grammar Clinic' },
  { id: 'e5', date: at(12, 10), title: 'English B2' },
  { id: 'bad', date: 'not a date', title: 'Ignored' },
];

const today = new Date(2025, 2, 12, 15, 0);

function Harness(props: Partial<MonthCalendarProps>) {
  const [month, setMonth] = useState(props.month ?? new Date(2025, 2, 1));
  const [selected, setSelected] = useState<Date | null>(props.selectedDate ?? null);
  return (
    <MonthCalendar
      events={events}
      today={today}
      {...props}
      month={month}
      onMonthChange={(next) => {
        setMonth(next);
        props.onMonthChange?.(next);
      }}
      selectedDate={selected}
      onSelectDate={(date) => {
        setSelected(date);
        props.onSelectDate?.(date);
      }}
    />
  );
}

function day(name: string | RegExp) {
  return screen.getByRole('button', { name });
}

describe('MonthCalendar', () => {
  it('titles the month and lists weekdays from Sunday, in English', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('heading', { level: 2, name: 'March 2025' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'March 2025' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('columnheader').map((header) => header.getAttribute('aria-label')),
    ).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    const firstRow = screen.getAllByRole('row')[1] as HTMLElement;
    const cells = within(firstRow).getAllByRole('cell');
    // 1 March 2025 is a Saturday: six blank cells, then the 1st.
    expect(cells.slice(0, 6).every((cell) => cell.textContent === '')).toBe(true);
    expect(within(cells[6] as HTMLElement).getByRole('button')).toHaveAccessibleName(
      'Saturday, March 1, 2025',
    );
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(31);
  });

  it('uses Spanish month and weekday names in the Spanish UI', () => {
    renderWithProviders(<Harness />, { language: 'es' });
    expect(screen.getByRole('heading', { name: 'Marzo de 2025' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('columnheader').map((header) => header.getAttribute('aria-label')),
    ).toEqual(['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado']);
    expect(day('Sábado, 1 de marzo de 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeInTheDocument();
  });

  it('shows the first two events of a day by time with course title, then "+N more"', () => {
    renderWithProviders(<Harness />);
    const cell = day('Tuesday, March 4, 2025, 4 classes');
    expect(cell).toHaveTextContent('09:05 Spanish A1');
    expect(cell).toHaveTextContent('14:30 Conversation Club');
    expect(cell).not.toHaveTextContent('Business English');
    expect(cell).toHaveTextContent('+2 more');
    expect(day('Wednesday, March 12, 2025, 1 class')).toHaveTextContent('10:00 English B2');
    expect(day('Wednesday, March 12, 2025, 1 class')).not.toHaveTextContent('more');
  });

  it('keeps each event on one line cut with an ellipsis, the full text in its title', () => {
    const long = 'Conversational Spanish for Business Travellers and Negotiators';
    renderWithProviders(<Harness events={[{ id: 'long', date: at(4, 9, 5), title: long }]} />);
    const line = screen.getByTitle(`09:05 ${long}`);
    expect(line).toHaveTextContent(`09:05 ${long}`);
    // Whatever the column width: no wrapping, no letter-by-letter breaks, an ellipsis at the end.
    expect(line).toHaveStyle({
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      wordBreak: 'normal',
      overflowWrap: 'normal',
    });
    const cell = line.closest('td');
    expect(cell).toHaveStyle({ overflow: 'hidden' });
    expect(within(cell as HTMLElement).getByRole('button')).toHaveAccessibleName(
      'Tuesday, March 4, 2025, 1 class',
    );
  });

  it('says "+N más" in Spanish and honours another maxPerDay', () => {
    renderWithProviders(<Harness maxPerDay={3} />, { language: 'es' });
    const cell = day('Martes, 4 de marzo de 2025, 4 clases');
    expect(cell).toHaveTextContent('18:00 Business English');
    expect(cell).toHaveTextContent('+1 más');
  });

  it("takes a day's class count from dayCounts when events hold only its first classes", () => {
    renderWithProviders(
      <Harness
        events={[
          { id: 'a', date: at(4, 9, 5), title: 'Spanish A1' },
          { id: 'b', date: at(4, 14, 30), title: 'Conversation Club' },
          { id: 'c', date: at(12, 10), title: 'English B2' },
        ]}
        dayCounts={{ '2025-03-04': 5, '2025-03-12': 1, '2025-03-20': 3 }}
      />,
    );
    const cell = day('Tuesday, March 4, 2025, 5 classes');
    expect(cell).toHaveTextContent('09:05 Spanish A1');
    expect(cell).toHaveTextContent('14:30 Conversation Club');
    expect(cell).toHaveTextContent('+3 more');
    expect(day('Wednesday, March 12, 2025, 1 class')).not.toHaveTextContent('more');
    // A day counted but without events of its own still says how many classes it has.
    expect(day('Thursday, March 20, 2025, 3 classes')).toHaveTextContent('+3 more');
    expect(day('Friday, March 21, 2025')).not.toHaveTextContent('more');
  });

  it('never counts fewer classes than the events of a day', () => {
    renderWithProviders(
      <Harness dayCounts={{ '2025-03-04': 1, '2025-03-12': 0, '2025-03-05': 0 }} />,
      { language: 'es' },
    );
    expect(day('Martes, 4 de marzo de 2025, 4 clases')).toHaveTextContent('+2 más');
    expect(day('Miércoles, 12 de marzo de 2025, 1 clase')).not.toHaveTextContent('más');
    expect(day('Miércoles, 5 de marzo de 2025')).not.toHaveTextContent('más');
  });

  it('marks today', () => {
    renderWithProviders(<Harness />);
    expect(day(/^Wednesday, March 12, 2025/)).toHaveAttribute('aria-current', 'date');
    expect(day(/^Tuesday, March 4, 2025/)).not.toHaveAttribute('aria-current');
  });

  it('selects a day on click and reports it at local midnight', async () => {
    const onSelectDate = vi.fn();
    const { user } = renderWithProviders(<Harness onSelectDate={onSelectDate} />);
    await user.click(day(/^Tuesday, March 4, 2025/));
    expect(onSelectDate).toHaveBeenCalledWith(new Date(2025, 2, 4));
    expect(day(/^Tuesday, March 4, 2025/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(1);
  });

  it('moves to the previous and next month', async () => {
    const onMonthChange = vi.fn();
    const { user } = renderWithProviders(<Harness onMonthChange={onMonthChange} />);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonthChange).toHaveBeenLastCalledWith(new Date(2025, 3, 1));
    expect(screen.getByRole('heading', { name: 'April 2025' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(onMonthChange).toHaveBeenLastCalledWith(new Date(2025, 1, 1));
    expect(screen.getByRole('heading', { name: 'February 2025' })).toBeInTheDocument();
  });

  it('has one tab stop: the selected day, else today, else the 1st', () => {
    const { unmount } = renderWithProviders(<Harness selectedDate={new Date(2025, 2, 20)} />);
    const tabStops = document.querySelectorAll('button[data-date][tabindex="0"]');
    expect(Array.from(tabStops, (button) => button.getAttribute('data-date'))).toEqual([
      '2025-03-20',
    ]);
    unmount();

    const { unmount: unmountToday } = renderWithProviders(<Harness />);
    expect(day(/^Wednesday, March 12, 2025/)).toHaveAttribute('tabindex', '0');
    expect(day(/^Saturday, March 1, 2025/)).toHaveAttribute('tabindex', '-1');
    unmountToday();

    renderWithProviders(<Harness month={new Date(2025, 5, 1)} />);
    expect(day(/^Sunday, June 1, 2025/)).toHaveAttribute('tabindex', '0');
  });

  it('moves between days with the arrow keys and selects with Enter or Space', async () => {
    const onSelectDate = vi.fn();
    const { user } = renderWithProviders(<Harness onSelectDate={onSelectDate} />);
    day(/^Wednesday, March 12, 2025/).focus();
    await user.keyboard('{ArrowRight}');
    expect(day(/^Thursday, March 13, 2025/)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day(/^Thursday, March 20, 2025/)).toHaveFocus();
    expect(day(/^Thursday, March 20, 2025/)).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}');
    expect(day(/^Wednesday, March 5, 2025/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day(/^Sunday, March 2, 2025/)).toHaveFocus();
    await user.keyboard('{End}');
    expect(day(/^Saturday, March 8, 2025/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelectDate).toHaveBeenLastCalledWith(new Date(2025, 2, 8));
    await user.keyboard('{ArrowLeft} ');
    expect(onSelectDate).toHaveBeenLastCalledWith(new Date(2025, 2, 7));
  });

  it('crosses into the next or previous month from the keyboard', async () => {
    const onMonthChange = vi.fn();
    const { user } = renderWithProviders(<Harness onMonthChange={onMonthChange} />);
    day(/^Monday, March 31, 2025/).focus();
    await user.keyboard('{ArrowRight}');
    expect(onMonthChange).toHaveBeenLastCalledWith(new Date(2025, 3, 1));
    expect(screen.getByRole('heading', { name: 'April 2025' })).toBeInTheDocument();
    expect(day(/^Tuesday, April 1, 2025/)).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('heading', { name: 'March 2025' })).toBeInTheDocument();
    expect(day(/^Saturday, March 1, 2025/)).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(day(/^Tuesday, April 1, 2025/)).toHaveFocus();
  });

  it('shows an empty month without events', () => {
    renderWithProviders(<Harness events={[]} />);
    expect(day('Tuesday, March 4, 2025')).not.toHaveTextContent('more');
    expect(screen.queryByText(/\+\d+ more/)).not.toBeInTheDocument();
  });
});
