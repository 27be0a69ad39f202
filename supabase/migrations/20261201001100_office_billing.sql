-- Money, the office's screens (issue 31, docs/money.md "Screens: the office").
--
--   public.invoice_list (view, security invoker): invoice_balances with the course's title, for the
--     office's searchable, paged invoice list (one request).
--   public.invoice_reminders: one row per overdue reminder sent (invoice, when, who: null for the
--     schedule). Administrators read it; nobody writes it through the API.
--   public.overdue_reminders (view, security invoker): overdue_invoices with the last reminder's time and
--     how many were sent (administrators; a student reads their own overdue invoices without reminders).
--   private.queue_overdue_reminders(invoice_ids, sent_by): queues one reminder mail per overdue invoice
--     not reminded in the last 7 days, through private.notification_mail (kind invoice_overdue), which
--     send-mail writes in the student's language with the school's name and colour.
--   public.send_overdue_reminders(invoice_uuids default null) -> integer: administrators, "Send reminder"
--     now (null: every overdue invoice); answers how many were queued. 42501 for anyone else.
--   public.queue_overdue_reminders() -> integer: service role only (send-mail, on its schedule): the same
--     for every overdue invoice, at most once an hour (private.overdue_reminder_sweep).
--   private.has_notification_work(): also true when the hourly sweep is due (the local outbox's check).
--   public.payments_report(from_date, to_date) -> json {rows [{kind payment|refund, id, date, invoice_id,
--     invoice_number, student_id, student_name, student_email, method, reference, amount, currency}],
--     revenue (get_revenue of the range)}: administrators only (42501), dates inclusive.

-- 1. The invoice list ------------------------------------------------------------------------------------

create view public.invoice_list with (security_invoker = true) as
select b.*, c.title as course_title
  from public.invoice_balances b
  left join public.courses c on c.id = b.course_id;

comment on view public.invoice_list is
  'The invoices the caller may see with their balances and the course''s title (the office''s list).';

revoke all on public.invoice_list from public, anon, authenticated;
grant select on public.invoice_list to authenticated, service_role;

-- 2. Reminders sent --------------------------------------------------------------------------------------

insert into public.notification_kinds (kind, in_app_default, email_default)
values ('invoice_overdue', false, true);

create table public.invoice_reminders (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  sent_at timestamptz not null default now(),
  sent_by uuid references public.users (id) on delete set null
);

comment on table public.invoice_reminders is
  'Overdue reminders sent: one row per mail queued (sent_by null: the schedule). At most one per invoice every 7 days.';

create index invoice_reminders_invoice_idx on public.invoice_reminders (invoice_id, sent_at desc);
create index invoice_reminders_sent_by_idx on public.invoice_reminders (sent_by);

alter table public.invoice_reminders enable row level security;

create policy "Administrators read the reminders sent" on public.invoice_reminders
  for select to authenticated
  using ((select private.is_admin()));

revoke all on public.invoice_reminders from public, anon, authenticated;
grant select on public.invoice_reminders to authenticated;
grant all on public.invoice_reminders to service_role;

create view public.overdue_reminders with (security_invoker = true) as
select o.*, r.last_reminded_at, coalesce(r.reminders_sent, 0)::integer as reminders_sent
  from public.overdue_invoices o
  left join lateral (
    select max(x.sent_at) as last_reminded_at, count(*) as reminders_sent
      from public.invoice_reminders x
     where x.invoice_id = o.id
  ) r on true;

comment on view public.overdue_reminders is
  'Overdue invoices with days_overdue, the last reminder''s time and how many were sent (reminders: administrators only).';

revoke all on public.overdue_reminders from public, anon, authenticated;
grant select on public.overdue_reminders to authenticated, service_role;

-- When the schedule last looked for overdue invoices (one row).
create table private.overdue_reminder_sweep (
  id boolean primary key default true check (id),
  swept_at timestamptz not null
);

insert into private.overdue_reminder_sweep (swept_at) values ('-infinity');

alter table private.overdue_reminder_sweep enable row level security;
revoke all on private.overdue_reminder_sweep from public, anon, authenticated;
grant all on private.overdue_reminder_sweep to service_role;

-- 3. Queuing them ----------------------------------------------------------------------------------------

-- One mail per overdue invoice (of invoice_ids, or all when null) whose student still has an active
-- account and that was not reminded in the last 7 days. A transaction-wide lock keeps two runs at
-- once (the office and the schedule) from both sending.
create function private.queue_overdue_reminders(p_invoice_ids uuid[], p_sent_by uuid) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_count integer;
begin
  perform pg_advisory_xact_lock(hashtext('private.queue_overdue_reminders'));
  with due as (
    select o.id, o.student_id, o.course_id, o.number, o.due, o.currency, o.due_on, o.days_overdue,
           c.title as course_title
      from public.overdue_invoices o
      join public.users u on u.id = o.student_id and u.is_active
      left join public.courses c on c.id = o.course_id
     where (p_invoice_ids is null or o.id = any (p_invoice_ids))
       and not exists (select 1 from public.invoice_reminders r
                        where r.invoice_id = o.id and r.sent_at > now() - interval '7 days')
  ), sent as (
    insert into public.invoice_reminders (invoice_id, sent_by)
    select d.id, p_sent_by from due d
    returning invoice_id
  ), mailed as (
    insert into private.notification_mail (user_id, kind, course_id, subject_id, data)
    select d.student_id, 'invoice_overdue', d.course_id, d.id,
           jsonb_build_object('number', d.number, 'amountDue', d.due, 'currency', d.currency,
                              'dueOn', d.due_on, 'daysOverdue', d.days_overdue,
                              'courseTitle', d.course_title)
      from due d
      join sent s on s.invoice_id = d.id
    returning 1
  )
  select count(*) into v_count from mailed;
  return v_count;
end
$$;

create function private.send_overdue_reminders(invoice_uuids uuid[]) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin('send payment reminders');
  return private.queue_overdue_reminders(invoice_uuids, (select auth.uid()));
end
$$;

create function public.send_overdue_reminders(invoice_uuids uuid[] default null) returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.send_overdue_reminders(invoice_uuids) $$;

comment on function public.send_overdue_reminders(uuid[]) is
  'Administrators: queues a reminder mail for each overdue invoice given (null: all) not reminded in the last 7 days; answers how many. Runs private.send_overdue_reminders().';

-- The schedule's sweep (send-mail): every overdue invoice, at most once an hour.
create function public.queue_overdue_reminders() returns integer
language plpgsql volatile security invoker set search_path = ''
as $$
begin
  update private.overdue_reminder_sweep s
     set swept_at = now()
   where s.id and s.swept_at <= now() - interval '1 hour';
  if not found then
    return 0;
  end if;
  return private.queue_overdue_reminders(null, null);
end
$$;

comment on function public.queue_overdue_reminders() is
  'Service role only (send-mail): at most once an hour, queues a reminder mail for every overdue invoice not reminded in the last 7 days; answers how many.';

-- The local outbox's cheap check, now also true when the hourly sweep is due.
create or replace function private.has_notification_work() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from private.notification_mail m
                  where m.locked_until is null or m.locked_until <= now())
      or exists (select 1 from private.due_reminders())
      or exists (select 1 from private.overdue_reminder_sweep s
                  where s.swept_at <= now() - interval '1 hour')
