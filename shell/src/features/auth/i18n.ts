import { registerMessages } from '@portal/shared-ui';

/** Sign-in, sign-up, forgot password and reset password. */
export const namespace = 'shell-auth';

export const en = {
  tagline:
    'Personalised Spanish and English courses for learners and professionals, taught by native teachers.',
  blurbs: {
    languageTitle: 'Language Classes',
    languageText: 'Spanish and English from beginner to advanced, live or recorded.',
    businessTitle: 'Business Training',
    businessText: 'Meetings, presentations and negotiation in the language your clients speak.',
    customTitle: 'Custom Content',
    customText: 'Materials and activities chosen for your level, goals and skills.',
    flexibleTitle: 'Flexible Learning',
    flexibleText: 'Join from anywhere and catch up on recorded classes at your own pace.',
  },
  /** The browser tab of each view of /auth and of /reset-password. */
  pageTitle: {
    signIn: 'Sign in',
    signUp: 'Sign up',
    forgot: 'Forgot password',
    reset: 'Reset password',
  },
  showPassword: 'Show password',
  /** The sign-in page after the session timeout (System Settings → Security) signed someone out. */
  idleSignOut_one: 'You were signed out after {{count}} minute without activity',
  idleSignOut_other: 'You were signed out after {{count}} minutes without activity',
  characters: '{{length}}/{{max}} characters',
  signIn: {
    title: 'Welcome back',
    subtitle: 'Sign in to continue learning',
    email: 'Email',
    password: 'Password',
    rememberMe: 'Remember me',
    forgotPassword: 'Forgot password?',
    submit: 'Sign In',
    noAccount: "Don't have an account?",
    toSignUp: 'Sign up',
    failed: 'Login failed',
  },
  signUp: {
    title: 'Create your account',
    subtitle: 'Start learning Spanish or English today',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    submit: 'Create Account',
    haveAccount: 'Already have an account?',
    toSignIn: 'Sign in',
    failed: 'Registration failed',
  },
  forgot: {
    title: 'Forgot your password?',
    subtitle: "Enter your email and we'll send you a link to reset your password.",
    email: 'Email',
    submit: 'Send Reset Link',
    successTitle: 'Check Your Email',
    successText: 'Password reset email sent successfully',
    successHint:
      'If an account exists for {{email}}, the email contains a link to choose a new password.',
    backToLogin: 'Back to Login',
    failed: 'Password reset failed',
  },
  reset: {
    title: 'Set a new password',
    subtitle: 'Choose a new password for your account.',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
    submit: 'Update Password',
    success: 'Password updated!',
    backToLogin: 'Back to Login',
    failed: 'Password update failed',
    invalidLink:
      'This reset link is invalid or has expired. Request a new one from the sign-in page.',
    noSession: 'Open this page from the link in your password reset email.',
    notRecovery:
      'This page sets a new password only from the link in a password reset email. While signed in, change it in Profile → Change password with your current one, or ask for a reset link below.',
    checking: 'Checking your reset link…',
  },
  twoFactor: {
    verifyTitle: 'Two-factor sign-in',
    verifySubtitle: 'Enter the 6-digit code from your authenticator app.',
    enrollTitle: 'Set up two-factor sign-in',
    enrollSubtitle:
      'Your school requires two-factor sign-in for administrators and teachers. Set it up to continue.',
    start: 'Set up now',
    scan: '1. Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).',
    qrAlt: 'QR code to add this account to an authenticator app',
    manual: "Can't scan it? Enter this key in the app instead:",
    enterCode: '2. Enter the 6-digit code the app shows.',
    code: 'Code',
    submit: 'Verify',
    cancel: 'Use another account',
    failed: 'The code was not accepted:',
    startFailed: 'Two-factor sign-in could not be set up:',
  },
};

