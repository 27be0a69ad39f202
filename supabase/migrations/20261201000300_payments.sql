-- Money, part 3 (issue 31, docs/money.md): payments, refunds, credit notes on request and on drop, balances.
--
--   public.payments: money received against one invoice (amount > 0; method cash | bank_transfer |
--     card_terminal | card_online; paid_on; reference; recorded_by; provider_event_id, unique where set,
--     for online card payments).
--   public.refunds: money given back against one invoice (amount > 0; method; refunded_on; reference;
--     recorded_by). Two tables, each amount positive: a payment is never negative, a refund never a payment.
--   Both immutable (MN010): a wrong payment is corrected with a refund.
--   Administrators only, through functions (errcodes the app maps to messages, docs/money.md):
--     record_payment(invoice_uuid, amount, method, paid_on, reference) -> payment id
--     record_refund(invoice_uuid, amount, method, refunded_on, reference) -> refund id
--     issue_credit_note(invoice_uuid, amount, reason) -> credit note id (amount is the total credited,
--       tax included, split into net and tax in the invoice's proportions)
--   Refused: amount <= 0 (MN001), a payment beyond the open balance (MN002), a refund beyond what was paid
--     and not yet refunded (MN003), a credit beyond the uncredited total (MN006), an unknown invoice (MN004),
--     a method that does not exist (MN007); not an administrator: 42501.
--   public.record_online_payment(invoice_uuid, amount, provider_event_id, paid_on, reference): service role
--     only (the card webhook, later): idempotent by provider_event_id (the same event twice records one
--     payment and answers the first one's id).
--   A drop (an active enrolment becoming dropped, by any path) issues the credit note of billing.refundOnDrop
--     in the same transaction: full (everything uncredited), pro_rata_classes_held (the share of the course's
--     classes not yet held), none (nothing). Money actually paid is refunded by the office (record_refund),
--     never automatically.
--   Views (security invoker: each reader sees the rows RLS lets them see):
--     invoice_balances: per invoice total, credited, paid, refunded, due = total − credited − paid + refunded,
--       status void (fully credited) | paid (due <= 0) | overdue (due > 0, past due_on) | open.
--     student_balances: per student invoiced, credited, paid, refunded, balance (what they owe; negative
--       when the school owes them), overdue amount.
--     overdue_invoices: invoice_balances where status = overdue.
--   public.student_statement(student_uuid) -> json: the student's balance, invoices with balances, and
--     every invoice, credit note, payment and refund in date order with a running balance (one read).

-- 1. Tables ----------------------------------------------------------------------------------------------

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references public.invoices (id) on delete restrict,
  student_id uuid references public.users (id) on delete set null,
  amount numeric(12, 2) not null check (amount > 0),
  method text not null check (method in ('cash', 'bank_transfer', 'card_terminal', 'card_online')),
  paid_on date not null,
  reference text not null default '' check (char_length(reference) <= 200),
  recorded_by uuid references public.users (id) on delete set null,
  provider_event_id text constraint payments_provider_event_id_key unique
    check (char_length(provider_event_id) between 1 and 255),
  created_at timestamptz not null default now()
);

comment on table public.payments is
  'Money received against an invoice (immutable; corrected by refunds). provider_event_id: the card provider''s event, unique, for idempotent online payments.';

create index payments_invoice_id_idx on public.payments (invoice_id);
create index payments_student_id_idx on public.payments (student_id);
create index payments_paid_on_idx on public.payments (paid_on);
create index payments_recorded_by_idx on public.payments (recorded_by);

create table public.refunds (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references public.invoices (id) on delete restrict,
  student_id uuid references public.users (id) on delete set null,
  amount numeric(12, 2) not null check (amount > 0),
  method text not null check (method in ('cash', 'bank_transfer', 'card_terminal', 'card_online')),
  refunded_on date not null,
  reference text not null default '' check (char_length(reference) <= 200),
  recorded_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.refunds is 'Money given back against an invoice (immutable), at most what was paid on it.';

create index refunds_invoice_id_idx on public.refunds (invoice_id);
create index refunds_student_id_idx on public.refunds (student_id);
create index refunds_refunded_on_idx on public.refunds (refunded_on);
create index refunds_recorded_by_idx on public.refunds (recorded_by);

create trigger payments_are_immutable
  before update or delete on public.payments
  for each row execute function private.refuse_money_change('student_id', 'recorded_by');

create trigger refunds_are_immutable
  before update or delete on public.refunds
  for each row execute function private.refuse_money_change('student_id', 'recorded_by');

alter table public.payments enable row level security;
alter table public.refunds enable row level security;

create policy "Students can view their own payments"
  on public.payments for select
  to authenticated
  using (student_id = (select auth.uid()));

create policy "Admins can view every payment"
  on public.payments for select
  to authenticated
  using ((select private.is_admin()));

create policy "Students can view their own refunds"
  on public.refunds for select
  to authenticated
  using (student_id = (select auth.uid()));

create policy "Admins can view every refund"
  on public.refunds for select
  to authenticated
  using ((select private.is_admin()));

revoke all on public.payments, public.refunds from anon, authenticated;
grant select on public.payments, public.refunds to authenticated;
grant all on public.payments, public.refunds to service_role;

-- 2. Amounts of one invoice ------------------------------------------------------------------------------

create function private.invoice_amounts(p_invoice_id uuid,
  out total numeric, out credited numeric, out paid numeric, out refunded numeric, out due numeric)
language sql stable security definer set search_path = ''
as $$
  select i.total, c.credited, p.paid, r.refunded, i.total - c.credited - p.paid + r.refunded
    from public.invoices i
   cross join lateral (select coalesce(sum(x.total), 0) as credited from public.credit_notes x where x.invoice_id = i.id) c
   cross join lateral (select coalesce(sum(x.amount), 0) as paid from public.payments x where x.invoice_id = i.id) p
   cross join lateral (select coalesce(sum(x.amount), 0) as refunded from public.refunds x where x.invoice_id = i.id) r
   where i.id = p_invoice_id
$$;

-- Locks the invoice (every money write on it waits for the one before) and answers its amounts.
create function private.lock_invoice(p_invoice_id uuid) returns public.invoices
language plpgsql security definer set search_path = ''
as $$
declare
  v_invoice public.invoices;
begin
  select * into v_invoice from public.invoices i where i.id = p_invoice_id for update;
  if not found then
    raise exception 'Invoice not found' using errcode = 'MN004';
  end if;
  return v_invoice;
end
$$;

create function private.check_amount(p_amount numeric) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'The amount must be greater than zero' using errcode = 'MN001';
  end if;
  if p_amount <> round(p_amount, 2) then
    raise exception 'The amount can have at most two decimals' using errcode = 'MN001';
  end if;
end
$$;

create function private.check_method(p_method text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if p_method is null or p_method not in ('cash', 'bank_transfer', 'card_terminal', 'card_online') then
    raise exception 'The method must be cash, bank_transfer, card_terminal or card_online' using errcode = 'MN007';
  end if;
end
$$;

-- 3. Payments and refunds --------------------------------------------------------------------------------

create function private.insert_payment(p_invoice_id uuid, p_amount numeric, p_method text, p_paid_on date,
                                       p_reference text, p_event text)
returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  v_invoice public.invoices;
  v_due numeric;
  v_id uuid;
begin
  perform private.check_amount(p_amount);
  perform private.check_method(p_method);
  v_invoice := private.lock_invoice(p_invoice_id);
  select a.due into v_due from private.invoice_amounts(p_invoice_id) a;
  if p_amount > v_due then
    raise exception 'The payment is more than the open balance (%)', greatest(v_due, 0) using errcode = 'MN002';
  end if;
  insert into public.payments (invoice_id, student_id, amount, method, paid_on, reference, recorded_by,
                               provider_event_id)
  values (p_invoice_id, v_invoice.student_id, p_amount, p_method, coalesce(p_paid_on, private.billing_today()),
          coalesce(btrim(p_reference), ''),
          case when (select private.is_trusted_caller()) then null else (select auth.uid()) end, p_event)
  returning id into v_id;
  return v_id;
end
$$;

create function private.record_payment(invoice_uuid uuid, amount numeric, method text,
                                       paid_on date default null, reference text default '')
returns uuid
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_admin('record payments');
  if method = 'card_online' then
    raise exception 'Online card payments are recorded by the card provider, not by hand' using errcode = 'MN007';
  end if;
  return private.insert_payment(invoice_uuid, amount, method, paid_on, reference, null);
end
$$;

create function public.record_payment(invoice_uuid uuid, amount numeric, method text,
                                      paid_on date default null, reference text default '')
returns uuid
language sql volatile security invoker set search_path = ''
as $$ select private.record_payment(invoice_uuid, amount, method, paid_on, reference) $$;

comment on function public.record_payment(uuid, numeric, text, date, text) is
  'Administrators: records a payment (cash, bank_transfer, card_terminal) on an invoice; paid_on defaults to today. Errors MN001 amount <= 0, MN002 beyond the open balance, MN004 no invoice, MN007 method. Runs private.record_payment().';

-- The card webhook (service role only): the same provider event twice records one payment.
create function private.record_online_payment(invoice_uuid uuid, amount numeric, provider_event_id text,
                                              paid_on date default null, reference text default '')
returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_existing uuid;
  v_id uuid;
begin
  if not (select private.is_trusted_caller()) then
    raise exception 'Only the card provider''s webhook records online payments' using errcode = '42501';
  end if;
  if coalesce(btrim(provider_event_id), '') = '' then
    raise exception 'An online payment needs the provider''s event id' using errcode = 'MN005';
  end if;
  -- The invoice lock orders two deliveries of one event: the second sees the first's row.
  perform private.lock_invoice(invoice_uuid);
  select p.id into v_existing from public.payments p where p.provider_event_id = record_online_payment.provider_event_id;
  if v_existing is not null then
    return json_build_object('payment_id', v_existing, 'recorded', false);
  end if;
  v_id := private.insert_payment(invoice_uuid, amount, 'card_online', paid_on, reference, provider_event_id);
  return json_build_object('payment_id', v_id, 'recorded', true);
end
$$;

create function public.record_online_payment(invoice_uuid uuid, amount numeric, provider_event_id text,
                                             paid_on date default null, reference text default '')
returns json
language sql volatile security invoker set search_path = ''
as $$ select private.record_online_payment(invoice_uuid, amount, provider_event_id, paid_on, reference) $$;

comment on function public.record_online_payment(uuid, numeric, text, date, text) is
  'Service role only (the card webhook): records a card_online payment once per provider_event_id. Returns {payment_id, recorded} (recorded false: the event was already recorded). Runs private.record_online_payment().';

create function private.record_refund(invoice_uuid uuid, amount numeric, method text,
                                      refunded_on date default null, reference text default '')
returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  v_invoice public.invoices;
  v_refundable numeric;
  v_id uuid;
begin
  perform private.require_admin('record refunds');
  perform private.check_amount(amount);
  perform private.check_method(method);
  v_invoice := private.lock_invoice(invoice_uuid);
  select a.paid - a.refunded into v_refundable from private.invoice_amounts(invoice_uuid) a;
  if amount > v_refundable then
    raise exception 'The refund is more than what was paid and not yet refunded (%)', v_refundable
      using errcode = 'MN003';
  end if;
  insert into public.refunds (invoice_id, student_id, amount, method, refunded_on, reference, recorded_by)
  values (invoice_uuid, v_invoice.student_id, amount, method, coalesce(refunded_on, private.billing_today()),
          coalesce(btrim(reference), ''),
          case when (select private.is_trusted_caller()) then null else (select auth.uid()) end)
  returning id into v_id;
  return v_id;
end
$$;

create function public.record_refund(invoice_uuid uuid, amount numeric, method text,
                                     refunded_on date default null, reference text default '')
returns uuid
language sql volatile security invoker set search_path = ''
as $$ select private.record_refund(invoice_uuid, amount, method, refunded_on, reference) $$;

comment on function public.record_refund(uuid, numeric, text, date, text) is
  'Administrators: records money given back on an invoice, at most what was paid and not yet refunded. Errors MN001, MN003 beyond what was paid, MN004, MN007. Runs private.record_refund().';

-- 4. Credit notes ----------------------------------------------------------------------------------------

-- amount: the total to credit (tax included), at most the invoice's uncredited total; split into net and
-- tax in the invoice's proportions (the whole remainder credits exactly the remaining net and tax).
create function private.insert_credit_note(p_invoice_id uuid, p_amount numeric, p_reason text) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  v_invoice public.invoices;
  v_credited_net numeric;
  v_credited numeric;
  v_net numeric(12, 2);
  v_id uuid;
begin
  perform private.check_amount(p_amount);
  if coalesce(btrim(p_reason), '') = '' or char_length(btrim(p_reason)) > 500 then
    raise exception 'A credit note needs a reason (at most 500 characters)' using errcode = 'MN005';
  end if;
  v_invoice := private.lock_invoice(p_invoice_id);
  select coalesce(sum(c.total), 0), coalesce(sum(c.net), 0) into v_credited, v_credited_net
    from public.credit_notes c where c.invoice_id = p_invoice_id;
  if p_amount > v_invoice.total - v_credited then
    raise exception 'The credit is more than what is left uncredited on the invoice (%)', v_invoice.total - v_credited
      using errcode = 'MN006';
  end if;
  v_net := case when p_amount = v_invoice.total - v_credited then v_invoice.net - v_credited_net
                else least(round(p_amount * v_invoice.net / v_invoice.total, 2), v_invoice.net - v_credited_net) end;
  insert into public.credit_notes (number, invoice_id, student_id, issued_on, reason, currency, net, tax, total,
                                   created_by)
  values (private.next_document_number('credit_note', extract(year from private.billing_today())::integer),
          p_invoice_id, v_invoice.student_id, private.billing_today(), btrim(p_reason), v_invoice.currency,
          v_net, p_amount - v_net, p_amount,
          case when (select private.is_trusted_caller()) then null else (select auth.uid()) end)
  returning id into v_id;
  return v_id;
end
$$;

create function private.issue_credit_note(invoice_uuid uuid, amount numeric, reason text) returns uuid
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_admin('issue credit notes');
  return private.insert_credit_note(invoice_uuid, amount, reason);
end
$$;

create function public.issue_credit_note(invoice_uuid uuid, amount numeric, reason text) returns uuid
language sql volatile security invoker set search_path = ''
as $$ select private.issue_credit_note(invoice_uuid, amount, reason) $$;

comment on function public.issue_credit_note(uuid, numeric, text) is
  'Administrators: credits part or all of an invoice (amount tax included, at most what is uncredited). Errors MN001, MN004, MN005 (reason), MN006 beyond the uncredited total. Runs private.issue_credit_note().';

-- A drop credits per billing.refundOnDrop, in the drop's transaction (whoever drops: the student, an
-- administrator, trusted code). Each of the enrolment's invoices with something uncredited is credited:
-- full: all of it; pro_rata_classes_held: its total × the share of classes not yet held (at most what is
-- uncredited); none: nothing. A statement trigger named to fire after the other statement triggers of
-- enrollments (the lock order of the invoices migration: money after the school's figures).
create function private.credit_on_drop() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_rule text := private.billing_settings() ->> 'refundOnDrop';
  v_drop record;
  v_share numeric;
  v_invoice record;
  v_amount numeric(12, 2);
begin
  if v_rule = 'none' then
    return null;
  end if;
  for v_drop in
    select n.id, n.course_id
      from new_rows n join old_rows o on o.id = n.id
     where o.status = 'active' and n.status = 'dropped'
     order by n.id
  loop
    v_share := case v_rule when 'full' then 1 else private.share_not_held(v_drop.course_id) end;
    for v_invoice in
      select i.id, i.total - coalesce((select sum(c.total) from public.credit_notes c where c.invoice_id = i.id), 0)
               as uncredited,
             i.total
        from public.invoices i
       where i.enrollment_id = v_drop.id
       order by i.issued_on, i.number
    loop
      v_amount := least(v_invoice.uncredited, round(v_invoice.total * v_share, 2));
      if v_amount > 0 then
        perform private.insert_credit_note(
          v_invoice.id, v_amount,
          case v_rule when 'full' then 'Enrolment dropped: full credit'
                      else 'Enrolment dropped: classes not yet held' end);
      end if;
    end loop;
  end loop;
  return null;
end
$$;

create trigger z_money_credit_after_enrollment_update
  after update on public.enrollments
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.credit_on_drop();

create function private.billing_currency() returns text
language sql stable security definer set search_path = ''
as $$ select private.billing_settings() ->> 'currency' $$;

revoke execute on function private.billing_currency() from public;

-- 5. Balances --------------------------------------------------------------------------------------------

create view public.invoice_balances with (security_invoker = true) as
select
  i.id,
  i.number,
  i.student_id,
  i.course_id,
  i.enrollment_id,
  i.student_name,
  i.student_email,
  i.issued_on,
  i.due_on,
  i.currency,
  i.net,
  i.tax,
  i.total,
  c.credited,
  p.paid,
  r.refunded,
  i.total - c.credited - p.paid + r.refunded as due,
  case
    when c.credited >= i.total then 'void'
    when i.total - c.credited - p.paid + r.refunded <= 0 then 'paid'
    when i.due_on < private.billing_today() then 'overdue'
    else 'open'
  end as status
from public.invoices i
cross join lateral (select coalesce(sum(x.total), 0)::numeric(12, 2) as credited from public.credit_notes x where x.invoice_id = i.id) c
cross join lateral (select coalesce(sum(x.amount), 0)::numeric(12, 2) as paid from public.payments x where x.invoice_id = i.id) p
cross join lateral (select coalesce(sum(x.amount), 0)::numeric(12, 2) as refunded from public.refunds x where x.invoice_id = i.id) r;

comment on view public.invoice_balances is
  'Each invoice the caller may see with credited, paid, refunded, due (total − credited − paid + refunded) and status void|paid|overdue|open (overdue: due > 0 after due_on).';

create view public.student_balances with (security_invoker = true) as
select
  b.student_id,
  min(b.student_name) as student_name,
  min(b.student_email) as student_email,
  sum(b.total)::numeric(12, 2) as invoiced,
  sum(b.credited)::numeric(12, 2) as credited,
  sum(b.paid)::numeric(12, 2) as paid,
  sum(b.refunded)::numeric(12, 2) as refunded,
  sum(b.due)::numeric(12, 2) as balance,
  coalesce(sum(b.due) filter (where b.status = 'overdue'), 0)::numeric(12, 2) as overdue,
  count(*) filter (where b.status in ('open', 'overdue'))::integer as open_invoices
from public.invoice_balances b
where b.student_id is not null
group by b.student_id;

comment on view public.student_balances is
  'Per student the caller may see: invoiced, credited, paid, refunded, balance (owed; negative when the school owes them), overdue, open_invoices.';

create view public.overdue_invoices with (security_invoker = true) as
select b.*, private.billing_today() - b.due_on as days_overdue
  from public.invoice_balances b
 where b.status = 'overdue';

comment on view public.overdue_invoices is 'Invoices with something due after their due date (administrators: all; a student: their own).';

revoke all on public.invoice_balances, public.student_balances, public.overdue_invoices from public, anon, authenticated;
grant select on public.invoice_balances, public.student_balances, public.overdue_invoices to authenticated;
grant select on public.invoice_balances, public.student_balances, public.overdue_invoices to service_role;

-- The statement of one student (self, or anyone for administrators; others read nothing through RLS):
-- {student_id, currency, balance, overdue, invoices [invoice_balances rows], entries [{date, kind
-- (invoice|credit_note|payment|refund), id, invoice_id, number, description, amount (+ owed, − settled),
-- balance (running)}]}.
create function public.student_statement(student_uuid uuid) returns json
language sql stable security invoker set search_path = ''
as $$
  with invoices as (
    select * from public.invoice_balances b where b.student_id = student_uuid
  ),
  entries as (
    select i.issued_on as day, i.created_at as at, 'invoice' as kind, i.id, i.id as invoice_id, i.number,
           i.number as description, i.total as amount
      from public.invoices i where i.student_id = student_uuid
    union all
    select c.issued_on, c.created_at, 'credit_note', c.id, c.invoice_id, c.number, c.reason, -c.total
      from public.credit_notes c where c.student_id = student_uuid
    union all
    select p.paid_on, p.created_at, 'payment', p.id, p.invoice_id, null, p.method, -p.amount
      from public.payments p where p.student_id = student_uuid
    union all
    select r.refunded_on, r.created_at, 'refund', r.id, r.invoice_id, null, r.method, r.amount
      from public.refunds r where r.student_id = student_uuid
  )
  select json_build_object(
    'student_id', student_uuid,
    'currency', coalesce((select i.currency from invoices i order by i.issued_on desc, i.number desc limit 1),
                         private.billing_currency()),
    'balance', coalesce((select sum(i.due) from invoices i), 0),
    'overdue', coalesce((select sum(i.due) from invoices i where i.status = 'overdue'), 0),
    'invoices', coalesce((select json_agg(i order by i.issued_on desc, i.number desc) from invoices i), '[]'::json),
    'entries', coalesce((
      select json_agg(json_build_object('date', e.day, 'kind', e.kind, 'id', e.id, 'invoice_id', e.invoice_id,
                                        'number', e.number, 'description', e.description, 'amount', e.amount,
                                        'balance', e.running)
                      order by e.day, e.at, e.id)
        from (select x.*, sum(x.amount) over (order by x.day, x.at, x.id) as running from entries x) e
    ), '[]'::json)
  )
$$;

comment on function public.student_statement(uuid) is
  'One student''s balance, invoices and dated entries with a running balance. The student themselves or administrators (anyone else reads an empty statement).';

revoke execute on function
  private.invoice_amounts(uuid),
  private.lock_invoice(uuid),
  private.check_amount(numeric),
  private.check_method(text),
  private.insert_payment(uuid, numeric, text, date, text, text),
  private.record_payment(uuid, numeric, text, date, text),
  private.record_online_payment(uuid, numeric, text, date, text),
  private.record_refund(uuid, numeric, text, date, text),
  private.insert_credit_note(uuid, numeric, text),
  private.issue_credit_note(uuid, numeric, text),
  private.credit_on_drop()
from public;
grant execute on function
  private.record_payment(uuid, numeric, text, date, text),
  private.record_refund(uuid, numeric, text, date, text),
  private.issue_credit_note(uuid, numeric, text)
to authenticated, service_role;
grant execute on function
  private.invoice_amounts(uuid),
  private.record_online_payment(uuid, numeric, text, date, text)
to service_role;
-- Read by the views' status and the statement (any signed-in reader): the date and currency only.
grant execute on function private.billing_today(), private.billing_currency() to authenticated;

revoke execute on function
  public.record_payment(uuid, numeric, text, date, text),
  public.record_refund(uuid, numeric, text, date, text),
  public.issue_credit_note(uuid, numeric, text),
  public.record_online_payment(uuid, numeric, text, date, text),
  public.student_statement(uuid)
from public, anon;
grant execute on function
  public.record_payment(uuid, numeric, text, date, text),
  public.record_refund(uuid, numeric, text, date, text),
  public.issue_credit_note(uuid, numeric, text),
  public.student_statement(uuid)
to authenticated, service_role;
grant execute on function public.record_online_payment(uuid, numeric, text, date, text) to service_role;
