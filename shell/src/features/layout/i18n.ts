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
  help: 'Need help? Write to',
  loadingPage: 'Loading the page',
  // The bell and its list (docs/notifications.md).
  notifications: {
    bell_zero: 'Notifications',
    bell_one: 'Notifications, {{count}} unread',
    bell_other: 'Notifications, {{count}} unread',
    bell: 'Notifications',
    title: 'Notifications',
    markAllRead: 'Mark all as read',
    showMore: 'Show more',
    loading: 'Loading notifications',
    empty: 'No notifications yet. Grades, new materials and class changes will appear here.',
    // Teachers and administrators: messages are the only kind that reaches them.
    emptyStaff: 'No notifications yet. New messages will appear here.',
    failed: 'The notifications could not be loaded.',
    retry: 'Try again',
    markFailed: 'The notifications could not be marked as read. Try again.',
    unread: 'Unread',
    // Each sentence is whole, so Spanish can order it its own way.
    kinds: {
      submission_graded: 'Your work on “{{title}}” has a grade: {{grade}}',
      submission_graded_feedback: 'Your work on “{{title}}” has new feedback',
      material_added: 'New material in {{course}}: “{{title}}”',
      activity_added: 'New activity in {{course}}: “{{title}}”',
      class_scheduled: 'New class in {{course}}: “{{title}}”, {{when}}',
      class_moved: 'Class moved: “{{title}}” ({{course}}) is now {{when}}',
      class_cancelled: 'Class cancelled: “{{title}}” ({{course}}), {{when}}',
      enrollment_confirmed: 'You are enrolled in {{course}}',
      class_reminder: 'Starting soon: “{{title}}” ({{course}}), {{when}}',
      activity_reminder: 'Due soon: “{{title}}” ({{course}}), {{when}}',
      waitlist_seat_offered: 'A seat freed up: you have a place in {{course}}',
      waitlist_seat_held:
        'A seat freed up in {{course}}: it is held for you until {{when}}. Pay its invoice to confirm it',
      seat_hold_expired: 'Your seat in {{course}} was released: its invoice was not paid in time',
      unknown: 'Something new in {{course}}',
      message_received: 'New message from {{sender}}',
      announcement_posted: 'New announcement in {{course}}: “{{title}}”',
    },
  },
  // The unread count beside Messages in the sidebar (read after the link's name).
  messagesUnread_one: '{{count}} unread',
  messagesUnread_other: '{{count}} unread',
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
  help: '¿Necesitas ayuda? Escribe a',
  loadingPage: 'Cargando la página',
  notifications: {
    bell_zero: 'Notificaciones',
    bell_one: 'Notificaciones, {{count}} sin leer',
    bell_other: 'Notificaciones, {{count}} sin leer',
    bell: 'Notificaciones',
    title: 'Notificaciones',
    markAllRead: 'Marcar todas como leídas',
    showMore: 'Ver más',
    loading: 'Cargando las notificaciones',
    empty:
      'Aún no tienes notificaciones. Aquí aparecerán las notas, los materiales nuevos y los cambios de clase.',
    emptyStaff: 'Aún no tienes notificaciones. Aquí aparecerán los mensajes nuevos.',
    failed: 'No se han podido cargar las notificaciones.',
    retry: 'Reintentar',
    markFailed: 'No se han podido marcar las notificaciones como leídas. Inténtalo de nuevo.',
    unread: 'Sin leer',
    kinds: {
      submission_graded: 'Tu trabajo de «{{title}}» tiene nota: {{grade}}',
      submission_graded_feedback: 'Tu trabajo de «{{title}}» tiene comentarios nuevos',
      material_added: 'Material nuevo en {{course}}: «{{title}}»',
      activity_added: 'Actividad nueva en {{course}}: «{{title}}»',
      class_scheduled: 'Clase nueva en {{course}}: «{{title}}», {{when}}',
      class_moved: 'Clase cambiada: «{{title}}» ({{course}}) pasa al {{when}}',
      class_cancelled: 'Clase cancelada: «{{title}}» ({{course}}), {{when}}',
      enrollment_confirmed: 'Tu inscripción en {{course}} está confirmada',
      class_reminder: 'Empieza pronto: «{{title}}» ({{course}}), {{when}}',
      activity_reminder: 'Entrega próxima: «{{title}}» ({{course}}), {{when}}',
      waitlist_seat_offered: 'Se ha liberado una plaza: ya tienes sitio en {{course}}',
      waitlist_seat_held:
        'Se ha liberado una plaza en {{course}}: está reservada para ti hasta el {{when}}. Paga su factura para confirmarla',
      seat_hold_expired: 'Se ha liberado tu plaza en {{course}}: su factura no se pagó a tiempo',
      unknown: 'Novedades en {{course}}',
      message_received: 'Mensaje nuevo de {{sender}}',
      announcement_posted: 'Anuncio nuevo en {{course}}: «{{title}}»',
    },
  },
  messagesUnread_one: '{{count}} sin leer',
  messagesUnread_other: '{{count}} sin leer',
};

registerMessages(namespace, { en, es });