export const es: typeof en = {
  tagline:
    'Cursos personalizados de español e inglés para estudiantes y profesionales, con profesores nativos.',
  blurbs: {
    languageTitle: 'Clases de idiomas',
    languageText: 'Español e inglés de principiante a avanzado, en vivo o grabadas.',
    businessTitle: 'Formación empresarial',
    businessText: 'Reuniones, presentaciones y negociaciones en el idioma de tus clientes.',
    customTitle: 'Contenido a medida',
    customText: 'Materiales y actividades elegidos para tu nivel, tus objetivos y tus habilidades.',
    flexibleTitle: 'Aprendizaje flexible',
    flexibleText: 'Conéctate desde cualquier lugar y recupera las clases grabadas a tu ritmo.',
  },
  pageTitle: {
    signIn: 'Iniciar sesión',
    signUp: 'Registrarse',
    forgot: 'Contraseña olvidada',
    reset: 'Restablecer contraseña',
  },
  showPassword: 'Mostrar contraseña',
  idleSignOut_one: 'Se cerró tu sesión tras {{count}} minuto sin actividad',
  idleSignOut_other: 'Se cerró tu sesión tras {{count}} minutos sin actividad',
  characters: '{{length}}/{{max}} caracteres',
  signIn: {
    title: 'Bienvenido de nuevo',
    subtitle: 'Inicia sesión para seguir aprendiendo',
    email: 'Correo electrónico',
    password: 'Contraseña',
    rememberMe: 'Recordarme',
    forgotPassword: '¿Olvidaste tu contraseña?',
    submit: 'Iniciar sesión',
    noAccount: '¿No tienes una cuenta?',
    toSignUp: 'Regístrate',
    failed: 'Error al iniciar sesión',
  },
  signUp: {
    title: 'Crea tu cuenta',
    subtitle: 'Empieza hoy a aprender español o inglés',
    firstName: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo electrónico',
    password: 'Contraseña',
    confirmPassword: 'Confirmar contraseña',
    submit: 'Crear cuenta',
    haveAccount: '¿Ya tienes una cuenta?',
    toSignIn: 'Inicia sesión',
    failed: 'Error en el registro',
  },
  forgot: {
    title: '¿Olvidaste tu contraseña?',
    subtitle: 'Escribe tu correo y te enviaremos un enlace para restablecer tu contraseña.',
    email: 'Correo electrónico',
    submit: 'Enviar enlace',
    successTitle: 'Revisa tu correo',
    successText: 'Correo de restablecimiento enviado correctamente',
    successHint:
      'Si existe una cuenta para {{email}}, el correo contiene un enlace para elegir una nueva contraseña.',
    backToLogin: 'Volver al inicio de sesión',
    failed: 'No se pudo restablecer la contraseña',
  },
  reset: {
    title: 'Elige una nueva contraseña',
    subtitle: 'Escribe una nueva contraseña para tu cuenta.',
    newPassword: 'Nueva contraseña',
    confirmPassword: 'Confirmar contraseña',
    submit: 'Actualizar contraseña',
    success: '¡Contraseña actualizada!',
    backToLogin: 'Volver al inicio de sesión',
    failed: 'No se pudo actualizar la contraseña',
    invalidLink:
      'Este enlace no es válido o ha caducado. Solicita uno nuevo desde la página de inicio de sesión.',
    noSession: 'Abre esta página desde el enlace del correo de restablecimiento.',
    notRecovery:
      'Esta página solo cambia la contraseña desde el enlace del correo de restablecimiento. Con la sesión iniciada, cámbiala en Perfil → Cambiar contraseña con la actual, o pide aquí abajo un enlace de restablecimiento.',
    checking: 'Comprobando tu enlace de restablecimiento…',
  },
  twoFactor: {
    verifyTitle: 'Verificación en dos pasos',
    verifySubtitle: 'Introduce el código de 6 dígitos de tu aplicación de autenticación.',
    enrollTitle: 'Configura la verificación en dos pasos',
    enrollSubtitle:
      'Tu escuela exige la verificación en dos pasos a administradores y profesores. Configúrala para continuar.',
    start: 'Configurar ahora',
    scan: '1. Escanea este código QR con tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…).',
    qrAlt: 'Código QR para añadir esta cuenta a una aplicación de autenticación',
    manual: '¿No puedes escanearlo? Introduce esta clave en la aplicación:',
    enterCode: '2. Introduce el código de 6 dígitos que muestra la aplicación.',
    code: 'Código',
    submit: 'Verificar',
    cancel: 'Usar otra cuenta',
    failed: 'El código no se aceptó:',
    startFailed: 'No se pudo configurar la verificación en dos pasos:',
  },
};

// Imported by the screens, so the texts exist wherever they mount.
registerMessages(namespace, { en, es });
