import { registerMessages } from '../../i18n';

// Course announcements (docs/announcements.md): the staff's section (teacher's My Courses, the
// administrator's Course Management) and the students' lists (course page, dashboard).
export const namespace = 'announcements';

export const en = {
  heading: 'Announcements',
  open: 'Announcements',
  drawerTitle: 'Announcements: {{course}}',
  post: 'Post announcement',
  loading: 'Loading announcements',
  loadFailed: 'The announcements could not be loaded.',
  empty: 'No announcements yet.',
  emptyStaff: 'No announcements yet. Post one to tell the course’s students.',
  pinned: 'Pinned',
  postedOn: 'Posted {{date}}',
  editedOn: 'Posted {{date}} · edited {{edited}}',
  emailed: 'Emailed to the students',
  actions: 'Actions for “{{title}}”',
  edit: 'Edit',
  pin: 'Pin to the top',
  unpin: 'Unpin',
  delete: 'Delete',
  pinFailed: 'The announcement could not be pinned or unpinned.',
  toast: {
    posted: 'Announcement posted',
    updated: 'Announcement updated',
    deleted: 'Announcement deleted',
  },
  confirmDelete: {
    title: 'Delete this announcement?',
    message: '“{{title}}” will be removed for the course’s students. This cannot be undone.',
    confirm: 'Delete',
    failed: 'The announcement was not deleted:',
  },
  form: {
    createTitle: 'Post announcement',
    editTitle: 'Edit announcement',
    title: 'Title',
    body: 'Message',
    bodyHint: 'Markdown: **bold**, *italics*, lists, links. Up to {{max}} characters.',
    pinned: 'Pin to the top of the course’s announcements',
    emailStudents: 'Email it to the course’s active students',
    emailHint:
      'Each active student gets it by email unless they turned off announcement emails in their profile. Unticked, it appears in the app only.',
    submitCreate: 'Post',
    submitEdit: 'Save changes',
    failed: 'The announcement was not saved:',
    kept: 'What you wrote is still here: try again.',
  },
  newest: {
    heading: 'Announcements',
    empty: 'No announcements in your courses yet.',
    from: 'In {{course}}',
  },
};

export const es: typeof en = {
  heading: 'Anuncios',
  open: 'Anuncios',
  drawerTitle: 'Anuncios: {{course}}',
  post: 'Publicar anuncio',
  loading: 'Cargando los anuncios',
  loadFailed: 'No se pudieron cargar los anuncios.',
  empty: 'Todavía no hay anuncios.',
  emptyStaff: 'Todavía no hay anuncios. Publica uno para avisar a los estudiantes del curso.',
  pinned: 'Fijado',
  postedOn: 'Publicado el {{date}}',
  editedOn: 'Publicado el {{date}} · editado el {{edited}}',
  emailed: 'Enviado por correo a los estudiantes',
  actions: 'Acciones de «{{title}}»',
  edit: 'Editar',
  pin: 'Fijar arriba',
  unpin: 'Dejar de fijar',
  delete: 'Eliminar',
  pinFailed: 'No se pudo fijar ni dejar de fijar el anuncio.',
  toast: {
    posted: 'Anuncio publicado',
    updated: 'Anuncio actualizado',
    deleted: 'Anuncio eliminado',
  },
  confirmDelete: {
    title: '¿Eliminar este anuncio?',
    message: '«{{title}}» dejará de verse para los estudiantes del curso. No se puede deshacer.',
    confirm: 'Eliminar',
    failed: 'No se eliminó el anuncio:',
  },
  form: {
    createTitle: 'Publicar anuncio',
    editTitle: 'Editar anuncio',
    title: 'Título',
    body: 'Mensaje',
    bodyHint: 'Markdown: **negrita**, *cursiva*, listas, enlaces. Hasta {{max}} caracteres.',
    pinned: 'Fijar arriba en los anuncios del curso',
    emailStudents: 'Enviarlo por correo a los estudiantes activos del curso',
    emailHint:
      'Cada estudiante activo lo recibe por correo salvo que haya desactivado los correos de anuncios en su perfil. Sin marcar, solo aparece en la aplicación.',
    submitCreate: 'Publicar',
    submitEdit: 'Guardar cambios',
    failed: 'No se guardó el anuncio:',
    kept: 'Lo que escribiste sigue aquí: inténtalo de nuevo.',
  },
  newest: {
    heading: 'Anuncios',
    empty: 'Todavía no hay anuncios en tus cursos.',
    from: 'En {{course}}',
  },
};

registerMessages(namespace, { en, es });
