import { registerMessages } from '@portal/shared-ui';

// Texts of Extra Materials; the filters and cards speak through shared-ui's material browser.
export const namespace = 'student-materials';

export const en = {
  extra: {
    title: 'Extra Materials',
    description: 'Materials for every student, beyond your courses.',
    refresh: 'Refresh',
    loadError: 'Error loading materials:',
    loading: 'Loading materials…',
    truncated: 'Showing the newest {{shown}} of {{total}} materials.',
  },
  stats: {
    total: 'Total Materials',
    documents: 'Documents',
    videos: 'Videos',
    audio: 'Audio Files',
  },
  downloadError: 'The download could not start: {{message}}',
};

export const es: typeof en = {
  extra: {
    title: 'Materiales extra',
    description: 'Materiales para todos los estudiantes, además de tus cursos.',
    refresh: 'Actualizar',
    loadError: 'Error al cargar los materiales:',
    loading: 'Cargando materiales…',
    truncated: 'Se muestran los {{shown}} más recientes de {{total}} materiales.',
  },
  stats: {
    total: 'Total de materiales',
    documents: 'Documentos',
    videos: 'Videos',
    audio: 'Archivos de audio',
  },
  downloadError: 'No se pudo iniciar la descarga: {{message}}',
};

registerMessages(namespace, { en, es });
