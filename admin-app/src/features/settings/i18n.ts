import { registerMessages } from '@portal/shared-ui';

/** System Settings (admins, /settings). */
export const namespace = 'admin-settings';

export const en = {
  subtitle:
    'What the whole portal follows: the school’s name and colours, sign-in security and the mail it sends. Only administrators can change them.',
  loading: 'Loading settings…',
  loadError: 'Error loading settings:',
  tabsLabel: 'Settings sections',
  tabs: {
    general: 'General',
    notifications: 'Notifications',
    security: 'Security',
    appearance: 'Appearance',
    email: 'Email',
    billing: 'Billing',
  },
  general: {
    siteName: 'Site name',
    siteNameHint: 'The brand in the sidebar, on the sign-in page and in the browser tab',
    contactEmail: 'Contact email',
    contactEmailHint:
      'The office address a person whose account is deactivated is told to write to',
    defaultLanguage: 'Default language',
    defaultLanguageHint: 'The language visitors see until they choose one themselves',
  },
  notifications: {
    emailNotifications: 'Email notifications',
    emailNotificationsHint:
      'Mail the portal sends about what happens in it. Account mail, such as password resets, is always sent.',
    enrollmentAlerts: 'Enrollment alerts',
    enrollmentAlertsHint: 'Email a course’s teacher when a student enrolls in it',
  },
  security: {
    twoFactorAuth: 'Two-factor sign-in',
    twoFactorAuthHint:
      'Makes two-factor sign-in required for admins and teachers: they sign in with a code from an authenticator app, and their changes are refused until they do.',
    sessionTimeout: 'Session timeout (minutes)',
    sessionTimeoutHint:
      'Anyone who uses no tab of the portal for this long is signed out ({{min}} to {{max}} minutes)',
    maxLoginAttempts: 'Max login attempts',
    maxLoginAttemptsHint:
      'Failed sign-ins with one email before further attempts are refused for a while ({{min}} to {{max}})',
  },
  appearance: {
    theme: 'Theme',
    themeHint: 'For the whole portal. Auto follows each device’s light or dark setting.',
    light: 'Light',
    dark: 'Dark',
    auto: 'Auto',
    primaryColor: 'Primary color',
    primaryColorHint: 'Buttons, links, selected items and the site name',
    secondaryColor: 'Secondary color',
    secondaryColorHint: 'The initials of people without a profile picture',
    accentColor: 'Accent color',
    accentColorHint: 'The current page in the sidebar',
    shades: 'The ten shades of {{name}}',
    appliesOnSave: 'Colours and theme change for everyone once you save.',
  },
  email: {
    serverTitle: 'Mail server',
    smtpHost: 'SMTP host',
    smtpPort: 'SMTP port',
    smtpUsername: 'SMTP username',
    smtpPassword: 'SMTP password',
    passwordSet: 'Set',
    passwordNotSet: 'Not set',
    newPassword: 'New SMTP password',
    replacePassword: 'Replace the SMTP password',
    newPasswordHint: 'Leave empty to keep the saved one. A saved password is never shown.',
    removePassword: 'Remove saved password',
    senderTitle: 'Sender',
    fromEmail: 'From email',
    fromName: 'From name',
    fromHint: 'Who the mail the portal sends (enrollment alerts) comes from',
  },
  save: 'Save Changes',
  saved: 'Settings saved successfully!',
  saveFailed: 'The settings were not saved:',
  passwordFailed: 'The settings were saved, but the SMTP password was not:',
  keptNotice: 'Nothing you entered was lost; you can try again.',
  fixErrors: 'Some settings need a change before they can be saved.',
  reset: {
    button: 'Reset to Defaults',
    title: 'Reset to Defaults',
    message:
      'Every setting goes back to its default value, the site name and colours included. The SMTP password is kept.',
    confirm: 'Reset to Defaults',
    failed: 'The settings were not reset:',
    done: 'The settings are back to their defaults.',
  },
  removePassword: {
    title: 'Remove the SMTP password?',
    message: 'The portal sends mail without a password until a new one is saved.',
    confirm: 'Remove',
    failed: 'The password was not removed:',
    done: 'SMTP password removed.',
  },
  // System Settings → Billing (docs/money.md "The billing settings"), saved on its own.
  billing: {
    intro:
      'What new invoices carry: the school’s details, currency, tax and payment terms. Issued invoices keep what they were issued with.',
    loading: 'Loading billing settings…',
    loadError: 'Error loading billing settings:',
    currency: 'Currency',
    currencyHint: 'ISO 4217 code, such as EUR, USD or GBP',
    legalName: 'Legal name',
    legalNameHint: 'Printed on invoices; left empty, the site name is printed',
    address: 'Address',
    taxId: 'Tax ID',
    taxRate: 'Tax rate (%)',
    taxRateHint: 'Added to each new invoice; 0 for none',
    invoiceMode: 'When invoices are issued',
    invoiceModes: {
      on_enrolment: 'On enrolment: the student is enrolled and invoiced at once',
      payment_before_seat: 'Payment before the seat: the seat is held until the invoice is paid',
    },
    invoiceModeHint:
      'For priced courses only; free courses always enrol at once. Changing it leaves seats already held to be paid or to run out.',
    seatHoldHours: 'Seat held for (hours)',
    seatHoldHoursHint:
      'From 1 to 336 hours. The invoice is due when the hold ends; unpaid, the seat goes to the waiting list and the invoice is credited.',
    refundOnDrop: 'When a student drops a course',
    refundRules: {
      full: 'Credit the whole invoice',
      pro_rata_classes_held: 'Credit the classes not yet held',
      none: 'Credit nothing',
    },
    paymentTermsDays: 'Payment terms (days)',
    paymentTermsDaysHint: 'Days from the issue date to the due date',
    save: 'Save billing settings',
    saved: 'Billing settings saved',
    saveFailed: 'The billing settings were not saved:',
    separateHint: 'This tab is saved with its own button; Save Changes below saves the other tabs.',
  },
};

