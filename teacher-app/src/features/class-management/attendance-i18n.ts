import { registerMessages } from '@portal/shared-ui';

export const namespace = 'teacher-attendance';

export const en = {
  open: 'Attendance',
  title: 'Attendance: {{title}}',
  when: '{{date}} at {{time}}',
  loading: 'Loading the roster…',
  updating: 'Updating the roster…',
  loadError: 'Error loading the roster:',
  empty: 'No students are enrolled in this course yet.',
  rate: 'Attendance rate',
  rateValue: '{{attended}} of {{total}} present ({{rate}}%)',
  noRoster: 'Nobody to count yet',
  unsaved_one: '{{count}} unsaved change',
  unsaved_other: '{{count}} unsaved changes',
  roster_one: '{{count}} student',
  roster_other: '{{count}} students',
  present: 'Present',
  presentFor: 'Present: {{name}}',
  notMarked: 'Not marked yet',
  joinedAt: 'Joined at {{time}}',
  markedAt: 'Present since {{time}}',
  allPresent: 'Mark all present',
  pager: 'Roster pages',
  cancel: 'Cancel',
  save: 'Save attendance',
  failed: 'The attendance was not saved:',
  keptNotice: 'Nothing you marked was lost; you can try again.',
  saved: 'Attendance saved',
};

export const es: typeof en = {
  open: 'Asistencia',
  title: 'Asistencia: {{title}}',
  when: '{{date}} a las {{time}}',
  loading: 'Cargando la lista…',
  updating: 'Actualizando la lista…',
  loadError: 'Error al cargar la lista:',
  empty: 'Todavía no hay estudiantes inscritos en este curso.',
  rate: 'Porcentaje de asistencia',
  rateValue: '{{attended}} de {{total}} presentes ({{rate}} %)',
  noRoster: 'Todavía no hay nadie a quien contar',
  unsaved_one: '{{count}} cambio sin guardar',
  unsaved_other: '{{count}} cambios sin guardar',
  roster_one: '{{count}} estudiante',
  roster_other: '{{count}} estudiantes',
  present: 'Presente',
  presentFor: 'Presente: {{name}}',
  notMarked: 'Sin marcar todavía',
  joinedAt: 'Se unió a las {{time}}',
  markedAt: 'Presente desde las {{time}}',
  allPresent: 'Marcar a todos presentes',
  pager: 'Páginas de la lista',
  cancel: 'Cancelar',
  save: 'Guardar asistencia',
  failed: 'La asistencia no se guardó:',
  keptNotice: 'No se perdió nada de lo que marcaste; puedes volver a intentarlo.',
  saved: 'Asistencia guardada',
};

// Imported by the attendance dialog, so the texts exist wherever the remote mounts it.
registerMessages(namespace, { en, es });
