import { registerMessages } from '@portal/shared-ui';

export const namespace = 'admin-user-bulk';

// User Management's bulk deactivate and delete: the selection, the toolbar, the confirmation that
// names who, and each person's reason when the server refused them.

export const en = {
  select: {
    column: 'Selection',
    all: 'Select all users on this page',
    row: 'Select {{name}}',
    self: 'Your own account is never in a bulk action',
  },
  toolbar: {
    label: 'Actions on the selected users',
    selected_one: '{{count}} user selected',
    selected_other: '{{count}} users selected',
    deactivate: 'Deactivate',
    delete: 'Delete',
    clear: 'Clear selection',
  },
  confirm: {
    deactivateTitle_one: 'Deactivate {{count}} user?',
    deactivateTitle_other: 'Deactivate {{count}} users?',
    deleteTitle_one: 'Delete {{count}} user?',
    deleteTitle_other: 'Delete {{count}} users?',
    deactivateMessage:
      'They will be signed out and cannot sign in until reactivated. Teachers who still have courses are left out: hand their courses over from their own row.',
    deleteMessage:
      'Their accounts and profiles are removed for good. Teachers who still have courses are left out: hand their courses over from their own row.',
    deactivateConfirm: 'Deactivate',
    deleteConfirm: 'Delete',
    failed: 'Nothing was changed:',
  },
  result: {
    deactivated_one: '{{count}} user deactivated.',
    deactivated_other: '{{count}} users deactivated.',
    deleted_one: '{{count}} user deleted.',
    deleted_other: '{{count}} users deleted.',
    title_one: '{{count}} user was left as they were',
    title_other: '{{count}} users were left as they were',
    close: 'Close',
  },
  reasons: {
    teacherCourses_one: 'teaches {{count}} course: use Delete or Deactivate in the row’s More actions to hand it over',
    teacherCourses_other: 'teaches {{count}} courses: use Delete or Deactivate in the row’s More actions to hand them over',
    self: 'your own account',
    notFound: 'no longer exists',
    other: 'could not be changed; try again from the row',
  },
};

export const es: typeof en = {
  select: {
    column: 'Selección',
    all: 'Seleccionar todos los usuarios de esta página',
    row: 'Seleccionar a {{name}}',
    self: 'Tu propia cuenta nunca entra en una acción en bloque',
  },
  toolbar: {
    label: 'Acciones sobre los usuarios seleccionados',
    selected_one: '{{count}} usuario seleccionado',
    selected_other: '{{count}} usuarios seleccionados',
    deactivate: 'Desactivar',
    delete: 'Eliminar',
    clear: 'Quitar la selección',
  },
  confirm: {
    deactivateTitle_one: '¿Desactivar {{count}} usuario?',
    deactivateTitle_other: '¿Desactivar {{count}} usuarios?',
    deleteTitle_one: '¿Eliminar {{count}} usuario?',
    deleteTitle_other: '¿Eliminar {{count}} usuarios?',
    deactivateMessage:
      'Se cerrará su sesión y no podrán entrar hasta que se reactiven. Quien enseñe cursos todavía queda fuera: traspasa sus cursos desde su propia fila.',
    deleteMessage:
      'Sus cuentas y perfiles se eliminan definitivamente. Quien enseñe cursos todavía queda fuera: traspasa sus cursos desde su propia fila.',
    deactivateConfirm: 'Desactivar',
    deleteConfirm: 'Eliminar',
    failed: 'No se cambió nada:',
  },
  result: {
    deactivated_one: '{{count}} usuario desactivado.',
    deactivated_other: '{{count}} usuarios desactivados.',
    deleted_one: '{{count}} usuario eliminado.',
    deleted_other: '{{count}} usuarios eliminados.',
    title_one: '{{count}} usuario quedó sin cambios',
    title_other: '{{count}} usuarios quedaron sin cambios',
    close: 'Cerrar',
  },
  reasons: {
    teacherCourses_one: 'enseña {{count}} curso: usa Eliminar o Desactivar en Más acciones de su fila para traspasarlo',
    teacherCourses_other: 'enseña {{count}} cursos: usa Eliminar o Desactivar en Más acciones de su fila para traspasarlos',
    self: 'tu propia cuenta',
    notFound: 'ya no existe',
    other: 'no se pudo cambiar; inténtalo desde su fila',
  },
};

registerMessages(namespace, { en, es });
