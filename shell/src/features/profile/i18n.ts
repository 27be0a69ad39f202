import { registerMessages } from '@portal/shared-ui';

export const namespace = 'shell-profile';

export const en = {
  personal: 'Personal information',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  bio: 'Bio',
  joined: 'Joined {{date}}',
  notProvided: 'Not provided',
};

export const es: typeof en = {
  personal: 'Información personal',
  firstName: 'Nombre',
  lastName: 'Apellido',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  location: 'Ubicación',
  bio: 'Biografía',
  joined: 'Miembro desde {{date}}',
  notProvided: 'Sin indicar',
};

registerMessages(namespace, { en, es });
