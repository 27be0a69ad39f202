// The school's mail to a person (docs/security.md "The school's mail"): written in the recipient's
// language (public.users.language, else the school's default), with the school's name and colours from
// System Settings, a plain-text part beside the HTML, and only links the portal handles. The rendered
// mail is queued (public.queue_mail) and the send-mail function sends it from System Settings' sender,
// like every mail of the product.
import type { SupabaseClient } from '@supabase/supabase-js';

export type Language = 'en' | 'es';

export interface School {
  name: string;
  primaryColor: string;
  secondaryColor: string;
  contactEmail: string;
}

/** Who a mail goes to, as public.mail_recipient answers it. */
export interface Recipient {
  language: Language;
  firstName: string;
  school: School;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What the mail asks the recipient to do: one link, or none. */
export type MailContent =
  | { kind: 'recovery'; link: string }
  | { kind: 'email_change_new'; link: string; from: string; to: string }
  | { kind: 'email_change_current'; link: string; from: string; to: string }
  | { kind: 'welcome'; link: string; email: string };

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const FALLBACK_COLOUR = '#3B82F6';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The words of each mail, in both languages; `{school}` and friends are filled in by render(). */
const WORDS = {
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    recovery: {
      subject: 'Reset your password',
      body: 'We received a request to reset the password of your account. Choose a new password with this link (it works once, within an hour):',
      action: 'Choose a new password',
      footer: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    },
    email_change_new: {
      subject: 'Confirm your new email address',
      body: (from: string, to: string) =>
        `Confirm that ${to} is the new sign-in email of your account (it was ${from}). Until you do, the account keeps signing in with ${from}.`,
      action: 'Confirm this address',
      footer: 'If you did not expect this, ignore this mail: nothing changes.',
    },
    email_change_current: {
      subject: 'Confirm the change of your sign-in email',
      body: (from: string, to: string) =>
        `A change of your account's sign-in email from ${from} to ${to} was requested. Confirm it with this link:`,
      action: 'Confirm the change',
      footer: 'If you did not ask for this, do not follow the link and change your password.',
    },
    welcome: {
      subject: 'Your account is ready',
      body: (email: string) =>
        `An account at {school} was created for you. Sign in with ${email} and the temporary password the school gives you; you will then choose your own password.`,
      action: 'Sign in',
      footer: 'If you were not expecting this, please tell the school.',
    },
    contact: (email: string) => `Questions? Write to ${email}.`,
  },
  es: {
    greeting: (name: string) => (name ? `Hola, ${name}:` : 'Hola:'),
    recovery: {
      subject: 'Restablece tu contraseña',
      body: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta. Elige una nueva con este enlace (sirve una vez, durante una hora):',
      action: 'Elegir una contraseña nueva',
      footer: 'Si no lo has pedido, ignora este correo: tu contraseña no cambia.',
    },
    email_change_new: {
      subject: 'Confirma tu nueva dirección de correo',
      body: (from: string, to: string) =>
        `Confirma que ${to} es el nuevo correo de acceso de tu cuenta (antes ${from}). Hasta entonces, la cuenta sigue accediendo con ${from}.`,
      action: 'Confirmar esta dirección',
      footer: 'Si no lo esperabas, ignora este correo: no cambia nada.',
    },
    email_change_current: {
      subject: 'Confirma el cambio de tu correo de acceso',
      body: (from: string, to: string) =>
        `Se ha pedido cambiar el correo de acceso de tu cuenta de ${from} a ${to}. Confírmalo con este enlace:`,
      action: 'Confirmar el cambio',
      footer: 'Si no lo has pedido, no sigas el enlace y cambia tu contraseña.',
    },
    welcome: {
      subject: 'Tu cuenta está lista',
      body: (email: string) =>
        `Se ha creado una cuenta para ti en {school}. Accede con ${email} y la contraseña temporal que te da el centro; después elegirás tu propia contraseña.`,
      action: 'Iniciar sesión',
      footer: 'Si no lo esperabas, avisa al centro.',
    },
    contact: (email: string) => `¿Preguntas? Escribe a ${email}.`,
  },
} as const;

/** The mail `content` for `recipient`, in their language, with their school's name and colour. */
export function render(recipient: Recipient, content: MailContent): RenderedMail {
  const words = WORDS[recipient.language === 'es' ? 'es' : 'en'];
  const school = recipient.school.name.trim();
  const colour = HEX_COLOUR.test(recipient.school.primaryColor)
    ? recipient.school.primaryColor
    : FALLBACK_COLOUR;
  const part = words[content.kind];
  const body = (
    content.kind === 'recovery'
      ? words.recovery.body
      : content.kind === 'welcome'
        ? words.welcome.body(content.email)
        : words[content.kind].body(content.from, content.to)
  ).replaceAll('{school}', school);
  const greeting = words.greeting(recipient.firstName.trim());
  const contact = recipient.school.contactEmail ? words.contact(recipient.school.contactEmail) : '';
  const subject = school ? `${part.subject} · ${school}` : part.subject;

  const text = [
    school,
    '',
    greeting,
    '',
    body,
    '',
    `${part.action}: ${content.link}`,
    '',
    part.footer,
    ...(contact ? ['', contact] : []),
  ].join('\n');

  const html = `<!doctype html>
<html lang="${recipient.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${colour};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${escapeHtml(school)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(content.link)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(part.action)}</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(part.footer)}</p>
${contact ? `<p style="font-size:13px;color:#52606d">${escapeHtml(contact)}</p>` : ''}
</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
  return { subject, text, html };
}

/** What a mail to the account `userId` is written with (public.mail_recipient; service role only). */
export async function recipientOf(db: SupabaseClient, userId: string): Promise<Recipient> {
  const { data, error } = await db.rpc('mail_recipient', { user_id: userId });
  if (error) throw error;
  const found = (data ?? {}) as Partial<Recipient>;
  return {
    language: found.language === 'es' ? 'es' : 'en',
    firstName: found.firstName ?? '',
    school: {
      name: found.school?.name ?? '',
      primaryColor: found.school?.primaryColor ?? '',
      secondaryColor: found.school?.secondaryColor ?? '',
      contactEmail: found.school?.contactEmail ?? '',
    },
  };
}

/** Queues a rendered mail for send-mail (public.queue_mail; service role only). */
export async function queueMail(
  db: SupabaseClient,
  kind: 'auth' | 'welcome',
  to: string,
  mail: RenderedMail,
): Promise<void> {
  const { error } = await db.rpc('queue_mail', {
    kind,
    to_email: to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
  });
  if (error) throw error;
}
