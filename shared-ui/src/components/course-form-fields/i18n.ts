import { registerMessages } from '../../i18n';

// The course form's texts, shared by every screen that creates or edits a course (a teacher's My
// Courses, the administrator's Course Management): the fields and the dialog around them. The
// validation messages are in the `validation` namespace.
export const namespace = 'course-form';

export const en = {
  fields: {
    title: 'Title',
    titlePlaceholder: 'e.g. Business Spanish',
    description: 'Description',
    descriptionPlaceholder: 'What students will learn',
    language: 'Language',
    languagePlaceholder: 'Choose a language',
    category: 'Category',
    categories: {
      general: 'General',
      business: 'Business',
    },
    level: 'Level',
    cefrLevel: 'CEFR level',
    cefrLevelHint: 'Optional. New activities and materials of the course take it.',
    cefrLevelNone: 'None',
    teacher: 'Teacher',
    teacherPlaceholder: 'Choose a teacher',
    teacherSelf: 'You teach the courses you create.',
    loadingTeachers: 'Loading teachers…',
    noTeachers: 'No teachers found',
    duration: 'Duration (weeks)',
    durationHint: 'At least 1 week',
    price: 'Price ({{currency}})',
    priceHint: 'For the whole course, in steps of {{step}}',
    maxStudents: 'Max students',
    maxStudentsHint: 'At least 1',
    thumbnailUrl: 'Thumbnail URL (optional)',
    thumbnailPlaceholder: 'https://…',
    isActive: 'Active',
    isActiveHint: 'Inactive courses are hidden from students and closed for enrollment.',
  },
  dialog: {
    createTitle: 'Create Course',
    editTitle: 'Edit Course',
    create: 'Create Course',
    save: 'Save Changes',
    cancel: 'Cancel',
    failed: 'The course was not saved:',
    keptNotice: 'Nothing you entered was lost; you can try again.',
  },
};

export const es: typeof en = {
  fields: {
    title: 'Título',
    titlePlaceholder: 'p. ej., Español para los negocios',
    description: 'Descripción',
    descriptionPlaceholder: 'Qué aprenderán los estudiantes',
    language: 'Idioma',
    languagePlaceholder: 'Elige un idioma',
    category: 'Categoría',
    categories: {
      general: 'General',
      business: 'Negocios',
    },
    level: 'Nivel',
    cefrLevel: 'Nivel MCER',
    cefrLevelHint: 'Opcional. Las nuevas actividades y materiales del curso lo toman.',
    cefrLevelNone: 'Sin nivel',
    teacher: 'Docente',
    teacherPlaceholder: 'Elige quién lo imparte',
    teacherSelf: 'Impartes los cursos que creas.',
    loadingTeachers: 'Cargando docentes…',
    noTeachers: 'No se encontraron docentes',
    duration: 'Duración (semanas)',
    durationHint: 'Al menos 1 semana',
    price: 'Precio ({{currency}})',
    priceHint: 'Por el curso completo, de {{step}} en {{step}}',
    maxStudents: 'Máximo de estudiantes',
    maxStudentsHint: 'Al menos 1',
    thumbnailUrl: 'URL de la miniatura (opcional)',
    thumbnailPlaceholder: 'https://…',
    isActive: 'Activo',
    isActiveHint:
      'Los cursos inactivos no se muestran a los estudiantes y no admiten inscripciones.',
  },
  dialog: {
    createTitle: 'Crear curso',
    editTitle: 'Editar curso',
    create: 'Crear curso',
    save: 'Guardar cambios',
    cancel: 'Cancelar',
    failed: 'El curso no se guardó:',
    keptNotice: 'No se perdió nada de lo que ingresaste; puedes volver a intentarlo.',
  },
};

registerMessages(namespace, { en, es });
