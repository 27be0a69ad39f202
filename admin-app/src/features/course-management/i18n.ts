import { registerMessages } from '@portal/shared-ui';

export const namespace = 'admin-course-management';

// The spec's texts of the user picker and the student toasts are Spanish; the Spanish catalogue has
// them verbatim and the English one their equivalents. The course form's own texts are shared-ui's
// `course-form` namespace.

export const en = {
  subtitle: 'Create and edit courses, and add or remove their students.',
  create: 'Create Course',
  loading: 'Loading courses…',
  updating: 'Updating the list…',
  loadError: 'Error loading courses:',
  stats: {
    totalCourses: 'Total Courses',
    totalStudents: 'Total Students',
    totalRevenue: 'Total Revenue',
    activeCourses: 'Active Courses',
    studentsHint: 'With an active enrolment',
    revenueHint: 'Price × active and completed enrolments',
  },
  filters: {
    search: 'Search courses',
    searchPlaceholder: 'Search by title or description',
    language: 'Language',
    allLanguages: 'All languages',
    level: 'Level',
    allLevels: 'All levels',
    clear: 'Clear Filters',
  },
  count_one: '{{count}} course',
  count_other: '{{count}} courses',
  pager: 'Course pages',
  empty: {
    title: 'No courses found',
    description: 'Create the first course and it will appear here.',
    filteredDescription: 'Try another search, language or level.',
  },
  card: {
    active: 'Active',
    inactive: 'Inactive',
    full: 'Full',
    teacher: 'Teacher',
    addStudent: 'Add student',
    edit: 'Edit',
    delete: 'Delete',
    showStudents: 'View students',
    showCourse: 'Back to course',
    studentsTitle: 'Enrolled students',
    loadingStudents: 'Loading students…',
    studentsError: 'Error loading students:',
    noStudents: 'No students enrolled yet.',
    remove: 'Remove',
    removeStudent: 'Remove {{name}} from {{title}}',
    shownOf: 'Showing {{shown}} of {{total}} students.',
  },
  removeStudent: {
    title: 'Remove {{name}} from {{title}}?',
    message:
      'They lose their place and no longer see the course’s classes, materials and activities. Their attendance and work are kept.',
    confirm: 'Remove',
  },
  picker: {
    title: 'Select user',
    intro: 'Add a student to {{title}}.',
    search: 'Search students',
    searchPlaceholder: 'First name, last name or email',
    loading: 'Loading students…',
    updating: 'Updating the list…',
    loadError: 'Error loading users:',
    empty: 'No users found',
    results: 'Students',
    add: 'Add',
    addStudent: 'Add {{name}} to {{title}}',
    added: 'Added',
    enrolled: 'Enrolled',
    full: 'This course is full: no student can be added until a seat is free.',
    inactive: 'This course is inactive: make it active to add students.',
    more: 'Showing the first {{shown}} of {{total}} students. Search to find the others.',
  },
  remove: {
    title: 'Delete {{title}}',
    message: 'Are you sure you want to delete this course? This action cannot be undone.',
    enrolled_one:
      '{{count}} student is enrolled: they lose their place in the course, its classes and the work they handed in.',
    enrolled_other:
      '{{count}} students are enrolled: they lose their place in the course, its classes and the work they handed in.',
    confirm: 'Delete',
    failed: 'The course was not deleted:',
  },
  form: {
    teachersError: 'The teachers could not be loaded:',
  },
  toast: {
    created: 'Course created',
    updated: 'Course updated',
    deleted: 'Course deleted',
    studentAdded: 'Student added successfully.',
    studentRemoved: 'Student removed successfully.',
    addFailed: 'Error adding student.',
    removeFailed: 'Error removing student.',
  },
};

