import { registerMessages } from '@portal/shared-ui';

// The filled rubric a student sees beside their grade (issue 32).
export const namespace = 'student-rubric';

export const en = {
  title: 'Rubric: {{title}}',
  criterion: 'Criterion',
  level: 'Level',
  points: 'Points',
  total: 'Total',
  notChosen: 'Not assessed',
  totalValue: '{{total}} of {{max}}',
};

export const es: typeof en = {
  title: 'Rúbrica: {{title}}',
  criterion: 'Criterio',
  level: 'Nivel',
  points: 'Puntos',
  total: 'Total',
  notChosen: 'Sin evaluar',
  totalValue: '{{total}} de {{max}}',
};

registerMessages(namespace, { en, es });
