-- The school's mail (docs/architecture.md "School settings on every page"): the database queues app mail
-- in private.mail_queue, and the `send-mail` edge function sends it through the SMTP server of System
-- Settings → Email with the SMTP password. Hosted: pg_cron calls the function every minute; locally the
-- outbox calls it every second.
--
--   private.mail_queue: mail to send (today: enrolment alerts) with its delivery state: status
--     ('queued' | 'failed'), attempts, last_error (short, for operators; never shown to users raw),
--     last_attempt_at, next_attempt_at, and the lease of the sender working on it (claim_id,
--     locked_until). Not exposed through the API. Retries: a failed send waits 1, 2, 4, 8, 16, 32, then
--     60 minutes (attempts 1–7); the 8th failure gives up: the row stays, status 'failed', with its last
--     error, for 30 days (claim_mail_batch deletes older ones). Sent mail is deleted. Changing the Email
--     settings or the SMTP password makes every queued mail due at once (a fixed SMTP server gets the
--     waiting mail without the back-off).
--   Enrolment alerts: when an enrollment becomes active through the API (a student enrolling, an admin
--     enrolling a student or re-activating a dropped enrollment) and both notifications.emailNotifications
--     and notifications.enrollmentAlerts are on, the course's teacher gets a mail, written in the school's
--     default language and sent from email.fromName <email.fromEmail>. Trusted callers (seeds, the service
--     role's bulk loads) send none. Statement triggers with transition tables, like the seat counter.
--   claim_mail_batch(batch_size = 20) -> jsonb {claim, smtp, mails}: leases up to batch_size (1–100)
--     due mails (status 'queued', next_attempt_at passed, no live lease) to the caller for 5 minutes,
--     `for update skip locked`, so two senders never get the same mail; oldest due first. With mails it
--     also answers the Email settings and the SMTP password:
--     smtp {host, port, username, password (null when not set), fromEmail, fromName}; without mails
--     {claim: null, smtp: null, mails: []}. Each mail: {id, to, fromEmail, fromName, subject, text,
--     html, attempts}.
--   record_mail_outcome(mail_id, claim, outcome, error = null) -> text: the result of one leased mail.
--     'sent' deletes it; 'failed' counts the attempt with `error` and schedules the retry (or gives up)
--     -> 'retry' | 'gave_up'; 'released' hands it back untried (no attempt counted). Only the holder of
--     the lease (the claim id) records; anything else answers 'stale' and changes nothing.
--
-- Both functions are `security invoker` and executable by service_role alone (the `private` tables grant
-- nothing to API users either), so no visitor, student, teacher or administrator can claim mail or read
-- the SMTP password through them.

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
  created_at timestamptz not null default clock_timestamp(),
  status text not null default 'queued'
    constraint mail_queue_status_check check (status in ('queued', 'failed')),
  attempts integer not null default 0
    constraint mail_queue_attempts_check check (attempts >= 0),
  last_error text
    constraint mail_queue_last_error_check check (char_length(last_error) <= 500),
  last_attempt_at timestamptz,
  next_attempt_at timestamptz not null default clock_timestamp(),
  claim_id uuid,
  locked_until timestamptz
);

comment on table private.mail_queue is
  'Mail to send (enrolment alerts), sent by the send-mail edge function through the Email settings. Sent rows are deleted; rows that failed 8 times stay 30 days with status failed.';
comment on column private.mail_queue.last_error is 'Why the last attempt failed (operators only; never shown to users raw).';
comment on column private.mail_queue.claim_id is 'The lease of the sender working on the row (claim_mail_batch), until locked_until.';

create index mail_queue_created_at_idx on private.mail_queue (created_at);
create index mail_queue_due_idx on private.mail_queue (next_attempt_at, created_at) where status = 'queued';
create index mail_queue_failed_idx on private.mail_queue (last_attempt_at) where status = 'failed';

alter table private.mail_queue enable row level security;
revoke all on private.mail_queue from public, anon, authenticated;
grant all on private.mail_queue to service_role;

-- Enrolment alerts ------------------------------------------------------------------------------------

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

-- Sending ---------------------------------------------------------------------------------------------

create function public.claim_mail_batch(batch_size integer default 20) returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_claim uuid := gen_random_uuid();
  v_mails jsonb;
  v_email jsonb;
  v_password text;
