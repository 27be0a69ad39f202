import { describe, expect, it } from 'vitest';
import type { Recipient } from '../functions/_shared/mail';
import { formatWhen, renderNotification } from '../functions/_shared/notification-mail';

// How send-mail writes a notification (supabase/functions/_shared/notification-mail.ts): the
// recipient's language, the school's name and colour, dates in the school's time zone, and nothing a
// teacher typed (a title) ever read as HTML. No stack needed.

const school = {
  name: 'Escuela Faro',
  primaryColor: '#112233',
  secondaryColor: '#445566',
  contactEmail: 'hola@faro.test',
};
const spanish: Recipient = { language: 'es', firstName: 'Lucía', school };
const english: Recipient = { language: 'en', firstName: 'Sam', school };

describe('renderNotification', () => {
  it('writes a new message in the recipient’s language with the sender, never the message itself', () => {
    const spanishMail = renderNotification(
      spanish,
      'message_received',
      { senderName: 'Tomás Ruiz' },
      'UTC',
    );
    expect(spanishMail.subject).toBe('Mensaje nuevo de Tomás Ruiz · Escuela Faro');
    expect(spanishMail.text).toContain(
      'Tomás Ruiz te ha enviado un mensaje. Léelo y responde en Mensajes.',
    );
    const englishMail = renderNotification(
      english,
      'message_received',
      { senderName: '<b>Ana</b>' },
      'UTC',
    );
    expect(englishMail.subject).toBe('New message from <b>Ana</b> · Escuela Faro');
    expect(englishMail.html).toContain('&#60;b&#62;Ana&#60;/b&#62; sent you a message.');
    expect(englishMail.html).not.toContain('<b>Ana');
  });

  it('writes a class move in Spanish, in the school’s time zone, with its name and colour', () => {
    const mail = renderNotification(
      spanish,
      'class_moved',
      {
        title: 'Subjuntivo',
        courseTitle: 'Español B1',
        scheduledDate: '2026-12-03T18:00:00Z',
        previousDate: '2026-12-02T18:00:00Z',
        duration: 90,
      },
      'Europe/Madrid',
    );
    expect(mail.subject).toBe('Cambio de clase: Subjuntivo · Escuela Faro');
    expect(mail.text).toContain('Hola, Lucía:');
    // 18:00 UTC is 19:00 in Madrid in December.
    expect(mail.text).toMatch(
      /pasa del miércoles, 2 de diciembre de 2026, 19:00 .* al jueves, 3 de diciembre de 2026, 19:00 .* \(90 minutos\)/,
    );
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('background:#112233');
    expect(mail.text).toContain('¿Preguntas? Escribe a hola@faro.test.');
  });

  it('says a change of link or length without a move as such', () => {
    const mail = renderNotification(
      english,
      'class_moved',
      {
        title: 'Idioms',
        courseTitle: 'English B2',
        scheduledDate: '2026-12-03T18:00:00Z',
        previousDate: '2026-12-03T18:00:00.000Z',
      },
      'UTC',
    );
    expect(mail.text).toContain('has changed (its length or its link)');
  });

  it('never reads a title as HTML', () => {
    const mail = renderNotification(
      english,
      'material_added',
      { title: '<img src=x onerror=alert(1)>', courseTitle: 'A & B' },
      'UTC',
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(mail.html).toContain('A &#38; B');
  });

  it('writes a grade in the recipient’s number format, and feedback alone as feedback', () => {
    expect(
      renderNotification(
        spanish,
        'submission_graded',
        { title: 'Carta', courseTitle: 'B1', grade: 8.5, maxPoints: 10 },
        'UTC',
      ).text,
    ).toContain('tiene nota: 8,5 / 10');
    expect(
      renderNotification(
        english,
        'submission_graded',
        { title: 'Letter', courseTitle: 'B1', grade: null },
        'UTC',
      ).text,
    ).toContain('has new feedback');
  });

  it('falls back to UTC for a time zone it does not know', () => {
    expect(formatWhen('2026-12-03T18:00:00Z', 'en', 'Not/AZone')).toContain('18:00');
  });
});

describe('a seat from the waiting list (docs/waiting-list.md)', () => {
  it('tells the student in their language that they are enrolled', () => {
    const es = renderNotification(
      spanish,
      'waitlist_seat_offered',
      { courseTitle: 'Español B1' },
      'UTC',
    );
    expect(es.subject).toBe('Tienes plaza en Español B1 · Escuela Faro');
    expect(es.text).toContain('tu inscripción está confirmada');
    const en = renderNotification(
      english,
      'waitlist_seat_offered',
      { courseTitle: 'English B2' },
      'UTC',
    );
    expect(en.subject).toBe('You have a seat in English B2 · Escuela Faro');
    expect(en.text).toContain('you are now enrolled');
  });
});

describe('a seat held for its payment (docs/money.md "Payment before the seat")', () => {
  it('tells the one in line until when the seat is held, in their language and the school’s time zone', () => {
    const data = { courseTitle: 'Español B1', heldUntil: '2026-12-03T18:00:00Z' };
    const es = renderNotification(spanish, 'waitlist_seat_offered', data, 'Europe/Madrid');
    expect(es.subject).toBe('Tienes una plaza reservada en Español B1 · Escuela Faro');
    expect(es.text).toContain('está reservada para ti hasta el');
    expect(es.text).toContain('19:00');
    const en = renderNotification(english, 'waitlist_seat_offered', data, 'UTC');
    expect(en.subject).toBe('A seat is held for you in Español B1 · Escuela Faro');
    expect(en.text).toContain('18:00');
    expect(en.text).not.toContain('you are now enrolled');
  });

  it('tells the student their seat was released unpaid', () => {
    const es = renderNotification(
      spanish,
      'seat_hold_expired',
      { courseTitle: 'Español B1' },
      'UTC',
    );
    expect(es.subject).toBe('Plaza liberada: Español B1 · Escuela Faro');
    expect(es.text).toContain('no se pagó a tiempo');
    const en = renderNotification(
      english,
      'seat_hold_expired',
      { courseTitle: 'English B2' },
      'UTC',
    );
    expect(en.subject).toBe('Seat released: English B2 · Escuela Faro');
    expect(en.text).toContain('was not paid in time');
  });
});
