-- Money: kept dues (issue 31, docs/money.md "Read times"): each invoice's amount due kept in a private
-- table by the money tables' insert triggers, so the office's overdue page reads an index of what is due
-- instead of computing every invoice's balance (credited, paid, refunded) before filtering on its status.
--
--   private.invoice_dues (invoice_id): the invoice's student, number and due_on (copied: an issued invoice
--     never changes them; the student becomes null with the user, as on the invoice) and due = total −
--     credited − paid + refunded, as invoice_balances.due. A partial index on (due_on, number) where
--     due > 0 is the overdue page's order.
--   Kept by after-insert triggers on invoices, credit_notes, payments and refunds (the money tables are
--     insert-only), in the writing transaction, so never stale. Each write moves the due by its amount.
--     Lock order: the invoice (writers lock it first), then its one row here, then the money figures
--     (track_money fires after keep_invoice_due: triggers of one event fire in name order).
--   public.overdue_invoices starts from the kept dues (due > 0 and due_on before the school's today) and
--     joins invoice_balances only for those rows; same columns as before, so overdue_reminders (o.*) and
--     the apps read it unchanged. Security invoker: the kept dues have RLS (administrators every row, a
--     student their own) and the invoices' own policies apply to the join.

create table private.invoice_dues (
  invoice_id uuid primary key references public.invoices (id) on delete cascade,
  student_id uuid references public.users (id) on delete set null,
  number text not null,
  due_on date not null,
  due numeric(12, 2) not null
);

comment on table private.invoice_dues is
  'Per invoice: what is still due (total − credited − paid + refunded) with its due date; kept by triggers, read by overdue_invoices.';

create index invoice_dues_overdue_idx on private.invoice_dues (due_on, number) where due > 0;
create index invoice_dues_student_id_idx on private.invoice_dues (student_id);

alter table private.invoice_dues enable row level security;

create policy "Admins can read every invoice's due"
  on private.invoice_dues for select
  to authenticated
  using ((select private.is_admin()));

create policy "Students can read their own invoices' dues"
  on private.invoice_dues for select
  to authenticated
  using (student_id = (select auth.uid()));

revoke all on private.invoice_dues from public, anon, authenticated;
grant select on private.invoice_dues to authenticated;
grant all on private.invoice_dues to service_role;

create function private.keep_invoice_due() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  case tg_table_name
    when 'invoices' then
      insert into private.invoice_dues (invoice_id, student_id, number, due_on, due)
      values (new.id, new.student_id, new.number, new.due_on, new.total);
    when 'credit_notes' then
      update private.invoice_dues d set due = d.due - new.total where d.invoice_id = new.invoice_id;
    when 'payments' then
      update private.invoice_dues d set due = d.due - new.amount where d.invoice_id = new.invoice_id;
    when 'refunds' then
      update private.invoice_dues d set due = d.due + new.amount where d.invoice_id = new.invoice_id;
  end case;
  return null;
end
$$;

revoke execute on function private.keep_invoice_due() from public;

create trigger keep_invoice_due after insert on public.invoices
  for each row execute function private.keep_invoice_due();
create trigger keep_invoice_due after insert on public.credit_notes
  for each row execute function private.keep_invoice_due();
create trigger keep_invoice_due after insert on public.payments
  for each row execute function private.keep_invoice_due();
create trigger keep_invoice_due after insert on public.refunds
  for each row execute function private.keep_invoice_due();

-- The invoices issued before this migration.
insert into private.invoice_dues (invoice_id, student_id, number, due_on, due)
select b.id, b.student_id, b.number, b.due_on, b.due
  from public.invoice_balances b;

-- Same columns as before; number and due_on from the kept row (equal to the invoice's) so the page's
-- order (due_on, number) is the partial index's and a page reads only its rows' balances.
create or replace view public.overdue_invoices with (security_invoker = true) as
select
  b.id,
  d.number,
  b.student_id,
  b.course_id,
  b.enrollment_id,
  b.student_name,
  b.student_email,
  b.issued_on,
  d.due_on,
  b.currency,
  b.net,
  b.tax,
  b.total,
  b.credited,
  b.paid,
  b.refunded,
  b.due,
  b.status,
  private.billing_today() - d.due_on as days_overdue
from private.invoice_dues d
join public.invoice_balances b on b.id = d.invoice_id
where d.due > 0
  and d.due_on < private.billing_today();

comment on view public.overdue_invoices is
  'Invoices with something due after their due date (administrators: all; a student: their own), read from the kept dues (private.invoice_dues).';
