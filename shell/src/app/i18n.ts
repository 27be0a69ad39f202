import { registerMessages } from '@portal/shared-ui';

/**
 * The route table's texts: page titles (`titleKey`) and sidebar labels (`nav.labelKey`) point
 * into this namespace, so they stay here, next to the table, and not in a feature.
 */
export const namespace = 'shell';

export const en = {
  nav: {
    dashboard: 'Dashboard',
    users: 'User Management',
    courses: 'Course Management',
    classes: 'Class Management',
    calendarView: 'Calendar View',
    calendar: 'Calendar',
    teachers: 'Teacher Management',
    materials: 'Materials',
    extraMaterials: 'Extra Materials',
    activities: 'Activities',
    myCourses: 'My Courses',
    catalog: 'Course Catalog',
    students: 'My Students',
    profile: 'Profile',
    messages: 'Messages',
    billing: 'Billing',
  },
  titles: {
    dashboard: 'Dashboard',
    gradebook: 'Gradebook',
    courses: 'Course Management',
    myCourses: 'My Courses',
    catalog: 'Course Catalog',
    classes: 'Class Management',
    courseDetail: 'Course Detail',
    calendar: 'Calendar',
    materials: 'Materials',
    materialsLibrary: 'Materials Library',
    activities: 'Activities',
    users: 'User Management',
    teachers: 'Teacher Management',
    students: 'My Students',
    profile: 'Profile',
    settings: 'Settings',
    messages: 'Messages',
    billing: 'Billing',
  },
};

export const es: typeof en = {
  nav: {
    dashboard: 'Panel',
    users: 'Gestión de usuarios',
    courses: 'Gestión de cursos',
    classes: 'Gestión de clases',
    calendarView: 'Vista de calendario',
    calendar: 'Calendario',
    teachers: 'Gestión de docentes',
    materials: 'Materiales',
    extraMaterials: 'Materiales extra',
    activities: 'Actividades',
    myCourses: 'Mis cursos',
    catalog: 'Catálogo de cursos',
    students: 'Mis estudiantes',
    profile: 'Perfil',
    messages: 'Mensajes',
    billing: 'Facturación',
  },
  titles: {
    dashboard: 'Panel',
    gradebook: 'Libro de calificaciones',
    courses: 'Gestión de cursos',
    myCourses: 'Mis cursos',
    catalog: 'Catálogo de cursos',
    classes: 'Gestión de clases',
    courseDetail: 'Detalle del curso',
    calendar: 'Calendario',
    materials: 'Materiales',
    materialsLibrary: 'Biblioteca de materiales',
    activities: 'Actividades',
    users: 'Gestión de usuarios',
    teachers: 'Gestión de docentes',
    students: 'Mis estudiantes',
    profile: 'Perfil',
    settings: 'Configuración',
    messages: 'Mensajes',
    billing: 'Facturación',
  },
};

registerMessages(namespace, { en, es });
