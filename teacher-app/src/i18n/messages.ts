export const en = {
  dashboard: {
    welcome: 'Welcome back, {{name}}!',
    subtitle: 'Your teaching overview.',
    refresh: 'Refresh',
    loadError: 'Error loading dashboard data:',
    team: 'Teaching team',
    teamCount: '{{count}} teachers',
    noTeachers: 'No teachers have joined yet.',
  },
};
export const es: typeof en = {
  dashboard: {
    welcome: '¡Bienvenido de nuevo, {{name}}!',
    subtitle: 'Resumen de tu docencia.',
    refresh: 'Actualizar',
    loadError: 'Error al cargar los datos del panel:',
    team: 'Equipo docente',
    teamCount: '{{count}} profesores',
    noTeachers: 'Todavía no hay profesores.',
  },
};