$$;

revoke execute on function
  private.queue_overdue_reminders(uuid[], uuid),
  private.send_overdue_reminders(uuid[])
from public;
grant execute on function private.send_overdue_reminders(uuid[]) to authenticated;
grant execute on function private.queue_overdue_reminders(uuid[], uuid) to service_role;

revoke execute on function public.send_overdue_reminders(uuid[]) from public, anon;
grant execute on function public.send_overdue_reminders(uuid[]) to authenticated, service_role;

revoke execute on function public.queue_overdue_reminders() from public, anon, authenticated;
grant execute on function public.queue_overdue_reminders() to service_role;

-- 4. Payments and refunds in a date range ----------------------------------------------------------------

create function public.payments_report(from_date date, to_date date) returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_revenue json;
begin
  -- get_revenue refuses non-administrators (42501) and a reversed range (22023).
  v_revenue := public.get_revenue(from_date, to_date);
  return json_build_object(
    'rows', coalesce((
      select json_agg(m order by m.date desc, m.created_at desc)
        from (
          select 'payment' as kind, p.id, p.paid_on as date, p.created_at, p.invoice_id,
                 i.number as invoice_number, i.student_id, i.student_name, i.student_email,
                 p.method, p.reference, p.amount, i.currency
            from public.payments p
            join public.invoices i on i.id = p.invoice_id
           where p.paid_on between from_date and to_date
          union all
          select 'refund', r.id, r.refunded_on, r.created_at, r.invoice_id,
                 i.number, i.student_id, i.student_name, i.student_email,
                 r.method, r.reference, r.amount, i.currency
            from public.refunds r
            join public.invoices i on i.id = r.invoice_id
           where r.refunded_on between from_date and to_date
        ) m
    ), '[]'::json),
    'revenue', v_revenue
  );
end
$$;

comment on function public.payments_report(date, date) is
  'Administrators: the payments and refunds dated in an inclusive range with their invoice and student, and get_revenue of the range: {rows [...], revenue}.';

revoke execute on function public.payments_report(date, date) from public, anon;
grant execute on function public.payments_report(date, date) to authenticated, service_role;