begin
  if batch_size is null or batch_size not between 1 and 100 then
    raise exception 'batch_size must be between 1 and 100' using errcode = '22023';
  end if;

  -- Given-up mail is kept 30 days for operators, then goes.
  delete from private.mail_queue q
   where q.status = 'failed' and q.last_attempt_at < now() - interval '30 days';

  with due as (
    select q.id
      from private.mail_queue q
     where q.status = 'queued'
       and q.next_attempt_at <= now()
       and (q.locked_until is null or q.locked_until <= now())
     order by q.next_attempt_at, q.created_at
     limit batch_size
       for update skip locked
  ), claimed as (
    update private.mail_queue q
       set claim_id = v_claim,
           locked_until = now() + interval '5 minutes'
      from due
     where q.id = due.id
    returning q.id, q.to_email, q.from_email, q.from_name, q.subject, q.text_body, q.html_body, q.attempts,
              q.next_attempt_at, q.created_at
  )
  select coalesce(
           jsonb_agg(
             jsonb_build_object(
               'id', c.id,
               'to', c.to_email,
               'fromEmail', c.from_email,
               'fromName', c.from_name,
               'subject', c.subject,
               'text', c.text_body,
               'html', c.html_body,
               'attempts', c.attempts
             )
             order by c.next_attempt_at, c.created_at
           ),
           '[]'::jsonb
         )
    into v_mails
    from claimed c;

  if jsonb_array_length(v_mails) = 0 then
    return jsonb_build_object('claim', null, 'smtp', null, 'mails', v_mails);
  end if;

  select s.email into v_email from public.app_settings s where s.id = 1;
  select a.value into v_password from private.app_secrets a where a.name = 'smtp_password';
  return jsonb_build_object(
    'claim', v_claim,
    'smtp', jsonb_build_object(
      'host', btrim(coalesce(v_email ->> 'smtpHost', '')),
      'port', coalesce((v_email ->> 'smtpPort')::integer, 587),
      'username', btrim(coalesce(v_email ->> 'smtpUsername', '')),
      'password', v_password,
      'fromEmail', btrim(coalesce(v_email ->> 'fromEmail', '')),
      'fromName', btrim(coalesce(v_email ->> 'fromName', ''))
    ),
    'mails', v_mails
  );
end
$$;

comment on function public.claim_mail_batch(integer) is
  'Service role only: leases up to batch_size due mails for 5 minutes and answers {claim, smtp (Email settings + SMTP password), mails}.';

create function public.record_mail_outcome(mail_id uuid, claim uuid, outcome text, error text default null)
returns text
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_status text;
begin
  if outcome = 'sent' then
    delete from private.mail_queue q where q.id = mail_id and q.claim_id = claim;
    return case when found then 'sent' else 'stale' end;
  elsif outcome = 'released' then
    update private.mail_queue q
       set claim_id = null, locked_until = null
     where q.id = mail_id and q.claim_id = claim;
    return case when found then 'released' else 'stale' end;
  elsif outcome = 'failed' then
    update private.mail_queue q
       set attempts = q.attempts + 1,
           last_error = left(coalesce(nullif(btrim(error), ''), 'Unknown error'), 500),
           last_attempt_at = now(),
           -- 1, 2, 4 … minutes, at most an hour; the 8th failure gives up.
           next_attempt_at = now() + least(power(2, q.attempts), 60) * interval '1 minute',
           status = case when q.attempts + 1 >= 8 then 'failed' else 'queued' end,
           claim_id = null,
           locked_until = null
     where q.id = mail_id and q.claim_id = claim
    returning q.status into v_status;
    if not found then
      return 'stale';
    end if;
    return case when v_status = 'failed' then 'gave_up' else 'retry' end;
  end if;
  raise exception 'outcome must be sent, failed or released' using errcode = '22023';
end
$$;

comment on function public.record_mail_outcome(uuid, uuid, text, text) is
  'Service role only: records what happened to one leased mail (sent: deleted; failed: retried later or given up; released: back in the queue).';

revoke execute on function
  public.claim_mail_batch(integer),
  public.record_mail_outcome(uuid, uuid, text, text)
from public, anon, authenticated;
grant execute on function
  public.claim_mail_batch(integer),
  public.record_mail_outcome(uuid, uuid, text, text)
to service_role;

-- A change of the Email settings or of the SMTP password makes the waiting mail due at once.
create function private.retry_queued_mail_now() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update private.mail_queue q
     set next_attempt_at = now()
   where q.status = 'queued' and q.next_attempt_at > now();
  return null;
end
$$;

create trigger retry_queued_mail_after_email_settings
  after update of email on public.app_settings
  for each row
  when (old.email is distinct from new.email)
  execute function private.retry_queued_mail_now();

create trigger retry_queued_mail_after_smtp_password
  after insert or update or delete on private.app_secrets
  for each statement
  execute function private.retry_queued_mail_now();

revoke execute on function private.retry_queued_mail_now() from public;
