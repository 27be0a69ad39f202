import { registerMessages } from '@portal/shared-ui';

export const namespace = 'student-catalog';

export const en = {
  intro: 'Find your next language course and enroll in a few clicks.',
  search: 'Search courses',
  searchPlaceholder: 'Search by title or description',
  language: 'Language',
  allLanguages: 'All languages',
  level: 'Level',
  allLevels: 'All levels',
  clearFilters: 'Clear Filters',
  refresh: 'Refresh Courses',
  count_one: '{{count}} course available',
  count_other: '{{count}} courses available',
  loading: 'Loading courses…',
  updating: 'Updating the list…',
  loadError: 'Error loading courses:',
  empty: 'No courses found',
  emptyFiltered: 'No course matches your search. Try other words or clear the filters.',
  emptyCatalog: 'There are no courses open for enrollment right now. Please check back soon.',
  enrolling: 'Enrolling in course…',
  enrolled: 'Successfully enrolled in course!',
  enrolledDetail: 'You can find {{title}} in My Courses.',
  enrollFailed: 'Failed to enroll in course. Please try again.',
  notLoggedIn: 'Please log in to enroll in courses',
  pager: 'Course pages',
};

export const es: typeof en = {
  intro: 'Encuentra tu próximo curso de idiomas e inscríbete en unos pocos clics.',
  search: 'Buscar cursos',
  searchPlaceholder: 'Buscar por título o descripción',
  language: 'Idioma',
  allLanguages: 'Todos los idiomas',
  level: 'Nivel',
  allLevels: 'Todos los niveles',
  clearFilters: 'Borrar filtros',
  refresh: 'Actualizar cursos',
  count_one: '{{count}} curso disponible',
  count_other: '{{count}} cursos disponibles',
  loading: 'Cargando cursos…',
  updating: 'Actualizando la lista…',
  loadError: 'Error al cargar los cursos:',
  empty: 'No se encontraron cursos',
  emptyFiltered:
    'Ningún curso coincide con tu búsqueda. Prueba con otras palabras o borra los filtros.',
  emptyCatalog: 'Ahora mismo no hay cursos abiertos a inscripción. Vuelve a consultar pronto.',
  enrolling: 'Inscribiéndote en el curso…',
  enrolled: '¡Te has inscrito en el curso!',
  enrolledDetail: 'Encontrarás {{title}} en Mis cursos.',
  enrollFailed: 'No se pudo completar la inscripción. Inténtalo de nuevo.',
  notLoggedIn: 'Inicia sesión para inscribirte en los cursos',
  pager: 'Páginas de cursos',
};

// Imported by the screen, so the texts exist wherever the remote mounts it.
registerMessages(namespace, { en, es });
