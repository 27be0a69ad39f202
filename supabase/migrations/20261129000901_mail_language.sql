-- The language of a person's mail and screens, and the school's own mail for auth (docs/security.md
-- "The school's mail").
--
--   public.users.language: 'en' or 'es', null for "the school's default language" (System Settings →
--     General). Set at sign-up from the metadata (the language of the sign-in page), by an
--     administrator's create or import through the same metadata, and afterwards only by the account's
--     owner (guard_user_language: nobody else, administrators included, through the API). The portal
--     applies it at every sign-in, and every mail to the person is written in it.
--   private.mail_queue.kind: also 'auth' (recovery, email change, rendered by the auth-mail hook) and
--     'welcome' (an account an administrator created, from admin-users).
--   public.queue_mail(kind, to_email, subject, text_body, html_body) -> uuid: service role only; the
--     edge functions queue a rendered mail, send-mail sends it from System Settings' sender.
--   public.mail_recipient(user_id) -> jsonb {language, firstName, school {name, primaryColor,
--     secondaryColor, contactEmail}}: service role only; what a mail to that person is written with.
--   private.queue_enrollment_alerts: in the teacher's own language (was: the school's default).

-- 1. The column -----------------------------------------------------------------------------------------

alter table public.users
  add column language text constraint users_language_check check (language in ('en', 'es'));

comment on column public.users.language is
  'The person''s language (en, es) for screens and mail; null: the school''s default. Only its owner changes it.';

grant update (language) on public.users to authenticated;

create function private.guard_user_language() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.language is distinct from old.language
     and current_user in ('anon', 'authenticated')
     and new.id is distinct from (select auth.uid()) then
    raise exception 'Only the account''s owner can change its language' using errcode = '42501';
  end if;
  return new;
end
$$;

comment on function private.guard_user_language() is
  'Refuses a change of users.language by anyone but the account''s owner (trusted server-side callers excepted).';

revoke execute on function private.guard_user_language() from public;

create trigger guard_user_language
  before update of language on public.users
  for each row execute function private.guard_user_language();

