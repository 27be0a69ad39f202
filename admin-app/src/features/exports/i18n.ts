import { registerMessages } from '@portal/shared-ui';

export const namespace = 'admin-exports';

// The CSV exports of User Management and Course Management: their buttons, file names and column
// headers. Values that are words (roles, statuses) are in the same language as the headers.

export const en = {
  users: {
    button: 'Export CSV',
    fileName: 'users-{{date}}.csv',
  },
  roster: {
    button: 'Export roster',
    fileName: 'roster-{{course}}-{{date}}.csv',
  },
  enrollments: {
    button: 'Export enrolments',
    fileName: 'enrolments-{{date}}.csv',
  },
  failed: 'The export failed:',
  columns: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    role: 'Role',
    account: 'Account',
    phone: 'Phone',
    location: 'Location',
    joined: 'Joined (UTC)',
    lastSignIn: 'Last sign-in (UTC)',
    course: 'Course',
    enrolmentStatus: 'Enrolment',
    progress: 'Progress (%)',
    enrolledAt: 'Enrolled (UTC)',
  },
  values: {
    active: 'Active',
    inactive: 'Inactive',
    enrolment: { active: 'Active', completed: 'Completed', dropped: 'Dropped' },
  },
};

export const es: typeof en = {
  users: {
    button: 'Exportar CSV',
    fileName: 'usuarios-{{date}}.csv',
  },
  roster: {
    button: 'Exportar lista',
    fileName: 'lista-{{course}}-{{date}}.csv',
  },
  enrollments: {
    button: 'Exportar inscripciones',
    fileName: 'inscripciones-{{date}}.csv',
  },
  failed: 'No se pudo exportar:',
  columns: {
    firstName: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo',
    role: 'Rol',
    account: 'Cuenta',
    phone: 'Teléfono',
    location: 'Ubicación',
    joined: 'Alta (UTC)',
    lastSignIn: 'Último acceso (UTC)',
    course: 'Curso',
    enrolmentStatus: 'Inscripción',
    progress: 'Progreso (%)',
    enrolledAt: 'Fecha de inscripción (UTC)',
  },
  values: {
    active: 'Activa',
    inactive: 'Inactiva',
    enrolment: { active: 'Activa', completed: 'Completada', dropped: 'Abandonada' },
  },
};

registerMessages(namespace, { en, es });
