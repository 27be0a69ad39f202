import { registerMessages } from '@portal/shared-ui';

// The teacher's own calendar texts; the calendar's (lists, Join, export) are shared-ui's
// `class-calendar` namespace, the same for every role.
export const namespace = 'teacher-calendar';

export const en = {
  subtitle:
    'The classes of the courses you teach, month by month. Choose a day to see its classes.',
  subtitleAdmin: 'Every class of the school, month by month. Choose a day to see its classes.',
};

export const es: typeof en = {
  subtitle: 'Las clases de los cursos que impartes, mes a mes. Elige un día para ver sus clases.',
  subtitleAdmin: 'Todas las clases de la escuela, mes a mes. Elige un día para ver sus clases.',
};

registerMessages(namespace, { en, es });
