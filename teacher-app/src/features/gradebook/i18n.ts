import { registerMessages } from '@portal/shared-ui';

// The Gradebook screen (teachers and admins; docs/assessment.md "Screens"). The table's own words
// (marks, legend, headings) are shared-ui's `gradebook` namespace.
export const namespace = 'teacher-gradebook';

export const en = {
  back: 'Back',
  loading: 'Loading the gradebook…',
  loadError: 'Error loading the gradebook:',
  notFound: 'Gradebook not available',
  notFoundHint: 'This course does not exist, or you do not teach it.',
  noActivities: 'No activities yet',
  noActivitiesHint: 'Grades appear here once the course has activities.',
  noStudents: 'No students yet',
  noStudentsHint: 'Grades appear here once students enrol in the course.',
  summary_one: '{{count}} student',
  summary_other: '{{count}} students',
  activityCount_one: '{{count}} activity',
  activityCount_other: '{{count}} activities',
  weightsNone: 'No weights: every point counts the same.',
  weightsSummary: 'Weights: {{list}}',
  weightShare: '{{type}} {{share}} %',
  weights: {
    open: 'Weights',
    title: 'Weights by activity type',
    explain:
      'Each weight is a share of their sum: 30, 20 and 50 weigh the same as 3, 2 and 5. A type weighted 0 does not count. Leave every field empty to count every point the same.',
    share: '{{share}} % of the total',
    notCounted: 'Not counted',
    save: 'Save weights',
    saved: 'Weights saved. The totals are up to date.',
    failed: 'The weights were not saved:',
    keptNotice: 'Nothing you entered was lost; you can try again.',
  },
  exportCsv: 'Export CSV',
  exportFailed: 'The export failed:',
  csv: {
    name: 'Student',
    email: 'Email',
    total: 'Total (%)',
    missing: 'Missing',
    submitted: 'Submitted',
  },
};

export const es: typeof en = {
  back: 'Volver',
  loading: 'Cargando el libro de calificaciones…',
  loadError: 'Error al cargar el libro de calificaciones:',
  notFound: 'Libro de calificaciones no disponible',
  notFoundHint: 'Este curso no existe, o no lo impartes.',
  noActivities: 'Todavía no hay actividades',
  noActivitiesHint: 'Las notas aparecen aquí cuando el curso tiene actividades.',
  noStudents: 'Todavía no hay estudiantes',
  noStudentsHint: 'Las notas aparecen aquí cuando haya estudiantes en el curso.',
  summary_one: '{{count}} estudiante',
  summary_other: '{{count}} estudiantes',
  activityCount_one: '{{count}} actividad',
  activityCount_other: '{{count}} actividades',
  weightsNone: 'Sin pesos: todos los puntos cuentan igual.',
  weightsSummary: 'Pesos: {{list}}',
  weightShare: '{{type}} {{share}} %',
  weights: {
    open: 'Pesos',
    title: 'Pesos por tipo de actividad',
    explain:
      'Cada peso es una parte de su suma: 30, 20 y 50 pesan lo mismo que 3, 2 y 5. Un tipo con peso 0 no cuenta. Deja todos los campos vacíos para que todos los puntos cuenten igual.',
    share: '{{share}} % del total',
    notCounted: 'No cuenta',
    save: 'Guardar pesos',
    saved: 'Pesos guardados. Los totales están al día.',
    failed: 'Los pesos no se guardaron:',
    keptNotice: 'No se perdió nada de lo que ingresaste; puedes volver a intentarlo.',
  },
  exportCsv: 'Exportar CSV',
  exportFailed: 'La exportación falló:',
  csv: {
    name: 'Estudiante',
    email: 'Correo electrónico',
    total: 'Total (%)',
    missing: 'Sin entregar',
    submitted: 'Entregada',
  },
};

registerMessages(namespace, { en, es });
