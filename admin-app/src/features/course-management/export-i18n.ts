import { registerMessages } from '@portal/shared-ui';

export const namespace = 'admin-course-export';

// Course Management's CSV exports (all enrolments, a course's roster): buttons, file names and
// column headers. The enrolment status in the cells is in the same language as the headers.

export const en = {
  roster: { button: 'Export roster', fileName: 'roster-{{course}}-{{date}}.csv' },
  enrollments: { button: 'Export enrolments', fileName: 'enrolments-{{date}}.csv' },
  failed: 'The export failed:',
  columns: {
    course: 'Course',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    enrolmentStatus: 'Enrolment',
    progress: 'Progress (%)',
    enrolledAt: 'Enrolled (UTC)',
  },
  values: { active: 'Active', completed: 'Completed', dropped: 'Dropped' },
};

export const es: typeof en = {
  roster: { button: 'Exportar lista', fileName: 'lista-{{course}}-{{date}}.csv' },
  enrollments: { button: 'Exportar inscripciones', fileName: 'inscripciones-{{date}}.csv' },
  failed: 'No se pudo exportar:',
  columns: {
    course: 'Curso',
    firstName: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo',
    enrolmentStatus: 'Inscripción',
    progress: 'Progreso (%)',
    enrolledAt: 'Fecha de inscripción (UTC)',
  },
  values: { active: 'Activa', completed: 'Completada', dropped: 'Abandonada' },
};

registerMessages(namespace, { en, es });
