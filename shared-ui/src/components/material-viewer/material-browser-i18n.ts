import { registerMessages } from '../../i18n';

// The texts of the material card and filters (and the browser built from them), shared by every screen
// that lists materials.
export const namespace = 'material-browser';

export const en = {
  filters: {
    label: 'Filter materials',
    search: 'Search materials',
    searchPlaceholder: 'Search by title',
    language: 'Language',
    allLanguages: 'All languages',
    skill: 'Skill',
    allSkills: 'All skills',
    course: 'Course',
    allCourses: 'All courses',
    clear: 'Clear Filters',
    count_one: '{{count}} material',
    count_other: '{{count}} materials',
  },
  languages: {
    ES: 'Spanish',
    EN: 'English',
  },
  skills: {
    listening: 'Listening',
    reading: 'Reading',
    grammar: 'Grammar',
    speaking: 'Speaking',
    writing: 'Writing',
  },
  card: {
    course: 'Course',
    size: 'Size',
    uploadedBy: 'Uploaded by',
    date: 'Date',
    language: 'Language',
    skill: 'Skill',
    cefrLevel: 'CEFR level',
    notSet: 'Not set',
    view: 'View',
    viewLabel: 'View {{title}}',
    download: 'Download',
    downloadLabel: 'Download {{title}}',
    open: 'Open',
    openLabel: 'Open {{title}}',
    delete: 'Delete',
    deleteLabel: 'Delete {{title}}',
  },
  empty: 'No materials found.',
  emptyHint: 'Try another language, skill or search.',
};

export const es: typeof en = {
  filters: {
    label: 'Filtrar materiales',
    search: 'Buscar materiales',
    searchPlaceholder: 'Buscar por título',
    language: 'Idioma',
    allLanguages: 'Todos los idiomas',
    skill: 'Destreza',
    allSkills: 'Todas las destrezas',
    course: 'Curso',
    allCourses: 'Todos los cursos',
    clear: 'Borrar filtros',
    count_one: '{{count}} material',
    count_other: '{{count}} materiales',
  },
  languages: {
    ES: 'Español',
    EN: 'Inglés',
  },
  skills: {
    listening: 'Comprensión auditiva',
    reading: 'Lectura',
    grammar: 'Gramática',
    speaking: 'Expresión oral',
    writing: 'Expresión escrita',
  },
  card: {
    course: 'Curso',
    size: 'Tamaño',
    uploadedBy: 'Subido por',
    date: 'Fecha',
    language: 'Idioma',
    skill: 'Destreza',
    cefrLevel: 'Nivel MCER',
    notSet: 'Sin indicar',
    view: 'Ver',
    viewLabel: 'Ver {{title}}',
    download: 'Descargar',
    downloadLabel: 'Descargar {{title}}',
    open: 'Abrir',
    openLabel: 'Abrir {{title}}',
    delete: 'Eliminar',
    deleteLabel: 'Eliminar {{title}}',
  },
  empty: 'No se encontraron materiales.',
  emptyHint: 'Prueba con otro idioma, destreza o búsqueda.',
};

registerMessages(namespace, { en, es });
