-- The school's mail goes out through the System Settings' SMTP fields (docs/architecture.md "School
-- settings on every page"). The database queues app mail in private.mail_queue (enrolment alerts,
-- 20261124000800_settings_effects.sql); the `send-mail` edge function sends it with the Email settings
-- and the SMTP password. This adds what a sender needs, for the service role only:
--
--   private.mail_queue delivery state: status ('queued' | 'failed'), attempts, last_error (short, for
--     operators; never shown to users raw), last_attempt_at, next_attempt_at, and the lease of the
--     sender working on it (claim_id, locked_until).
--     Retries: a failed send waits 1, 2, 4, 8, 16, 32, then 60 minutes (attempts 1–7); the 8th failure
--     gives up: the row stays, status 'failed', with its last error, for 30 days (claim_mail_batch
--     deletes older ones). Sent mail is deleted. Changing the Email settings or the SMTP password makes
--     every queued mail due at once (a fixed SMTP server gets the waiting mail without the back-off).
--
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
-- Both are `security invoker` and executable by service_role alone (the `private` tables grant nothing
-- to API users either), so no visitor, student, teacher or administrator can claim mail or read the
-- SMTP password through them.

alter table private.mail_queue
  add column status text not null default 'queued'
    constraint mail_queue_status_check check (status in ('queued', 'failed')),
  add column attempts integer not null default 0
    constraint mail_queue_attempts_check check (attempts >= 0),
  add column last_error text
    constraint mail_queue_last_error_check check (char_length(last_error) <= 500),
  add column last_attempt_at timestamptz,
  add column next_attempt_at timestamptz not null default clock_timestamp(),
  add column claim_id uuid,
  add column locked_until timestamptz;

comment on table private.mail_queue is
  'Mail to send (enrolment alerts), sent by the send-mail edge function through the Email settings. Sent rows are deleted; rows that failed 8 times stay 30 days with status failed.';
comment on column private.mail_queue.last_error is 'Why the last attempt failed (operators only; never shown to users raw).';
comment on column private.mail_queue.claim_id is 'The lease of the sender working on the row (claim_mail_batch), until locked_until.';

create index mail_queue_due_idx on private.mail_queue (next_attempt_at, created_at) where status = 'queued';
create index mail_queue_failed_idx on private.mail_queue (last_attempt_at) where status = 'failed';

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
