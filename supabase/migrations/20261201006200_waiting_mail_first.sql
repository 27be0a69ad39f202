-- Mail someone is waiting for goes first.
--
-- claim_mail_batch leased the oldest due mail first, whatever it was. A school that had just written a
-- few hundred notification mails (an announcement to every student, a day of grades) made a password
-- reset, a sign-up confirmation or a new account's welcome link wait behind all of them, 20 a run. Now
-- the queue is ordered by who waits: 'auth' and 'welcome' mail (someone is at the sign-in screen) is
-- leased before enrolment alerts and notifications, and within each group the oldest due first, as before.

create index mail_queue_waiting_due_idx on private.mail_queue
  ((kind not in ('auth', 'welcome')), next_attempt_at, created_at)
  where status = 'queued';

create or replace function public.claim_mail_batch(batch_size integer default 20) returns jsonb
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
     order by (q.kind not in ('auth', 'welcome')), q.next_attempt_at, q.created_at
     limit batch_size
       for update skip locked
  ), claimed as (
    update private.mail_queue q
       set claim_id = v_claim,
           locked_until = now() + interval '5 minutes'
      from due
     where q.id = due.id
    returning q.id, q.kind, q.to_email, q.from_email, q.from_name, q.subject, q.text_body, q.html_body, q.attempts,
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
             order by (c.kind not in ('auth', 'welcome')), c.next_attempt_at, c.created_at
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
  'Service role only: leases up to batch_size due mails for 5 minutes (auth and welcome mail first, then the oldest due) and answers {claim, smtp (Email settings + SMTP password), mails}.';
