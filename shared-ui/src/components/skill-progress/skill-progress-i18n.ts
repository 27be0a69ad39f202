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
  viewLabel: 'Show progress',
  bySkill: 'By skill',
  overTime: 'Over time',
  week: 'Week',
  weekOf: 'Week of {{date}}',
  trendLabel_one: 'Average grade by week and skill, in percent (the last week with graded work)',
  trendLabel_other:
    'Average grade by week and skill, in percent (the last {{count}} weeks with graded work)',
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
  averagePercent: 'Media',
  percent: '{{value}} %',
  viewLabel: 'Mostrar el progreso',
  bySkill: 'Por destreza',
  overTime: 'En el tiempo',
  week: 'Semana',
  weekOf: 'Semana del {{date}}',
  trendLabel_one:
    'Calificación media por semana y destreza, en porcentaje (la última semana con trabajos calificados)',
  trendLabel_other:
    'Calificación media por semana y destreza, en porcentaje (las últimas {{count}} semanas con trabajos calificados)',
};

registerMessages(namespace, { en, es });
