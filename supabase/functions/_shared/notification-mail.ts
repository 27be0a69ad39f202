// The mail of a notification (docs/notifications.md): the database stores what happened (kind, titles,
// dates: private.notification_mail), and send-mail writes it here in the recipient's language, with
// the school's name and colour, dates in the school's time zone (System Settings → General), like the
// school's other mail (mail.ts). No link: the mail says where to look in the portal.
import { escapeHtml, type Recipient, type RenderedMail } from './mail.ts';

export type NotificationKind =
  | 'submission_graded'
  | 'material_added'
  | 'activity_added'
  | 'class_scheduled'
  | 'class_moved'
  | 'class_cancelled'
  | 'enrollment_confirmed'
  | 'class_reminder'
  | 'activity_reminder'
  | 'message_received'
  | 'announcement_posted'
  | 'waitlist_seat_offered'
  // Payment before the seat (docs/money.md): a held seat released unpaid.
  | 'seat_hold_expired'
  // Money (docs/money.md): an overdue invoice's reminder, queued by the office or the schedule.
  | 'invoice_overdue';

/** What the database stored about the event (public.notifications.data). */
export interface NotificationData {
  courseTitle?: string | null;
  title?: string | null;
  scheduledDate?: string | null;
  previousDate?: string | null;
  duration?: number | null;
  dueDate?: string | null;
  grade?: number | null;
  maxPoints?: number | null;
  senderName?: string | null;
  // invoice_overdue
  number?: string | null;
  amountDue?: number | string | null;
  currency?: string | null;
  dueOn?: string | null;
  daysOverdue?: number | null;
  // waitlist_seat_offered in the payment-before-seat mode, seat_hold_expired: the hold's end.
  heldUntil?: string | null;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const FALLBACK_COLOUR = '#3B82F6';

interface Parts {
  subject: string;
  body: string;
  /** In place of the preferences footer (a payment reminder is not a notification one can turn off). */
  footer?: string;
}

type Words = {
  greeting: (name: string) => string;
  footer: string;
  contact: (email: string) => string;
  kinds: Record<NotificationKind, (d: Dated) => Parts>;
};

/** The data with its dates written out and its titles never missing. */
interface Dated {
  course: string;
  title: string;
  when: string;
  before: string;
  due: string;
  minutes: number;
  grade: string;
  sameTime: boolean;
  sender: string;
  /** invoice_overdue: the invoice's number, the amount due in its currency, the due date. */
  invoice: string;
  amountDue: string;
  dueOn: string;
  daysOverdue: number;
  /** The end of a seat hold, written out ('' when the seat was not held). */
  heldUntil: string;
}

const WORDS: Record<'en' | 'es', Words> = {
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    footer: 'You get this mail because of your notification preferences (Profile in the portal).',
    contact: (email) => `Questions? Write to ${email}.`,
    kinds: {
      submission_graded: (d) => ({
        subject: `Your work was graded: ${d.title}`,
        body: d.grade
          ? `Your work on “${d.title}” (${d.course}) has a grade: ${d.grade}. See it and the feedback in Activities.`
          : `Your work on “${d.title}” (${d.course}) has new feedback. See it in Activities.`,
      }),
      material_added: (d) => ({
        subject: `New material in ${d.course}: ${d.title}`,
        body: `“${d.title}” was added to the materials of ${d.course}.`,
      }),
      activity_added: (d) => ({
        subject: `New activity in ${d.course}: ${d.title}`,
        body: d.due
          ? `“${d.title}” was added to ${d.course}. It is due ${d.due}.`
          : `“${d.title}” was added to ${d.course}.`,
      }),
      class_scheduled: (d) => ({
        subject: `New class: ${d.title}`,
        body: `A class of ${d.course}, “${d.title}”, is scheduled for ${d.when} (${d.minutes} minutes).`,
      }),
      class_moved: (d) => ({
        subject: `Class changed: ${d.title}`,
        body: d.sameTime
          ? `The class “${d.title}” of ${d.course} on ${d.when} has changed (its length or its link). It lasts ${d.minutes} minutes.`
          : `The class “${d.title}” of ${d.course} moved from ${d.before} to ${d.when} (${d.minutes} minutes).`,
      }),
      class_cancelled: (d) => ({
        subject: `Class cancelled: ${d.title}`,
        body: `The class “${d.title}” of ${d.course} on ${d.when} is cancelled.`,
      }),
      enrollment_confirmed: (d) => ({
        subject: `Enrollment confirmed: ${d.course}`,
        body: `You are enrolled in ${d.course}. You find it in My Courses.`,
      }),
      class_reminder: (d) => ({
        subject: `Starting soon: ${d.title}`,
        body: `The live class “${d.title}” of ${d.course} starts ${d.when}. Join it from Classes.`,
      }),
      activity_reminder: (d) => ({
        subject: `Due soon: ${d.title}`,
        body: `“${d.title}” (${d.course}) is due ${d.due}, and you have not handed it in yet.`,
      }),
      // No message text in mail: it stays in the portal, where only the two people read it.
      message_received: (d) => ({
        subject: `New message from ${d.sender}`,
        body: `${d.sender} sent you a message. Read it and reply in Messages.`,
      }),
      announcement_posted: (d) => ({
        subject: `New announcement in ${d.course}: ${d.title}`,
        body: `There is a new announcement in ${d.course}, “${d.title}”. Read it on the course's page in the portal.`,
      }),
      waitlist_seat_offered: (d) =>
        d.heldUntil
          ? {
              subject: `A seat is held for you in ${d.course}`,
              body: `A seat freed up in ${d.course} and you were next on its waiting list: it is held for you until ${d.heldUntil}. Pay its invoice in Billing before then to confirm it.`,
            }
          : {
              subject: `You have a seat in ${d.course}`,
              body: `A seat freed up in ${d.course} and you were next on its waiting list: you are now enrolled. You find it in My Courses.`,
            },
      seat_hold_expired: (d) => ({
        subject: `Seat released: ${d.course}`,
        body: `The seat held for you in ${d.course} was released because its invoice was not paid in time. The invoice is cancelled with a credit note; if you paid part of it, the school will refund it. You can enrol again from the Course Catalog while there are places.`,
      }),
      invoice_overdue: (d) => ({
        subject: `Payment reminder: invoice ${d.invoice}`,
        body: `Invoice ${d.invoice} (${d.course}) was due on ${d.dueOn} and ${d.amountDue} is still to be paid (${d.daysOverdue} days overdue). You find it, with how to pay, in the portal. If you have paid in the meantime, please ignore this mail.`,
        footer: 'The school sends this reminder about an unpaid invoice at most once a week.',
      }),
    },
  },
  es: {
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    footer: 'Recibes este correo por tus preferencias de notificaciones (Perfil, en el portal).',
    contact: (email) => `¿Preguntas? Escribe a ${email}.`,
    kinds: {
      submission_graded: (d) => ({
        subject: `Tu trabajo tiene nota: ${d.title}`,
        body: d.grade
          ? `Tu trabajo de «${d.title}» (${d.course}) tiene nota: ${d.grade}. Consulta la nota y los comentarios en Actividades.`
          : `Tu trabajo de «${d.title}» (${d.course}) tiene comentarios nuevos. Consúltalos en Actividades.`,
      }),
      material_added: (d) => ({
        subject: `Material nuevo en ${d.course}: ${d.title}`,
        body: `Se ha añadido «${d.title}» a los materiales de ${d.course}.`,
      }),
      activity_added: (d) => ({
        subject: `Actividad nueva en ${d.course}: ${d.title}`,
        body: d.due
          ? `Se ha añadido «${d.title}» a ${d.course}. La fecha de entrega es el ${d.due}.`
          : `Se ha añadido «${d.title}» a ${d.course}.`,
      }),
      class_scheduled: (d) => ({
        subject: `Clase nueva: ${d.title}`,
        body: `Hay una clase nueva de ${d.course}, «${d.title}», el ${d.when} (${d.minutes} minutos).`,
      }),
      class_moved: (d) => ({
        subject: `Cambio de clase: ${d.title}`,
        body: d.sameTime
          ? `La clase «${d.title}» de ${d.course} del ${d.when} ha cambiado (su duración o su enlace). Dura ${d.minutes} minutos.`
          : `La clase «${d.title}» de ${d.course} pasa del ${d.before} al ${d.when} (${d.minutes} minutos).`,
      }),
      class_cancelled: (d) => ({
        subject: `Clase cancelada: ${d.title}`,
        body: `La clase «${d.title}» de ${d.course} del ${d.when} se ha cancelado.`,
      }),
      enrollment_confirmed: (d) => ({
        subject: `Inscripción confirmada: ${d.course}`,
        body: `Tu inscripción en ${d.course} está confirmada. Encontrarás el curso en Mis cursos.`,
      }),
      class_reminder: (d) => ({
        subject: `Empieza pronto: ${d.title}`,
        body: `La clase en directo «${d.title}» de ${d.course} empieza el ${d.when}. Únete desde Clases.`,
      }),
      activity_reminder: (d) => ({
        subject: `Entrega próxima: ${d.title}`,
        body: `La fecha de entrega de «${d.title}» (${d.course}) es el ${d.due} y aún no la has entregado.`,
      }),
      message_received: (d) => ({
        subject: `Mensaje nuevo de ${d.sender}`,
        body: `${d.sender} te ha enviado un mensaje. Léelo y responde en Mensajes.`,
      }),
      announcement_posted: (d) => ({
        subject: `Anuncio nuevo en ${d.course}: ${d.title}`,
        body: `Hay un anuncio nuevo en ${d.course}, «${d.title}». Léelo en la página del curso, en el portal.`,
      }),
      waitlist_seat_offered: (d) =>
        d.heldUntil
          ? {
              subject: `Tienes una plaza reservada en ${d.course}`,
              body: `Se ha liberado una plaza en ${d.course} y te tocaba en su lista de espera: está reservada para ti hasta el ${d.heldUntil}. Paga su factura en Facturación antes de esa fecha para confirmarla.`,
            }
          : {
              subject: `Tienes plaza en ${d.course}`,
              body: `Se ha liberado una plaza en ${d.course} y te tocaba en su lista de espera: tu inscripción está confirmada. Encontrarás el curso en Mis cursos.`,
            },
      seat_hold_expired: (d) => ({
        subject: `Plaza liberada: ${d.course}`,
        body: `La plaza reservada para ti en ${d.course} se ha liberado porque su factura no se pagó a tiempo. La factura queda anulada con un abono; si pagaste una parte, el centro te la devolverá. Puedes volver a inscribirte desde el Catálogo de cursos mientras queden plazas.`,
      }),
      invoice_overdue: (d) => ({
        subject: `Recordatorio de pago: factura ${d.invoice}`,
        body: `La factura ${d.invoice} (${d.course}) vencía el ${d.dueOn} y quedan ${d.amountDue} por pagar (${d.daysOverdue} días de retraso). La encontrarás en el portal, con las formas de pago. Si ya la has pagado, ignora este correo.`,
        footer: 'El centro envía este recordatorio de una factura pendiente como máximo una vez por semana.',
      }),
    },
  },
};

