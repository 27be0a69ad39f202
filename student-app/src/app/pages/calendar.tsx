import '../../features/calendar/i18n';
import { CalendarScreen } from '../../features/calendar/calendar-screen';

/** Calendar (student): the month grid, the selected day's classes, the next 5 and the .ics export. */
export default function StudentCalendarPage() {
  return <CalendarScreen />;
}
