import { registerMessages } from '@portal/shared-ui';

export const namespace = 'teacher-dashboard';

export const en = {
  welcome: 'Welcome back, {{name}}!',
  subtitle: 'Your teaching overview.',
  refresh: 'Refresh',
  loading: 'Loading the teaching team…',
  loadError: 'Error loading dashboard data:',
  team: 'Teaching team',
  teamCount_one: '{{count}} teacher',
  teamCount_other: '{{count}} teachers',
  noTeachers: 'No teachers have joined yet.',
};

export const es: typeof en = {
  welcome: '¡Bienvenido de nuevo, {{name}}!',
  subtitle: 'Resumen de tu docencia.',
  refresh: 'Actualizar',
  loading: 'Cargando el equipo docente…',
  loadError: 'Error al cargar los datos del panel:',
  team: 'Equipo docente',
  teamCount_one: '{{count}} profesor',
  teamCount_other: '{{count}} profesores',
  noTeachers: 'Todavía no hay profesores.',
};

// Imported by the screen, so the texts exist wherever the remote mounts it.
registerMessages(namespace, { en, es });
