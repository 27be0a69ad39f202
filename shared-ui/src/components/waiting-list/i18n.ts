import { registerMessages } from '../../i18n';

// The waiting list's texts (docs/waiting-list.md): a student's join / place / leave, the course page's
// panel and My Courses' section, and a course's line for its teacher and administrators.
export const namespace = 'waiting-list';

export const en = {
  join: 'Join the waiting list',
  joined: 'You are on the waiting list of {{title}}: number {{position}} in line.',
  joinFailed: 'You could not join the waiting list: {{message}}',
  position: 'You are number {{position}} in line',
  leave: 'Leave the waiting list',
  leaveTitle: 'Leave the waiting list?',
  leaveMessage:
    'You lose your place in line for {{title}}. If you join again later, you start at the end.',
  leaveConfirm: 'Leave',
  left: 'You left the waiting list of {{title}}.',
  leaveFailed: 'You are still on the waiting list: {{message}}',
  loading: 'Loading your place in line…',
  fullHint: 'This course is full. Join the waiting list and you get the first seat that frees up.',
  seatGiven: 'When a seat frees up, the first in line is enrolled automatically and notified.',
  panelTitle: 'Waiting list',
  // My Courses
  sectionTitle: 'My waiting lists',
  sectionEmpty: 'You are not on any waiting list.',
  sectionLoadError: 'Your waiting lists could not be loaded.',
  joinedAt: 'Joined {{date}}',
  openCourse: 'Open {{title}}',
  // A course's line (teacher, admin)
  lineTitle: 'Waiting list',
  lineCount_one: '{{count}} student waiting',
  lineCount_other: '{{count}} students waiting',
  lineEmpty: 'Nobody is waiting for a seat.',
  lineLoading: 'Loading the waiting list…',
  lineLoadError: 'The waiting list could not be loaded.',
  linePosition: 'Place',
  lineStudent: 'Student',
  lineJoined: 'Joined',
  lineHint: 'When a seat frees up, the first in line is enrolled automatically and notified.',
};

export const es: typeof en = {
  join: 'Apuntarme a la lista de espera',
  joined: 'Estás en la lista de espera de {{title}}: eres el número {{position}}.',
  joinFailed: 'No te has podido apuntar a la lista de espera: {{message}}',
  position: 'Eres el número {{position}} de la lista',
  leave: 'Salir de la lista de espera',
  leaveTitle: '¿Salir de la lista de espera?',
  leaveMessage:
    'Pierdes tu puesto en la lista de {{title}}. Si vuelves a apuntarte, empezarás al final.',
  leaveConfirm: 'Salir',
  left: 'Has salido de la lista de espera de {{title}}.',
  leaveFailed: 'Sigues en la lista de espera: {{message}}',
  loading: 'Cargando tu puesto en la lista…',
  fullHint:
    'Este curso está completo. Apúntate a la lista de espera y tendrás la primera plaza que se libere.',
  seatGiven:
    'Cuando se libera una plaza, la inscripción pasa automáticamente a la primera persona de la lista, que recibe un aviso.',
  panelTitle: 'Lista de espera',
  sectionTitle: 'Mis listas de espera',
  sectionEmpty: 'No estás en ninguna lista de espera.',
  sectionLoadError: 'No se han podido cargar tus listas de espera.',
  joinedAt: 'Desde el {{date}}',
  openCourse: 'Abrir {{title}}',
  lineTitle: 'Lista de espera',
  lineCount_one: '{{count}} estudiante en espera',
  lineCount_other: '{{count}} estudiantes en espera',
  lineEmpty: 'Nadie espera una plaza.',
  lineLoading: 'Cargando la lista de espera…',
  lineLoadError: 'No se ha podido cargar la lista de espera.',
  linePosition: 'Puesto',
  lineStudent: 'Estudiante',
  lineJoined: 'Desde',
  lineHint:
    'Cuando se libera una plaza, la inscripción pasa automáticamente a la primera persona de la lista, que recibe un aviso.',
};

registerMessages(namespace, { en, es });
