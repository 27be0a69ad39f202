export const en = {
  dashboard: {
    welcome: 'Welcome back, {{name}}',
    subtitle: 'An overview of the school today.',
    refresh: 'Refresh',
    loadError: 'Error loading dashboard data:',
    totalUsers: 'Total Users',
    totalUsersHint: '{{students}} students · {{teachers}} teachers · {{admins}} admins',
    teachers: 'Teachers',
    students: 'Students',
    admins: 'Administrators',
  },
};
export const es: typeof en = {
  dashboard: {
    welcome: 'Bienvenido de nuevo, {{name}}',
    subtitle: 'Un resumen de la escuela hoy.',
    refresh: 'Actualizar',
    loadError: 'Error al cargar los datos del panel:',
    totalUsers: 'Usuarios totales',
    totalUsersHint: '{{students}} estudiantes · {{teachers}} profesores · {{admins}} administradores',
    teachers: 'Profesores',
    students: 'Estudiantes',
    admins: 'Administradores',
  },
};