-- Sign-up (and an administrator's create) may name the language in the metadata; anything else is null.
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.users (id, email, first_name, last_name, role, language, last_sign_in_at, created_at)
  values (
    new.id,
    coalesce(new.email, ''),
    left(coalesce(trim(new.raw_user_meta_data ->> 'first_name'), ''), 100),
    left(coalesce(trim(new.raw_user_meta_data ->> 'last_name'), ''), 100),
    'student',
    case when new.raw_user_meta_data ->> 'language' in ('en', 'es') then new.raw_user_meta_data ->> 'language' end,
    new.last_sign_in_at,
    coalesce(new.created_at, now())
  );
  return new;
end
$$;

-- 2. Queueing rendered mail -----------------------------------------------------------------------------

alter table private.mail_queue drop constraint mail_queue_kind_check;
alter table private.mail_queue
  add constraint mail_queue_kind_check check (kind in ('enrollment_alert', 'auth', 'welcome'));

comment on table private.mail_queue is
  'Mail to send (enrolment alerts, auth mail, welcome mail), sent by the send-mail edge function through the Email settings. Sent rows are deleted; rows that failed 8 times stay 30 days with status failed.';

create function public.queue_mail(kind text, to_email text, subject text, text_body text, html_body text)
returns uuid
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_id uuid;
begin
  if kind is null or kind not in ('auth', 'welcome') then
    raise exception 'kind must be auth or welcome' using errcode = '22023';
  end if;
  insert into private.mail_queue (kind, to_email, subject, text_body, html_body)
  values (kind, btrim(to_email), subject, text_body, html_body)
  returning id into v_id;
  return v_id;
end
$$;

comment on function public.queue_mail(text, text, text, text, text) is
  'Service role only: queues a rendered mail (auth, welcome) for send-mail, sent from System Settings'' sender.';

create function public.mail_recipient(user_id uuid) returns jsonb
language sql stable security invoker set search_path = ''
as $$
  select jsonb_build_object(
    'language', coalesce(u.language, nullif(s.general ->> 'defaultLanguage', ''), 'en'),
    'firstName', coalesce(u.first_name, ''),
    'school', jsonb_build_object(
      'name', coalesce(s.general ->> 'siteName', ''),
      'primaryColor', coalesce(s.appearance ->> 'primaryColor', ''),
      'secondaryColor', coalesce(s.appearance ->> 'secondaryColor', ''),
      'contactEmail', coalesce(s.general ->> 'contactEmail', '')
    )
  )
  from public.app_settings s
  left join public.users u on u.id = mail_recipient.user_id
  where s.id = 1
$$;

comment on function public.mail_recipient(uuid) is
  'Service role only: {language, firstName, school {name, primaryColor, secondaryColor, contactEmail}} to write a mail to that person with.';

revoke execute on function
  public.queue_mail(text, text, text, text, text),
  public.mail_recipient(uuid)
from public, anon, authenticated;
grant execute on function
  public.queue_mail(text, text, text, text, text),
  public.mail_recipient(uuid)
to service_role;

-- 3. Enrolment alerts in the teacher's language -----------------------------------------------------------

create or replace function private.queue_enrollment_alerts(enrollment_ids uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_settings public.app_settings%rowtype;
begin
  if coalesce(cardinality(enrollment_ids), 0) = 0 then
    return;
  end if;
  select * into v_settings from public.app_settings s where s.id = 1;
  if not found
     or (v_settings.notifications ->> 'emailNotifications') is distinct from 'true'
     or (v_settings.notifications ->> 'enrollmentAlerts') is distinct from 'true' then
    return;
  end if;

  insert into private.mail_queue (kind, to_email, from_email, from_name, subject, text_body, html_body)
  select 'enrollment_alert',
         t.email,
         coalesce(v_settings.email ->> 'fromEmail', ''),
         coalesce(v_settings.email ->> 'fromName', ''),
         case when l.spanish then 'Nueva inscripción: ' || c.title else 'New enrollment: ' || c.title end,
         case when l.spanish
           then format(E'Hola %s:\n\n%s se ha inscrito en tu curso «%s».\n\n%s',
                       t.first_name, m.student_name, c.title, v_settings.general ->> 'siteName')
           else format(E'Hello %s,\n\n%s has enrolled in your course "%s".\n\n%s',
                       t.first_name, m.student_name, c.title, v_settings.general ->> 'siteName')
         end,
         case when l.spanish
           then format('<p>Hola %s:</p><p><strong>%s</strong> se ha inscrito en tu curso «%s».</p><p>%s</p>',
                       private.html_escape(t.first_name), private.html_escape(m.student_name),
                       private.html_escape(c.title), private.html_escape(v_settings.general ->> 'siteName'))
           else format('<p>Hello %s,</p><p><strong>%s</strong> has enrolled in your course "%s".</p><p>%s</p>',
                       private.html_escape(t.first_name), private.html_escape(m.student_name),
                       private.html_escape(c.title), private.html_escape(v_settings.general ->> 'siteName'))
         end
    from public.enrollments e
    join public.courses c on c.id = e.course_id
    join public.users t on t.id = c.teacher_id
    join public.users s on s.id = e.user_id
    cross join lateral (
      select coalesce(nullif(btrim(s.first_name || ' ' || s.last_name), ''), s.email) as student_name
    ) m
    cross join lateral (
      select coalesce(t.language, v_settings.general ->> 'defaultLanguage') = 'es' as spanish
    ) l
   where e.id = any (enrollment_ids)
     and e.status = 'active'
     and t.is_active
     and t.email <> '';
end
$$;

-- 4. An administrator corrects a mistyped sign-in email -------------------------------------------------
--
--   private.email_corrections: one pending correction per account: the new address, the SHA-256 of the
--     link's token (the token itself is only in the mail), where the link leads afterwards, and when it
--     expires (24 hours). The account keeps signing in with its current address until the link mailed to
--     the new one is followed (the confirm-email edge function); a new request replaces the pending one.
--   public.request_email_correction(user_id, new_email, token_hash, redirect_to) -> void: service role
--     only (admin-users, after checking the caller is an administrator). Refuses (23505 'Email taken')
--     an address another account uses.
--   public.confirm_email_correction(token_hash) -> jsonb {userId, newEmail, redirectTo} | null: service
--     role only (confirm-email); consumes the pending correction whose link this is, if not expired.

create table private.email_corrections (
  user_id uuid primary key references auth.users (id) on delete cascade,
  new_email text not null check (char_length(new_email) between 3 and 255),
  token_hash text not null unique,
  redirect_to text not null default '',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '24 hours'
);

comment on table private.email_corrections is
  'Sign-in email corrections an administrator asked for, pending until the link mailed to the new address is followed.';

alter table private.email_corrections enable row level security;
revoke all on private.email_corrections from public, anon, authenticated;
grant all on private.email_corrections to service_role;

create function public.request_email_correction(user_id uuid, new_email text, token_hash text, redirect_to text)
returns void
language plpgsql volatile security invoker set search_path = ''
as $$
begin
  if exists (
    select 1 from public.users u
     where lower(u.email) = lower(btrim(request_email_correction.new_email))
       and u.id <> request_email_correction.user_id
  ) then
    raise exception 'Email taken' using errcode = '23505';
  end if;
  insert into private.email_corrections as c (user_id, new_email, token_hash, redirect_to)
  values (request_email_correction.user_id, lower(btrim(request_email_correction.new_email)),
          request_email_correction.token_hash,
          coalesce(request_email_correction.redirect_to, ''))
  on conflict on constraint email_corrections_pkey do update
     set new_email = excluded.new_email, token_hash = excluded.token_hash, redirect_to = excluded.redirect_to,
         created_at = now(), expires_at = now() + interval '24 hours';
end
$$;

comment on function public.request_email_correction(uuid, text, text, text) is
  'Service role only: stores (or replaces) the pending correction of an account''s sign-in email.';

create function public.confirm_email_correction(token_hash text) returns jsonb
language sql volatile security invoker set search_path = ''
as $$
  delete from private.email_corrections c
   where c.token_hash = confirm_email_correction.token_hash and c.expires_at > now()
  returning jsonb_build_object('userId', c.user_id, 'newEmail', c.new_email, 'redirectTo', c.redirect_to)
$$;

comment on function public.confirm_email_correction(text) is
  'Service role only: consumes the pending email correction of that link token, answering {userId, newEmail, redirectTo}, or null.';

revoke execute on function
  public.request_email_correction(uuid, text, text, text),
  public.confirm_email_correction(text)
from public, anon, authenticated;
grant execute on function
  public.request_email_correction(uuid, text, text, text),
  public.confirm_email_correction(text)
to service_role;
