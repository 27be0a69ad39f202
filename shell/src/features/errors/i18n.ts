import { registerMessages } from '@portal/shared-ui';

/** The pages shown instead of a screen: no access, start-up, session check and route errors. */
export const namespace = 'shell-errors';

export const en = {
  noAccess: {
    title: 'No access',
    text: 'Your account ({{role}}) cannot open this page. It is for: {{roles}}.',
    back: 'Go to your dashboard',
  },
  startup: {
    title: 'The portal cannot start',
    text: 'The runtime configuration (/portal.config.json) is not usable:',
    retry: 'Reload',
  },
  sessionCheck: {
    title: 'Your session could not be checked:',
    hint: 'You are still signed in. Try again when the connection is back.',
  },
  routeError: {
    title: 'Unexpected Application Error!',
    back: 'Go to the dashboard',
  },
};

export const es: typeof en = {
  noAccess: {
    title: 'Sin acceso',
    text: 'Tu cuenta ({{role}}) no puede abrir esta página. Es para: {{roles}}.',
    back: 'Ir a tu panel',
  },
  startup: {
    title: 'El portal no puede iniciarse',
    text: 'La configuración de ejecución (/portal.config.json) no es válida:',
    retry: 'Recargar',
  },
  sessionCheck: {
    title: 'No se pudo comprobar tu sesión:',
    hint: 'Sigues con la sesión iniciada. Vuelve a intentarlo cuando se recupere la conexión.',
  },
  routeError: {
    title: '¡Error inesperado de la aplicación!',
    back: 'Ir al panel',
  },
};

registerMessages(namespace, { en, es });
