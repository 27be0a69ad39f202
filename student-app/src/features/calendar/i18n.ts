import { registerMessages } from '@portal/shared-ui';

// The student's own calendar texts; the calendar's (lists, Join, export) are shared-ui's
// `class-calendar` namespace, the same for every role.
export const namespace = 'student-calendar';

export const en = {
  subtitle: 'Your classes month by month. Choose a day to see its classes.',
  attended: 'Attended',
  attendanceFailed: 'You joined the class, but your attendance could not be recorded:',
};

export const es: typeof en = {
  subtitle: 'Tus clases mes a mes. Elige un día para ver sus clases.',
  attended: 'Asististe',
  attendanceFailed: 'Te uniste a la clase, pero no se pudo registrar tu asistencia:',
};

registerMessages(namespace, { en, es });
