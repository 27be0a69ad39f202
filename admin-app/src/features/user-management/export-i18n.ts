import { registerMessages } from '@portal/shared-ui';

export const namespace = 'admin-user-export';

// User Management's CSV export: its button, file name and column headers. Words in the cells (role,
// account) are in the same language as the headers.

export const en = {
  button: 'Export CSV',
  fileName: 'users-{{date}}.csv',
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
  },
  values: { active: 'Active', inactive: 'Inactive' },
};

export const es: typeof en = {
  button: 'Exportar CSV',
  fileName: 'usuarios-{{date}}.csv',
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
  },
  values: { active: 'Activa', inactive: 'Inactiva' },
};

registerMessages(namespace, { en, es });