export const es: typeof en = {
  subtitle:
    'Lo que sigue todo el portal: el nombre y los colores de la escuela, la seguridad del inicio de sesión y el correo que envía. Solo los administradores pueden cambiarlo.',
  loading: 'Cargando la configuración…',
  loadError: 'Error al cargar la configuración:',
  tabsLabel: 'Secciones de la configuración',
  tabs: {
    general: 'General',
    notifications: 'Notificaciones',
    security: 'Seguridad',
    appearance: 'Apariencia',
    email: 'Correo',
    billing: 'Facturación',
  },
  general: {
    siteName: 'Nombre del sitio',
    siteNameHint: 'La marca en la barra lateral, en la página de inicio de sesión y en la pestaña',
    contactEmail: 'Correo de contacto',
    contactEmailHint:
      'La dirección de la oficina a la que se remite a quien tenga la cuenta desactivada',
    defaultLanguage: 'Idioma predeterminado',
    defaultLanguageHint: 'El idioma que ven los visitantes hasta que eligen uno',
  },
  notifications: {
    emailNotifications: 'Notificaciones por correo',
    emailNotificationsHint:
      'Correo que el portal envía sobre lo que ocurre en él. El correo de la cuenta, como el restablecimiento de contraseña, se envía siempre.',
    enrollmentAlerts: 'Avisos de inscripción',
    enrollmentAlertsHint:
      'Enviar un correo al docente de un curso cuando un estudiante se inscribe',
  },
  security: {
    twoFactorAuth: 'Verificación en dos pasos',
    twoFactorAuthHint:
      'Hace obligatoria la verificación en dos pasos para administradores y docentes: inician sesión con un código de una aplicación de autenticación, y sus cambios se rechazan hasta que lo hagan.',
    sessionTimeout: 'Tiempo de inactividad (minutos)',
    sessionTimeoutHint:
      'Se cierra la sesión de quien no usa ninguna pestaña del portal durante este tiempo (de {{min}} a {{max}} minutos)',
    maxLoginAttempts: 'Intentos máximos de inicio de sesión',
    maxLoginAttemptsHint:
      'Inicios de sesión fallidos con un correo antes de rechazar los siguientes durante un tiempo (de {{min}} a {{max}})',
  },
  appearance: {
    theme: 'Tema',
    themeHint: 'Para todo el portal. Automático sigue el modo claro u oscuro de cada dispositivo.',
    light: 'Claro',
    dark: 'Oscuro',
    auto: 'Automático',
    primaryColor: 'Color principal',
    primaryColorHint: 'Botones, enlaces, elementos seleccionados y el nombre del sitio',
    secondaryColor: 'Color secundario',
    secondaryColorHint: 'Las iniciales de quienes no tienen foto de perfil',
    accentColor: 'Color de acento',
    accentColorHint: 'La página actual en la barra lateral',
    shades: 'Los diez tonos de {{name}}',
    appliesOnSave: 'Los colores y el tema cambian para todos al guardar.',
  },
  email: {
    serverTitle: 'Servidor de correo',
    smtpHost: 'Servidor SMTP',
    smtpPort: 'Puerto SMTP',
    smtpUsername: 'Usuario SMTP',
    smtpPassword: 'Contraseña SMTP',
    passwordSet: 'Guardada',
    passwordNotSet: 'Sin guardar',
    newPassword: 'Nueva contraseña SMTP',
    replacePassword: 'Reemplazar la contraseña SMTP',
    newPasswordHint:
      'Déjala vacía para conservar la guardada. Una contraseña guardada nunca se muestra.',
    removePassword: 'Quitar la contraseña guardada',
    senderTitle: 'Remitente',
    fromEmail: 'Correo del remitente',
    fromName: 'Nombre del remitente',
    fromHint: 'De quién llega el correo que envía el portal (avisos de inscripción)',
  },
  save: 'Guardar cambios',
  saved: '¡Configuración guardada correctamente!',
  saveFailed: 'La configuración no se guardó:',
  passwordFailed: 'La configuración se guardó, pero la contraseña SMTP no:',
  keptNotice: 'No se perdió nada de lo que escribiste; puedes volver a intentarlo.',
  fixErrors: 'Algunos ajustes necesitan un cambio antes de guardarlos.',
  reset: {
    button: 'Restablecer valores predeterminados',
    title: 'Restablecer valores predeterminados',
    message:
      'Cada ajuste vuelve a su valor predeterminado, incluidos el nombre del sitio y los colores. La contraseña SMTP se conserva.',
    confirm: 'Restablecer',
    failed: 'La configuración no se restableció:',
    done: 'La configuración volvió a sus valores predeterminados.',
  },
  removePassword: {
    title: '¿Quitar la contraseña SMTP?',
    message: 'El portal envía correo sin contraseña hasta que se guarde una nueva.',
    confirm: 'Quitar',
    failed: 'La contraseña no se quitó:',
    done: 'Contraseña SMTP quitada.',
  },
  billing: {
    intro:
      'Lo que llevan las facturas nuevas: los datos del centro, la moneda, el impuesto y el plazo de pago. Las facturas emitidas conservan los datos con los que se emitieron.',
    loading: 'Cargando la configuración de facturación…',
    loadError: 'Error al cargar la configuración de facturación:',
    currency: 'Moneda',
    currencyHint: 'Código ISO 4217, como EUR, USD o GBP',
    legalName: 'Razón social',
    legalNameHint: 'Aparece en las facturas; si se deja vacía, aparece el nombre del sitio',
    address: 'Dirección',
    taxId: 'NIF / identificación fiscal',
    taxRate: 'Tipo impositivo (%)',
    taxRateHint: 'Se añade a cada factura nueva; 0 si no hay',
    invoiceMode: 'Cuándo se emiten las facturas',
    invoiceModes: {
      on_enrolment: 'Al inscribirse: la inscripción se confirma y la factura se emite al momento',
      payment_before_seat:
        'Pago antes de la plaza: la plaza se reserva hasta que se paga la factura',
    },
    invoiceModeHint:
      'Solo para cursos de pago; en los gratuitos la inscripción es inmediata. Al cambiarlo, las plazas ya reservadas siguen a la espera del pago o de su vencimiento.',
    seatHoldHours: 'Plaza reservada durante (horas)',
    seatHoldHoursHint:
      'De 1 a 336 horas. La factura vence cuando termina la reserva; sin pago, la plaza pasa a la lista de espera y la factura se anula con un abono.',
    refundOnDrop: 'Cuando alguien abandona un curso',
    refundRules: {
      full: 'Abonar toda la factura',
      pro_rata_classes_held: 'Abonar las clases aún no impartidas',
      none: 'No abonar nada',
    },
    paymentTermsDays: 'Plazo de pago (días)',
    paymentTermsDaysHint: 'Días desde la fecha de emisión hasta el vencimiento',
    save: 'Guardar la configuración de facturación',
    saved: 'Configuración de facturación guardada',
    saveFailed: 'No se ha guardado la configuración de facturación:',
    separateHint:
      'Esta pestaña se guarda con su propio botón; Guardar cambios, abajo, guarda las demás pestañas.',
  },
};

registerMessages(namespace, { en, es });
