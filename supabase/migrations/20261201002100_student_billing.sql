-- Money, the student's Billing screen (issue 31, docs/money.md "Screens: the student"): one read.
--
--   public.get_student_billing() -> json: the signed-in student's own balance, overdue amount, invoices
--     with their balances and course (the first line's description, the snapshot printed on the invoice:
--     a renamed or deleted course still reads as invoiced), credit notes, and receipts (payments and
--     refunds with date, method, reference and amount), each with its invoice's number and currency.
--     Security invoker: every row passes the money tables' RLS (a student reads their own; anyone else
--     calling it reads their own too, which for a teacher or an administrator without invoices is empty).
--     Totals come from invoice_balances (computed here, never in the browser).

create function public.get_student_billing() returns json
language sql stable security invoker set search_path = ''
as $$
  with invoices as (
    select b.*,
           (select l.description from public.invoice_lines l
             where l.invoice_id = b.id order by l.position limit 1) as course_title
      from public.invoice_balances b
     where b.student_id = (select auth.uid())
  ),
  receipts as (
    select 'payment' as kind, p.id, p.invoice_id, i.number as invoice_number, i.currency,
           p.paid_on as date, p.method, p.reference, p.amount, p.created_at
      from public.payments p join public.invoices i on i.id = p.invoice_id
     where p.student_id = (select auth.uid())
    union all
    select 'refund', r.id, r.invoice_id, i.number, i.currency,
           r.refunded_on, r.method, r.reference, r.amount, r.created_at
      from public.refunds r join public.invoices i on i.id = r.invoice_id
     where r.student_id = (select auth.uid())
  ),
  credit_notes as (
    select c.id, c.number, c.invoice_id, i.number as invoice_number, c.currency, c.issued_on, c.reason,
           c.total, c.created_at
      from public.credit_notes c join public.invoices i on i.id = c.invoice_id
     where c.student_id = (select auth.uid())
  )
  select json_build_object(
    'currency', coalesce((select i.currency from invoices i order by i.issued_on desc, i.number desc limit 1),
                         private.billing_currency()),
    'balance', coalesce((select sum(i.due) from invoices i), 0),
    'overdue', coalesce((select sum(i.due) from invoices i where i.status = 'overdue'), 0),
    'open_invoices', (select count(*) from invoices i where i.status in ('open', 'overdue')),
    'invoices', coalesce((
      select json_agg(json_build_object(
               'id', i.id, 'number', i.number, 'course_id', i.course_id, 'course_title', i.course_title,
               'issued_on', i.issued_on, 'due_on', i.due_on, 'currency', i.currency, 'net', i.net,
               'tax', i.tax, 'total', i.total, 'credited', i.credited, 'paid', i.paid,
               'refunded', i.refunded, 'due', i.due, 'status', i.status)
             order by i.issued_on desc, i.number desc)
        from invoices i), '[]'::json),
    'credit_notes', coalesce((
      select json_agg(json_build_object(
               'id', c.id, 'number', c.number, 'invoice_id', c.invoice_id,
               'invoice_number', c.invoice_number, 'currency', c.currency, 'issued_on', c.issued_on,
               'reason', c.reason, 'total', c.total)
             order by c.issued_on desc, c.created_at desc, c.id)
        from credit_notes c), '[]'::json),
    'receipts', coalesce((
      select json_agg(json_build_object(
               'kind', r.kind, 'id', r.id, 'invoice_id', r.invoice_id,
               'invoice_number', r.invoice_number, 'currency', r.currency, 'date', r.date,
               'method', r.method, 'reference', r.reference, 'amount', r.amount)
             order by r.date desc, r.created_at desc, r.id)
        from receipts r), '[]'::json)
  )
$$;

comment on function public.get_student_billing() is
  'The signed-in student''s Billing screen in one read: balance, overdue, invoices with balances and course, credit notes, receipts (payments and refunds). Security invoker: the money tables'' RLS applies.';

revoke execute on function public.get_student_billing() from public, anon;
grant execute on function public.get_student_billing() to authenticated, service_role;
