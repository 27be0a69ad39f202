import { registerMessages } from '../../i18n';

// The gradebook's texts (docs/assessment.md "Screens"), shared by the teacher's and admins' table and
// the student's own row: the marks, the legend, the column headings and sorting.
export const namespace = 'gradebook';

export const en = {
  student: 'Student',
  total: 'Total',
  noTotal: 'No total yet',
  points: '{{grade}} / {{max}}',
  pointsLabel: '{{grade}} out of {{max}} points',
  outOf: 'out of {{max}}',
  missing: 'Missing',
  late: 'Late',
  submitted: 'Submitted',
  notDue: 'Not yet due',
  sortBy: 'Sort by {{column}}',
  caption: 'Gradebook: students and their grades per activity',
  scrollHint: 'Scroll sideways to see every activity.',
  legend: {
    title: 'How to read the gradebook',
    graded: 'Points earned out of the activity’s maximum.',
    missing: 'Past its due date with nothing handed in: counts as 0 points.',
    late: 'Handed in after the due date.',
    submitted: 'Handed in, waiting for a grade: not counted yet.',
    open: 'Empty: not due yet, or no due date: not counted yet.',
    total:
      'Total: the percentage of the points counted so far, weighted by activity type when the course sets weights.',
  },
};

export const es: typeof en = {
  student: 'Estudiante',
  total: 'Total',
  noTotal: 'Sin total todavía',
  points: '{{grade}} / {{max}}',
  pointsLabel: '{{grade}} de {{max}} puntos',
  outOf: 'de {{max}}',
  missing: 'Sin entregar',
  late: 'Con retraso',
  submitted: 'Entregada',
  notDue: 'Aún no vence',
  sortBy: 'Ordenar por {{column}}',
  caption: 'Libro de calificaciones: estudiantes y sus notas por actividad',
  scrollHint: 'Desplázate hacia los lados para ver todas las actividades.',
  legend: {
    title: 'Cómo leer el libro de calificaciones',
    graded: 'Puntos obtenidos sobre el máximo de la actividad.',
    missing: 'Venció sin que se entregara nada: cuenta como 0 puntos.',
    late: 'Se entregó después de la fecha límite.',
    submitted: 'Entregada, a la espera de nota: todavía no cuenta.',
    open: 'Vacía: aún no vence o no tiene fecha límite; todavía no cuenta.',
    total:
      'Total: el porcentaje de los puntos que cuentan hasta ahora, ponderado por tipo de actividad cuando el curso define pesos.',
  },
};

registerMessages(namespace, { en, es });
