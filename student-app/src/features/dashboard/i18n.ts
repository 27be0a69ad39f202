import { registerMessages } from '@portal/shared-ui';

export const namespace = 'student-dashboard';

export const en = {
  welcome: 'Welcome back, {{name}}!',
  welcomeFirst: 'Welcome, {{name}}!',
  welcomeNoName: 'Welcome back!',
  welcomeFirstNoName: 'Welcome!',
  subtitle: 'Here is what is coming up in your courses.',
  refresh: 'Refresh',
  loading: 'Loading your dashboard…',
  loadError: 'Error loading dashboard data:',
  myCourses: {
    title: 'My Courses',
    empty: 'You are not enrolled in any courses yet',
    emptyHint: 'Find a course that suits you and enroll in a few clicks.',
    browseCatalog: 'Browse the Course Catalog',
    teacher: 'Teacher',
    language: 'Language',
    level: 'Level',
    courseClassroom: 'Course Classroom',
    viewAll_one: 'View my course ({{count}})',
    viewAll_other: 'View all my courses ({{count}})',
  },
  upcoming: {
    title: 'Upcoming Classes',
    empty: 'No upcoming classes',
    emptyHint: 'New classes of your courses will appear here.',
    today: 'Today',
    inProgress: 'In progress',
    join: 'Join',
    joinNow: 'Join Now',
    joinLabel: '{{action}}: {{title}} (opens in a new tab)',
    minutes_one: '{{count}} min',
    minutes_other: '{{count}} min',
    attendanceRecorded: 'Attendance recorded',
    attendanceFailed: 'Your attendance for "{{title}}" could not be recorded: {{message}}',
    attendanceHint:
      'Your attendance is recorded when you join from {{minutes}} minutes before the class starts.',
    dismiss: 'Dismiss',
  },
};

export const es: typeof en = {
  welcome: '¡Hola de nuevo, {{name}}!',
  welcomeFirst: '¡Te damos la bienvenida, {{name}}!',
  welcomeNoName: '¡Hola de nuevo!',
  welcomeFirstNoName: '¡Te damos la bienvenida!',
  subtitle: 'Esto es lo próximo en tus cursos.',
  refresh: 'Actualizar',
  loading: 'Cargando tu panel…',
  loadError: 'Error al cargar los datos del panel:',
  myCourses: {
    title: 'Mis cursos',
    empty: 'Todavía no tienes inscripción en ningún curso',
    emptyHint: 'Encuentra un curso a tu medida e inscríbete en unos pocos clics.',
    browseCatalog: 'Ver el catálogo de cursos',
    teacher: 'Docente',
    language: 'Idioma',
    level: 'Nivel',
    courseClassroom: 'Aula del curso',
    viewAll_one: 'Ver mi curso ({{count}})',
    viewAll_other: 'Ver todos mis cursos ({{count}})',
  },
  upcoming: {
    title: 'Próximas clases',
    empty: 'No hay próximas clases',
    emptyHint: 'Las nuevas clases de tus cursos aparecerán aquí.',
    today: 'Hoy',
    inProgress: 'En curso',
    join: 'Unirse',
    joinNow: 'Unirse ahora',
    joinLabel: '{{action}}: {{title}} (se abre en una pestaña nueva)',
    minutes_one: '{{count}} min',
    minutes_other: '{{count}} min',
    attendanceRecorded: 'Asistencia registrada',
    attendanceFailed: 'No se pudo registrar tu asistencia a «{{title}}»: {{message}}',
    attendanceHint:
      'Tu asistencia se registra cuando te unes desde {{minutes}} minutos antes del inicio de la clase.',
    dismiss: 'Cerrar',
  },
};

// Imported by the screen, so the texts exist wherever the remote mounts it.
registerMessages(namespace, { en, es });
