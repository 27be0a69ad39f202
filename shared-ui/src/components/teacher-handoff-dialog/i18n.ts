import { registerMessages } from '../../i18n';

// What happens to a teacher's courses when the teacher is deactivated or deleted, asked the same way
// in Teacher Management and User Management. Each screen keeps its own title, message and buttons.
export const namespace = 'teacher-handoff';

export const en = {
  question_one: 'What happens to their course?',
  question_other: 'What happens to their {{count}} courses?',
  none: 'They teach no courses.',
  coursesLoading: 'Reading their courses…',
  coursesError: 'Their courses could not be read:',
  keep_one: 'Keep it: it stays listed under {{name}}',
  keep_other: 'Keep them: they stay listed under {{name}}',
  reassign_one: 'Reassign it to another teacher',
  reassign_other: 'Reassign them to another teacher',
  unassign_one: 'Leave it without a teacher: it shows “Unknown” as its teacher',
  unassign_other: 'Leave them without a teacher: they show “Unknown” as their teacher',
  target: 'New teacher',
  targetPlaceholder: 'Choose an active teacher',
  noTargets: 'There is no other active teacher to take them over.',
  noMatch: 'No active teacher matches',
  targetsLoading: 'Loading teachers…',
  targetsError: 'Error loading teachers:',
};

export const es: typeof en = {
  question_one: '¿Qué pasa con su curso?',
  question_other: '¿Qué pasa con sus {{count}} cursos?',
  none: 'No imparte ningún curso.',
  coursesLoading: 'Leyendo sus cursos…',
  coursesError: 'No se pudieron leer sus cursos:',
  keep_one: 'Conservarlo: sigue a nombre de {{name}}',
  keep_other: 'Conservarlos: siguen a nombre de {{name}}',
  reassign_one: 'Pasarlo a otro u otra docente',
  reassign_other: 'Pasarlos a otro u otra docente',
  unassign_one: 'Dejarlo sin docente: su docente aparece como «Desconocido»',
  unassign_other: 'Dejarlos sin docente: su docente aparece como «Desconocido»',
  target: 'Docente que se hace cargo',
  targetPlaceholder: 'Elige entre los docentes activos',
  noTargets: 'No hay más docentes activos que puedan hacerse cargo.',
  noMatch: 'Ningún docente activo coincide',
  targetsLoading: 'Cargando docentes…',
  targetsError: 'Error al cargar docentes:',
};

registerMessages(namespace, { en, es });
