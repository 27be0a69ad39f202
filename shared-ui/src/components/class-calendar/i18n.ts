import { registerMessages } from '../../i18n';

// The texts of the class calendar (grid panels, class items, export), the same for every role's
// calendar. Each screen adds only its own (its subtitle, a student's attendance).
export const namespace = 'class-calendar';

export const en = {
  loadError: 'Error loading classes:',
  loading: 'Loading classes…',
  dayClasses: 'Classes on {{date}}',
  noClassesOnDay: 'No classes on this day',
  upcoming: 'Upcoming Classes',
  noUpcoming: 'No upcoming classes',
  join: 'Join',
  joinNow: 'Join Now',
  minutes_one: '{{count}} min',
  minutes_other: '{{count}} min',
  timeRange: '{{start}}–{{end}}',
  dismiss: 'Dismiss',
  export: 'Export (.ics)',
  exportHint: 'Download your classes for Google Calendar, Outlook or Apple Calendar',
  exportDone_one:
    'Downloaded {{count}} class as {{file}}. Open the file with your calendar app to add it.',
  exportDone_other:
    'Downloaded {{count}} classes as {{file}}. Open the file with your calendar app to add them.',
  exportEmpty: 'There are no classes to export.',
  exportError: 'The classes could not be exported:',
  ics: {
    calendarName: 'Lingua Academy classes',
    teacher: 'Teacher: {{name}}',
    live: 'Live class',
    recorded: 'Recorded class',
    meetingLink: 'Meeting link: {{url}}',
    recording: 'Recording: {{url}}',
  },
};

export const es: typeof en = {
  loadError: 'Error al cargar las clases:',
  loading: 'Cargando clases…',
  dayClasses: 'Clases del {{date}}',
  noClassesOnDay: 'No hay clases este día',
  upcoming: 'Próximas clases',
  noUpcoming: 'No hay próximas clases',
  join: 'Unirse',
  joinNow: 'Unirse ahora',
  minutes_one: '{{count}} min',
  minutes_other: '{{count}} min',
  timeRange: '{{start}}–{{end}}',
  dismiss: 'Cerrar',
  export: 'Exportar (.ics)',
  exportHint: 'Descarga tus clases para Google Calendar, Outlook o Apple Calendar',
  exportDone_one:
    'Se descargó {{count}} clase en {{file}}. Abre el archivo con tu aplicación de calendario para añadirla.',
  exportDone_other:
    'Se descargaron {{count}} clases en {{file}}. Abre el archivo con tu aplicación de calendario para añadirlas.',
  exportEmpty: 'No hay clases para exportar.',
  exportError: 'No se pudieron exportar las clases:',
  ics: {
    calendarName: 'Clases de Lingua Academy',
    teacher: 'Docente: {{name}}',
    live: 'Clase en directo',
    recorded: 'Clase grabada',
    meetingLink: 'Enlace de la reunión: {{url}}',
    recording: 'Grabación: {{url}}',
  },
};

registerMessages(namespace, { en, es });