export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(WORDS.en.kinds, kind);
}

/** A date and time in the recipient's language and the school's time zone (UTC when it is unknown). */
export function formatWhen(iso: string | null | undefined, language: 'en' | 'es', timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // (dateStyle and timeStyle cannot be combined with timeZoneName.)
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    // The 24-hour clock in both languages, as every screen of the portal writes times.
    hourCycle: 'h23',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(date);
  }
}

/** An amount in its currency, in the recipient's language (the amount as it came when unreadable). */
export function formatMoney(amount: unknown, currency: string | null | undefined, language: 'en' | 'es'): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (amount === null || amount === undefined || !Number.isFinite(value)) return '—';
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currency || 'EUR' }).format(value);
  } catch {
    return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  }
}

/** A calendar day (YYYY-MM-DD) written out in the recipient's language, with no time zone shift. */
export function formatDay(day: string | null | undefined, language: 'en' | 'es'): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}/.test(day)) return '';
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The mail of one notification for `recipient`. */
export function renderNotification(
  recipient: Recipient,
  kind: NotificationKind,
  data: NotificationData,
  timeZone: string,
): RenderedMail {
  const language = recipient.language === 'es' ? 'es' : 'en';
  const words = WORDS[language];
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const dated: Dated = {
    course: data.courseTitle?.trim() || '—',
    title: data.title?.trim() || data.courseTitle?.trim() || '—',
    when: formatWhen(data.scheduledDate, language, timeZone),
    before: formatWhen(data.previousDate, language, timeZone),
    due: formatWhen(data.dueDate, language, timeZone),
    minutes: data.duration ?? 60,
    grade:
      typeof data.grade === 'number'
        ? `${number.format(data.grade)}${typeof data.maxPoints === 'number' ? ` / ${number.format(data.maxPoints)}` : ''}`
        : '',
    sameTime: !data.previousDate || data.previousDate === data.scheduledDate ||
      new Date(data.previousDate).getTime() === new Date(data.scheduledDate ?? '').getTime(),
    sender: data.senderName?.trim() || '—',
    invoice: data.number?.trim() || '—',
    amountDue: formatMoney(data.amountDue, data.currency, language),
    dueOn: formatDay(data.dueOn, language),
    daysOverdue: data.daysOverdue ?? 0,
    heldUntil: formatWhen(data.heldUntil, language, timeZone),
  };
  const parts = words.kinds[kind](dated);
  const footer = parts.footer ?? words.footer;
  const school = recipient.school.name.trim();
  const colour = HEX_COLOUR.test(recipient.school.primaryColor) ? recipient.school.primaryColor : FALLBACK_COLOUR;
  const greeting = words.greeting(recipient.firstName.trim());
  const contact = recipient.school.contactEmail ? words.contact(recipient.school.contactEmail) : '';
  const subject = school ? `${parts.subject} · ${school}` : parts.subject;

  const text = [school, '', greeting, '', parts.body, '', footer, ...(contact ? ['', contact] : [])].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${colour};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${escapeHtml(school)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(parts.body)}</p>
<p style="font-size:13px;color:#52606d">${escapeHtml(footer)}</p>
${contact ? `<p style="font-size:13px;color:#52606d">${escapeHtml(contact)}</p>` : ''}
</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
  return { subject, text, html };
}
