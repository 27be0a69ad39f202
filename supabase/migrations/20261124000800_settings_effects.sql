-- System Settings that take effect (docs/product-rules.md "System Settings"). The settings themselves,
-- their defaults and checks are the app_settings migration; this adds what makes them act:
--
--   get_public_settings() -> json. The branding and theme every page needs before anyone signs in:
--     {siteName, defaultLanguage, theme, primaryColor, secondaryColor, accentColor}, plus
--     {sessionTimeout} (minutes) for a signed-in caller, whose shell signs them out after that long
--     without input. Callable by anonymous visitors (the sign-in page) and everyone signed in; nothing
--     else of the row (the email and security groups) is exposed. One request at the shell's start.
--
--   private.mail_queue: mail the database wants sent (today: enrolment alerts). Not exposed through
--     the API. Locally the gateway's outbox moves each row into the local mail outbox (54324); on hosted
--     Supabase a database webhook (pg_net) on insert posts the row to a sending edge function that uses
--     the Email settings (docs/architecture.md "Mail").
--
--   Enrolment alerts: when an enrollment becomes active through the API (a student enrolling, an admin
--     enrolling a student or re-activating a dropped enrollment) and both notifications.emailNotifications
--     and notifications.enrollmentAlerts are on, the course's teacher gets a mail, written in the school's
--     default language and sent from email.fromName <email.fromEmail>. Trusted callers (seeds, the service
--     role's bulk loads) send none. Statement triggers with transition tables, like the seat counter.
--
-- Max login attempts (security.maxLoginAttempts) is read by the auth server's sign-in limiter; the
-- session timeout by the shell, through get_public_settings().

create function public.get_public_settings() returns json
language sql stable security definer set search_path = ''
as $$
  select (
    jsonb_build_object(
      'siteName', s.general -> 'siteName',
      'defaultLanguage', s.general -> 'defaultLanguage',
      'theme', s.appearance -> 'theme',
      'primaryColor', s.appearance -> 'primaryColor',
      'secondaryColor', s.appearance -> 'secondaryColor',
      'accentColor', s.appearance -> 'accentColor'
    )
    || case
         when (select auth.uid()) is not null
           then jsonb_build_object('sessionTimeout', s.security -> 'sessionTimeout')
         else '{}'::jsonb
       end
  )::json
  from public.app_settings s
  where s.id = 1
$$;

comment on function public.get_public_settings() is
  'Branding and theme for every visitor: {siteName, defaultLanguage, theme, primaryColor, secondaryColor, accentColor}; signed-in callers also get {sessionTimeout}.';

revoke execute on function public.get_public_settings() from public;
grant execute on function public.get_public_settings() to anon, authenticated, service_role;

-- Mail waiting to be sent. Only server-side code reads it (service role, the local gateway).
create table private.mail_queue (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('enrollment_alert')),
  to_email text not null check (to_email <> ''),
  from_email text not null default '',
  from_name text not null default '',
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default clock_timestamp()
);

comment on table private.mail_queue is
  'Mail to send (enrolment alerts). Drained by the local outbox, or on hosted Supabase by a database webhook to a sending function.';

create index mail_queue_created_at_idx on private.mail_queue (created_at);

alter table private.mail_queue enable row level security;
revoke all on private.mail_queue from public, anon, authenticated;
grant all on private.mail_queue to service_role;

create function private.html_escape(value text) returns text
language sql immutable
set search_path = ''
as $$
  select replace(replace(replace(replace(replace(coalesce(value, ''),
    '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
$$;

-- Queues one alert per enrollment id for the course's teacher, when the settings ask for it.
create function private.queue_enrollment_alerts(enrollment_ids uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_settings public.app_settings%rowtype;
  v_spanish boolean;
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
  v_spanish := v_settings.general ->> 'defaultLanguage' = 'es';

  insert into private.mail_queue (kind, to_email, from_email, from_name, subject, text_body, html_body)
  select 'enrollment_alert',
         t.email,
         coalesce(v_settings.email ->> 'fromEmail', ''),
         coalesce(v_settings.email ->> 'fromName', ''),
         case when v_spanish then 'Nueva inscripción: ' || c.title else 'New enrollment: ' || c.title end,
         case when v_spanish
           then format(E'Hola %s:\n\n%s se ha inscrito en tu curso «%s».\n\n%s',
                       t.first_name, m.student_name, c.title, v_settings.general ->> 'siteName')
           else format(E'Hello %s,\n\n%s has enrolled in your course "%s".\n\n%s',
                       t.first_name, m.student_name, c.title, v_settings.general ->> 'siteName')
         end,
         case when v_spanish
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
   where e.id = any (enrollment_ids)
     and e.status = 'active'
     and t.is_active
     and t.email <> '';
end
$$;

create function private.enrollment_alerts_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if (select private.is_trusted_caller()) then
    return null;
  end if;
  perform private.queue_enrollment_alerts(array(select n.id from new_rows n where n.status = 'active'));
  return null;
end
$$;

create function private.enrollment_alerts_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if (select private.is_trusted_caller()) then
    return null;
  end if;
  -- Rows that became active (a set difference: transition tables have no statistics for a join).
  perform private.queue_enrollment_alerts(array(
    select n.id from new_rows n where n.status = 'active'
    except
    select o.id from old_rows o where o.status = 'active'
  ));
  return null;
end
$$;

create trigger enrollment_alerts_after_insert
  after insert on public.enrollments
  referencing new table as new_rows
  for each statement execute function private.enrollment_alerts_after_insert();

create trigger enrollment_alerts_after_update
  after update on public.enrollments
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.enrollment_alerts_after_update();

revoke execute on function
  private.html_escape(text),
  private.queue_enrollment_alerts(uuid[]),
  private.enrollment_alerts_after_insert(),
  private.enrollment_alerts_after_update()
from public;