export const es: typeof en = {
  subtitle: 'Crea y edita cursos, y agrega o quita a sus estudiantes.',
  create: 'Crear curso',
  loading: 'Cargando cursos…',
  updating: 'Actualizando la lista…',
  loadError: 'Error al cargar los cursos:',
  stats: {
    totalCourses: 'Total de cursos',
    totalStudents: 'Total de estudiantes',
    totalRevenue: 'Ingresos totales',
    activeCourses: 'Cursos activos',
    studentsHint: 'Con una inscripción activa',
    revenueHint: 'Precio × inscripciones activas y completadas',
  },
  filters: {
    search: 'Buscar cursos',
    searchPlaceholder: 'Buscar por título o descripción',
    language: 'Idioma',
    allLanguages: 'Todos los idiomas',
    level: 'Nivel',
    allLevels: 'Todos los niveles',
    clear: 'Borrar filtros',
  },
  count_one: '{{count}} curso',
  count_other: '{{count}} cursos',
  pager: 'Páginas de cursos',
  empty: {
    title: 'No se encontraron cursos',
    description: 'Crea el primer curso y aparecerá aquí.',
    filteredDescription: 'Prueba con otra búsqueda, idioma o nivel.',
  },
  card: {
    active: 'Activo',
    inactive: 'Inactivo',
    full: 'Completo',
    teacher: 'Profesor',
    addStudent: 'Agregar estudiante',
    edit: 'Editar',
    delete: 'Eliminar',
    showStudents: 'Ver estudiantes',
    showCourse: 'Volver al curso',
    studentsTitle: 'Estudiantes inscritos',
    loadingStudents: 'Cargando estudiantes…',
    studentsError: 'Error al cargar los estudiantes:',
    noStudents: 'Todavía no hay estudiantes inscritos.',
    remove: 'Quitar',
    removeStudent: 'Quitar a {{name}} de {{title}}',
    shownOf: 'Se muestran {{shown}} de {{total}} estudiantes.',
  },
  removeStudent: {
    title: '¿Quitar a {{name}} de {{title}}?',
    message:
      'Pierde su plaza y deja de ver las clases, los materiales y las actividades del curso. Su asistencia y sus trabajos se conservan.',
    confirm: 'Quitar',
  },
  picker: {
    title: 'Seleccionar usuario',
    intro: 'Agrega un estudiante a {{title}}.',
    search: 'Buscar estudiantes',
    searchPlaceholder: 'Nombre, apellido o email',
    loading: 'Cargando estudiantes…',
    updating: 'Actualizando la lista…',
    loadError: 'Error al cargar los usuarios:',
    empty: 'No se encontraron usuarios',
    results: 'Estudiantes',
    add: 'Agregar',
    addStudent: 'Agregar a {{name}} a {{title}}',
    added: 'Agregado',
    enrolled: 'Con inscripción',
    full: 'Este curso está completo: no se puede agregar a nadie hasta que se libere un lugar.',
    inactive: 'Este curso está inactivo: actívalo para agregar estudiantes.',
    more: 'Se muestran los primeros {{shown}} de {{total}} estudiantes. Busca para encontrar a los demás.',
  },
  remove: {
    title: 'Eliminar {{title}}',
    message: '¿Seguro que quieres eliminar este curso? Esta acción no se puede deshacer.',
    enrolled_one:
      '{{count}} estudiante tiene una inscripción activa: perderá su plaza en el curso, sus clases y los trabajos que entregó.',
    enrolled_other:
      '{{count}} estudiantes tienen una inscripción activa: perderán su plaza en el curso, sus clases y los trabajos que entregaron.',
    confirm: 'Eliminar',
    failed: 'El curso no se eliminó:',
  },
  form: {
    teachersError: 'No se pudieron cargar los profesores:',
  },
  toast: {
    created: 'Curso creado',
    updated: 'Curso actualizado',
    deleted: 'Curso eliminado',
    studentAdded: 'Estudiante agregado exitosamente.',
    studentRemoved: 'Estudiante removido exitosamente.',
    addFailed: 'Error al agregar estudiante.',
    removeFailed: 'Error al remover estudiante.',
  },
};

// Imported by the screen, so the texts exist wherever the remote mounts it.
registerMessages(namespace, { en, es });
