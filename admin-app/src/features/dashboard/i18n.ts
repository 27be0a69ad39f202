import { registerMessages } from '@portal/shared-ui';

export const namespace = 'admin-dashboard';

export const en = {
  welcome: 'Welcome back, {{name}}!',
  subtitle: 'An overview of the school today.',
  refresh: 'Refresh',
  loading: 'Loading the overview…',
  loadError: 'Error loading dashboard data:',
  totalUsers: 'Total Users',
  totalUsersHint: '{{students}} · {{teachers}} · {{admins}}',
  studentCount_one: '{{count}} student',
  studentCount_other: '{{count}} students',
  teacherCount_one: '{{count}} teacher',
  teacherCount_other: '{{count}} teachers',
  adminCount_one: '{{count}} admin',
  adminCount_other: '{{count}} admins',
  teachers: 'Teachers',
  students: 'Students',
  admins: 'Administrators',
};

export const es: typeof en = {
  welcome: '¡Bienvenido de nuevo, {{name}}!',
  subtitle: 'Un resumen de la escuela hoy.',
  refresh: 'Actualizar',
  loading: 'Cargando el resumen…',
  loadError: 'Error al cargar los datos del panel:',
  totalUsers: 'Usuarios totales',
  totalUsersHint: '{{students}} · {{teachers}} · {{admins}}',
  studentCount_one: '{{count}} estudiante',
  studentCount_other: '{{count}} estudiantes',
  teacherCount_one: '{{count}} profesor',
  teacherCount_other: '{{count}} profesores',
  adminCount_one: '{{count}} administrador',
  adminCount_other: '{{count}} administradores',
  teachers: 'Profesores',
  students: 'Estudiantes',
  admins: 'Administradores',
};

// Imported by the screen, so the texts exist wherever the remote mounts it.
registerMessages(namespace, { en, es });
