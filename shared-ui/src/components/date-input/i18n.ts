import { registerMessages } from '../../i18n';

// The texts of every form's date input (a class's date, an activity's due date):
// how to type a date and the names of the calendar's controls.
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
};

registerMessages(namespace, { en, es });
