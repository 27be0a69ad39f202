import { registerMessages } from '@portal/shared-ui';

/** The signed-in frame: header, sidebar and logout. */
export const namespace = 'shell-layout';

export const en = {
  // One whole title per role: Spanish cannot build it from the role name ("Portal de Profesor").
  portal: { student: 'Student Portal', teacher: 'Teacher Portal', admin: 'Admin Portal' },
  logout: 'Logout',
  logoutTitle: 'Logout',
  logoutMessage:
    'Are you sure you want to log out? You will need to sign in again to access your account.',
  toggleNavigation: 'Toggle navigation',
  mainNavigation: 'Main navigation',
  loadingPage: 'Loading the page',
};

export const es: typeof en = {
  portal: {
    student: 'Portal de estudiantes',
    teacher: 'Portal docente',
    admin: 'Portal de administración',
  },
  logout: 'Cerrar sesión',
  logoutTitle: 'Cerrar sesión',
  logoutMessage:
    '¿Seguro que quieres cerrar sesión? Tendrás que volver a iniciar sesión para acceder a tu cuenta.',
  toggleNavigation: 'Mostrar u ocultar la navegación',
  mainNavigation: 'Navegación principal',
  loadingPage: 'Cargando la página',
};

registerMessages(namespace, { en, es });
