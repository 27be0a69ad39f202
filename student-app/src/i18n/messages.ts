export const en = {
  dashboard: {
    welcome: 'Welcome back, {{name}}!',
    subtitle: 'Keep learning: your teachers are here to help.',
    refresh: 'Refresh',
    loadError: 'Error loading dashboard data:',
    team: 'Our teachers',
    teamCount: '{{count}} teachers',
    noTeachers: 'No teachers have joined yet.',
  },
};
export const es: typeof en = {
  dashboard: {
    welcome: '¡Bienvenido de nuevo, {{name}}!',
    subtitle: 'Sigue aprendiendo: tus profesores están aquí para ayudarte.',
    refresh: 'Actualizar',
    loadError: 'Error al cargar los datos del panel:',
    team: 'Nuestros profesores',
    teamCount: '{{count}} profesores',
    noTeachers: 'Todavía no hay profesores.',
  },
};
