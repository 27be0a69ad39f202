import { registerMessages } from '../../i18n';

// The texts of every form's date and time inputs (a class's date and time, an activity's due date):
// how to type a date, the names of the calendar's controls and of a time's hours and minutes.
export const namespace = 'date-input';

export const en = {
  placeholder: 'DD/MM/YYYY',
  hint: 'Day first, e.g. 25/03/2026',
  calendar: {
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    previousYear: 'Previous year',
    nextYear: 'Next year',
    previousDecade: 'Previous decade',
    nextDecade: 'Next decade',
    monthLevel: 'Choose the month',
    yearLevel: 'Choose the year',
  },
  // A time field is two boxes, hours then minutes (24-hour); each is named after the field.
  time: {
    hours: '{{label}}: hours',
    minutes: '{{label}}: minutes',
  },
};

export const es: typeof en = {
  placeholder: 'DD/MM/AAAA',
  hint: 'Primero el día, p. ej., 25/03/2026',
  calendar: {
    previousMonth: 'Mes anterior',
    nextMonth: 'Mes siguiente',
    previousYear: 'Año anterior',
    nextYear: 'Año siguiente',
    previousDecade: 'Década anterior',
    nextDecade: 'Década siguiente',
    monthLevel: 'Elegir el mes',
    yearLevel: 'Elegir el año',
  },
  time: {
    hours: '{{label}}: horas',
    minutes: '{{label}}: minutos',
  },
};

registerMessages(namespace, { en, es });
