import { registerMessages } from '../../i18n';

export const namespace = 'skill-progress';

export const en = {
  title: 'Progress by skill',
  loading: 'Loading progress by skill…',
  loadError: 'Error loading progress by skill:',
  emptyTitle: 'Nothing graded yet',
  emptyDescription: 'Once graded work trains a skill, its average shows here.',
  chartLabel: 'Average grade by skill, in percent',
  average: 'Average',
  skill: 'Skill',
  graded: 'Graded work',
  averagePercent: 'Average grade',
  percent: '{{value}} %',
};

export const es: typeof en = {
  title: 'Progreso por destreza',
  loading: 'Cargando el progreso por destreza…',
  loadError: 'Error al cargar el progreso por destreza:',
  emptyTitle: 'Aún no hay nada calificado',
  emptyDescription:
    'Cuando se califique un trabajo que entrene una destreza, su promedio aparecerá aquí.',
  chartLabel: 'Calificación media por destreza, en porcentaje',
  average: 'Media',
  skill: 'Destreza',
  graded: 'Trabajos calificados',
  averagePercent: 'Calificación media',
  percent: '{{value}} %',
};

registerMessages(namespace, { en, es });
