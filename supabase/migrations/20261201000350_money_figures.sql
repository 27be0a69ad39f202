-- Money, part 3½ (issue 31, docs/money.md "Revenue"): the school's money figures kept by triggers, so the
-- admin dashboard and Course Management read a few rows instead of summing every invoice and payment on
-- each load (as private.school_hours does for enrolments; the bench's school has 40,000 invoices).
--
--   private.money_days (day): received (payments − refunds dated that day), invoiced (invoices − credit
--     notes issued that day), owed (the change that day in what is still due: the sum over invoices of
--     due when positive). All time = the sum over the days; a period = the sum over its days.
--   private.money_courses (course_id): received, invoiced, owed of the course's invoices, all time.
--   Kept by the after-insert triggers of invoices, credit_notes, payments and refunds (the money tables
--     are insert-only, see the invoices migration), in the writing transaction, so never stale. Each
--     write changes its invoice's due by a known amount; owed moves by the change in its positive part.
--     Lock order: the invoice (writers lock it first), the counters, then these rows (always last).

create table private.money_days (
  day date primary key,
  received numeric(14, 2) not null default 0,
  invoiced numeric(14, 2) not null default 0,
  owed numeric(14, 2) not null default 0
);

comment on table private.money_days is
  'Per day: money received (payments − refunds), invoiced (invoices − credit notes) and the change in what is owed; kept by triggers.';

create table private.money_courses (
  course_id uuid primary key references public.courses (id) on delete cascade,
  received numeric(14, 2) not null default 0,
  invoiced numeric(14, 2) not null default 0,
  owed numeric(14, 2) not null default 0
);

comment on table private.money_courses is
  'Per course, all time: money received, invoiced (less credits) and still owed on its invoices; kept by triggers.';

alter table private.money_days enable row level security;
alter table private.money_courses enable row level security;

-- Administrators read them (the read models are security invoker); nobody else, nobody writes.
create policy "Admins can read the money per day"
  on private.money_days for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can read the money per course"
  on private.money_courses for select
  to authenticated
  using ((select private.is_admin()));

revoke all on private.money_days, private.money_courses from public, anon, authenticated;
grant select on private.money_days, private.money_courses to authenticated;
grant all on private.money_days, private.money_courses to service_role;

-- One money write: the invoice, the day it is dated, what it adds to received and invoiced, and the
-- change it makes to the invoice's due (due after − due before).
create function private.track_money() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_invoice_id uuid;
  v_day date;
  v_received numeric := 0;
  v_invoiced numeric := 0;
  v_due_change numeric;
  v_due_after numeric;
  v_owed numeric;
  v_course_id uuid;
begin
  case tg_table_name
    when 'invoices' then
      v_invoice_id := new.id; v_day := new.issued_on; v_invoiced := new.total; v_due_change := new.total;
    when 'credit_notes' then
      v_invoice_id := new.invoice_id; v_day := new.issued_on; v_invoiced := -new.total; v_due_change := -new.total;
    when 'payments' then
      v_invoice_id := new.invoice_id; v_day := new.paid_on; v_received := new.amount; v_due_change := -new.amount;
    when 'refunds' then
      v_invoice_id := new.invoice_id; v_day := new.refunded_on; v_received := -new.amount; v_due_change := new.amount;
  end case;

  if tg_table_name = 'invoices' then
    v_due_after := new.total;
    v_course_id := new.course_id;
  else
    select a.due into v_due_after from private.invoice_amounts(v_invoice_id) a;
    select i.course_id into v_course_id from public.invoices i where i.id = v_invoice_id;
  end if;
  v_owed := greatest(v_due_after, 0) - greatest(v_due_after - v_due_change, 0);

  insert into private.money_days as d (day, received, invoiced, owed)
  values (v_day, v_received, v_invoiced, v_owed)
  on conflict (day) do update
    set received = d.received + excluded.received,
        invoiced = d.invoiced + excluded.invoiced,
        owed = d.owed + excluded.owed;
  if v_course_id is not null then
    insert into private.money_courses as c (course_id, received, invoiced, owed)
    values (v_course_id, v_received, v_invoiced, v_owed)
    on conflict (course_id) do update
      set received = c.received + excluded.received,
          invoiced = c.invoiced + excluded.invoiced,
          owed = c.owed + excluded.owed;
  end if;
  return null;
end
$$;

revoke execute on function private.track_money() from public;

create trigger track_money after insert on public.invoices
  for each row execute function private.track_money();
create trigger track_money after insert on public.credit_notes
  for each row execute function private.track_money();
create trigger track_money after insert on public.payments
  for each row execute function private.track_money();
create trigger track_money after insert on public.refunds
  for each row execute function private.track_money();

-- The invoices issued before this migration (the seed's enrolments).
insert into private.money_days (day, received, invoiced, owed)
select b.issued_on, 0, sum(b.total - b.credited), sum(greatest(b.due, 0))
  from public.invoice_balances b
 group by b.issued_on;
insert into private.money_days as d (day, received)
select x.day, sum(x.amount)
  from (select p.paid_on as day, p.amount from public.payments p
        union all select r.refunded_on, -r.amount from public.refunds r) x
 group by x.day
on conflict (day) do update set received = d.received + excluded.received;
insert into private.money_courses (course_id, received, invoiced, owed)
select b.course_id, b.paid - b.refunded, b.total - b.credited, greatest(b.due, 0)
  from (select course_id, sum(paid) as paid, sum(refunded) as refunded, sum(total) as total,
               sum(credited) as credited, sum(greatest(due, 0)) as due
          from public.invoice_balances group by course_id) b
 where b.course_id is not null;
