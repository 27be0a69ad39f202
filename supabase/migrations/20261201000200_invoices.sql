-- Money, part 2 (issue 31, docs/money.md): invoices and credit notes.
--
--   private.document_counters (kind, year, last_number): one row per kind ('invoice', 'credit_note') and
--     calendar year (in the school's time zone). private.next_document_number(kind, year) increments it
--     with an upsert, which locks the row until the transaction ends: a second issuer waits, and a
--     transaction that rolls back takes its number with it. Numbers are gap-free and never from a sequence
--     (a sequence gives numbers away on rollback). Formats: invoice 2026-000123, credit note CN-2026-000001.
--   public.invoices: the snapshot of what was issued (student name, email, language; school legal name,
--     address, tax id; currency, tax rate), dates (issued_on, due_on = issued_on + payment terms) and the
--     totals net, tax, total (numeric(12,2), computed here from the lines: tax = round(net × rate / 100)).
--   public.invoice_lines: description, quantity, unit_price, discount (an amount off the line), amount
--     (generated: round(quantity × unit_price, 2) − discount).
--   public.credit_notes: a correction of one invoice (net, tax, total credited, reason), never more than
--     what is left uncredited on it.
--   Immutability: issued invoices, their lines and credit notes refuse update and delete (errcode MN010),
--     except the foreign keys' own `on delete set null` when a person, course or enrolment is deleted (the
--     snapshot keeps who and what). Lines can be added only by issue_invoice, while it writes their invoice.
--   Issuing: private.issue_invoice(student, course, enrollment, lines jsonb) -> invoice id.
--     public.issue_invoice(student_uuid, lines jsonb, course_uuid) for administrators (a manual invoice,
--     e.g. with a discount). An enrolment that becomes active in a course with price > 0 is invoiced by
--     trigger (single and bulk enrolment, the waiting list, re-activation), unless that enrolment already
--     has an invoice with nothing credited on it (see docs/money.md "When an invoice is issued").
--   Lock order: courses, the school's figures (hours, students, the school row), then the invoice, the
--     counters, then the money figures. The enrolment triggers are statement triggers named to fire after
--     every other statement trigger of enrollments, so an enrolment or a drop takes the counters last;
--     an administrator's write locks the invoice (or, for a manual invoice, the course) first.
--   RLS: a student reads their own invoices, lines and credit notes; administrators all; teachers and
--     anonymous callers nothing. No writes through the API.

-- 1. Numbering -------------------------------------------------------------------------------------------

create table private.document_counters (
  kind text not null check (kind in ('invoice', 'credit_note')),
  year integer not null check (year between 2000 and 9999),
  last_number integer not null check (last_number > 0),
  primary key (kind, year)
);

comment on table private.document_counters is
  'Last number issued per document kind and calendar year. Locked by the issuing transaction (gap-free numbering).';

alter table private.document_counters enable row level security;
revoke all on private.document_counters from public, anon, authenticated;
grant all on private.document_counters to service_role;

create function private.next_document_number(p_kind text, p_year integer) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  v_number integer;
begin
  insert into private.document_counters as c (kind, year, last_number)
  values (p_kind, p_year, 1)
  on conflict (kind, year) do update set last_number = c.last_number + 1
  returning c.last_number into v_number;
  return case p_kind when 'credit_note' then 'CN-' else '' end
         || p_year::text || '-' || lpad(v_number::text, 6, '0');
end
$$;

-- The school's today (its calendar decides the year of a number and the dates printed).
create function private.billing_today() returns date
language sql stable security definer set search_path = ''
as $$
  select (now() at time zone (private.billing_settings() ->> 'timezone'))::date
$$;

-- 2. Tables ----------------------------------------------------------------------------------------------

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  number text not null constraint invoices_number_key unique,
  student_id uuid references public.users (id) on delete set null,
  course_id uuid references public.courses (id) on delete set null,
  enrollment_id uuid references public.enrollments (id) on delete set null,
  issued_on date not null,
  due_on date not null,
  student_name text not null,
  student_email text not null,
  student_language text not null check (student_language in ('en', 'es', 'fr', 'de')),
  school_name text not null,
  school_address text not null,
  school_tax_id text not null,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  tax_rate numeric(5, 2) not null check (tax_rate between 0 and 100),
  net numeric(12, 2) not null check (net >= 0),
  tax numeric(12, 2) not null check (tax >= 0),
  total numeric(12, 2) not null check (total = net + tax),
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint invoices_due_after_issue check (due_on >= issued_on)
);

comment on table public.invoices is
  'Issued invoices (immutable): numbered gap-free per year, with a snapshot of the student and the school and totals computed from the lines. Balances in invoice_balances.';
comment on column public.invoices.number is 'YYYY-NNNNNN, gap-free per calendar year of issued_on.';
comment on column public.invoices.total is 'net + tax, in currency. What is owed: invoice_balances.due.';

create index invoices_student_id_idx on public.invoices (student_id, issued_on desc);
create index invoices_course_id_idx on public.invoices (course_id);
create index invoices_enrollment_id_idx on public.invoices (enrollment_id);
create index invoices_issued_on_idx on public.invoices (issued_on);
create index invoices_due_on_idx on public.invoices (due_on);
create index invoices_created_by_idx on public.invoices (created_by);

create table public.invoice_lines (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null references public.invoices (id) on delete restrict,
  position smallint not null check (position > 0),
  description text not null check (char_length(btrim(description)) between 1 and 500),
  quantity numeric(10, 2) not null check (quantity > 0),
  unit_price numeric(12, 2) not null check (unit_price >= 0),
  discount numeric(12, 2) not null default 0 check (discount >= 0),
  amount numeric(12, 2) generated always as (round(quantity * unit_price, 2) - discount) stored,
  constraint invoice_lines_amount_not_negative check (round(quantity * unit_price, 2) - discount >= 0),
  constraint invoice_lines_invoice_id_position_key unique (invoice_id, position)
);

comment on table public.invoice_lines is
  'Lines of an invoice (immutable): amount = round(quantity × unit_price, 2) − discount, before tax.';

create table public.credit_notes (
  id uuid primary key default gen_random_uuid(),
  number text not null constraint credit_notes_number_key unique,
  invoice_id uuid not null references public.invoices (id) on delete restrict,
  student_id uuid references public.users (id) on delete set null,
  issued_on date not null,
  reason text not null check (char_length(btrim(reason)) between 1 and 500),
  currency text not null,
  net numeric(12, 2) not null check (net >= 0),
  tax numeric(12, 2) not null check (tax >= 0),
  total numeric(12, 2) not null check (total > 0 and total = net + tax),
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.credit_notes is
  'Corrections of an invoice (immutable): CN-YYYY-NNNNNN, gap-free per year; never more than the invoice''s uncredited total.';

create index credit_notes_invoice_id_idx on public.credit_notes (invoice_id);
create index credit_notes_student_id_idx on public.credit_notes (student_id);
create index credit_notes_issued_on_idx on public.credit_notes (issued_on);
create index credit_notes_created_by_idx on public.credit_notes (created_by);

-- 3. Immutability ----------------------------------------------------------------------------------------

-- Refuses every update and delete, except an update that only clears the foreign keys listed in the
-- trigger's arguments (the `on delete set null` of a deleted person, course or enrolment).
create function private.refuse_money_change() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_old jsonb;
  v_new jsonb;
  v_key text;
begin
  if tg_op = 'UPDATE' then
    v_old := to_jsonb(old);
    v_new := to_jsonb(new);
    foreach v_key in array coalesce(tg_argv, array[]::text[]) loop
      if v_new -> v_key = 'null'::jsonb then
        v_old := v_old - v_key;
        v_new := v_new - v_key;
      end if;
    end loop;
    if v_old = v_new then
      return new;
    end if;
  end if;
  raise exception '% are never changed or deleted once issued: issue a credit note or a refund instead',
    replace(tg_table_name, '_', ' ')
    using errcode = 'MN010';
end
$$;

revoke execute on function private.refuse_money_change() from public;

create trigger invoices_are_immutable
  before update or delete on public.invoices
  for each row execute function private.refuse_money_change('student_id', 'course_id', 'enrollment_id', 'created_by');

create trigger invoice_lines_are_immutable
  before update or delete on public.invoice_lines
  for each row execute function private.refuse_money_change();

create trigger credit_notes_are_immutable
  before update or delete on public.credit_notes
  for each row execute function private.refuse_money_change('student_id', 'created_by');

-- Lines only while issue_invoice writes their invoice (its totals were computed from them).
create function private.lines_only_while_issuing() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_setting('portal.issuing_invoice', true) is distinct from new.invoice_id::text then
    raise exception 'invoice lines are never added once the invoice is issued' using errcode = 'MN010';
  end if;
  return new;
end
$$;

revoke execute on function private.lines_only_while_issuing() from public;

create trigger invoice_lines_only_while_issuing
  before insert on public.invoice_lines
  for each row execute function private.lines_only_while_issuing();

-- 4. Issuing ---------------------------------------------------------------------------------------------

-- lines: [{description, quantity?, unit_price, discount?}] (quantity 1 and discount 0 when left out).
create function private.issue_invoice(p_student_id uuid, p_course_id uuid, p_enrollment_id uuid, p_lines jsonb)
returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  v_billing jsonb := private.billing_settings();
  v_today date := private.billing_today();
  v_student public.users%rowtype;
  v_rate numeric(5, 2) := (v_billing ->> 'taxRate')::numeric;
  v_net numeric;
  v_tax numeric;
  v_id uuid;
begin
  select * into v_student from public.users u where u.id = p_student_id;
  if not found then
    raise exception 'Student not found' using errcode = 'MN004';
  end if;
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception 'An invoice needs at least one line' using errcode = 'MN005';
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_lines) l
     where jsonb_typeof(l) <> 'object'
        or coalesce(btrim(l ->> 'description'), '') = ''
        or jsonb_typeof(l -> 'unit_price') is distinct from 'number'
        or (l ? 'quantity' and jsonb_typeof(l -> 'quantity') <> 'number')
        or (l ? 'discount' and jsonb_typeof(l -> 'discount') <> 'number')
  ) then
    raise exception 'Each line needs a description and a unit price (numbers for quantity and discount)'
      using errcode = 'MN005';
  end if;
  -- Checked here rather than caught from the columns' checks: no subtransaction per invoice (a bulk
  -- enrolment issues many in one transaction).
  if exists (
    select 1
      from jsonb_array_elements(p_lines) l
     cross join lateral (
       select coalesce((l ->> 'quantity')::numeric, 1) as quantity, (l ->> 'unit_price')::numeric as unit_price,
              coalesce((l ->> 'discount')::numeric, 0) as discount
     ) v
     where char_length(btrim(l ->> 'description')) > 500
        or v.quantity <= 0 or v.quantity >= 100000000 or v.quantity <> round(v.quantity, 2)
        or v.unit_price < 0 or v.unit_price >= 10000000000 or v.unit_price <> round(v.unit_price, 2)
        or v.discount < 0 or v.discount <> round(v.discount, 2)
        or v.discount > round(v.quantity * v.unit_price, 2)
        or round(v.quantity * v.unit_price, 2) >= 10000000000
  ) then
    raise exception 'An invoice line has an invalid quantity, price or discount' using errcode = 'MN005';
  end if;

  select coalesce(sum(round(coalesce((l ->> 'quantity')::numeric, 1) * (l ->> 'unit_price')::numeric, 2)
                      - coalesce((l ->> 'discount')::numeric, 0)), 0)
    into v_net
    from jsonb_array_elements(p_lines) l;
  v_tax := round(v_net * v_rate / 100, 2);
  if v_net + v_tax >= 10000000000 then
    raise exception 'The invoice total is too large' using errcode = 'MN005';
  end if;

  insert into public.invoices (
    number, student_id, course_id, enrollment_id, issued_on, due_on,
    student_name, student_email, student_language,
    school_name, school_address, school_tax_id, currency, tax_rate, net, tax, total, created_by
  ) values (
    private.next_document_number('invoice', extract(year from v_today)::integer),
    p_student_id, p_course_id, p_enrollment_id, v_today,
    v_today + (v_billing ->> 'paymentTermsDays')::integer,
    btrim(v_student.first_name || ' ' || v_student.last_name), v_student.email,
    coalesce(v_student.language,
             (select s.general ->> 'defaultLanguage' from public.app_settings s where s.id = 1), 'en'),
    v_billing ->> 'schoolName', v_billing ->> 'address', v_billing ->> 'taxId', v_billing ->> 'currency',
    v_rate, v_net, v_tax, v_net + v_tax,
    case when (select private.is_trusted_caller()) then null else (select auth.uid()) end
  ) returning id into v_id;

  perform set_config('portal.issuing_invoice', v_id::text, true);
  insert into public.invoice_lines (invoice_id, position, description, quantity, unit_price, discount)
  select v_id, l.n, btrim(l.value ->> 'description'), coalesce((l.value ->> 'quantity')::numeric, 1),
         (l.value ->> 'unit_price')::numeric, coalesce((l.value ->> 'discount')::numeric, 0)
    from jsonb_array_elements(p_lines) with ordinality as l(value, n);
  perform set_config('portal.issuing_invoice', '', true);
  return v_id;
end
$$;

-- The share of a course's classes not yet held (1 when it has none): what a pro-rata credit gives back,
-- and what re-joining after such a credit costs.
create function private.share_not_held(p_course_id uuid) returns numeric
language sql stable security definer set search_path = ''
as $$
  select case when count(*) = 0 then 1::numeric
              else (count(*) filter (where cl.scheduled_date > now()))::numeric / count(*) end
    from public.classes cl
   where cl.course_id = p_course_id
$$;

-- An enrolment that becomes active in a priced course is invoiced, unless it already has an invoice with
-- nothing credited on it (still owed or paid: re-joining after a drop that credited nothing costs nothing
-- more). After a drop that credited something, re-joining is invoiced for the classes not yet held (the
-- whole price when the course has no classes yet, or on a first enrolment).
create function private.invoice_enrollment(p_enrollment_id uuid, p_course_id uuid, p_user_id uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_course public.courses%rowtype;
  v_again boolean;
  v_price numeric(12, 2);
begin
  select * into v_course from public.courses c where c.id = p_course_id;
  if not found or v_course.price <= 0 then
    return;
  end if;
  if exists (
    select 1 from public.invoices i
     where i.enrollment_id = p_enrollment_id
       and not exists (select 1 from public.credit_notes cn where cn.invoice_id = i.id)
  ) then
    return;
  end if;
  v_again := exists (select 1 from public.invoices i where i.enrollment_id = p_enrollment_id);
  v_price := case when v_again then round(v_course.price * private.share_not_held(v_course.id), 2)
                  else v_course.price end;
  if v_price <= 0 then
    return;
  end if;
  perform private.issue_invoice(
    p_user_id, p_course_id, p_enrollment_id,
    jsonb_build_array(jsonb_build_object(
      'description', v_course.title || case when v_again then ' (re-enrolment: classes not yet held)' else '' end,
      'quantity', 1,
      'unit_price', v_price
    ))
  );
end
$$;

-- Statement triggers named to fire after every other statement trigger of enrollments (they fire in name
-- order): the counters are taken after the school's figures (the lock order in the header).
create function private.invoice_enrollments_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_row record;
begin
  for v_row in select n.id, n.course_id, n.user_id from new_rows n where n.status = 'active' order by n.id loop
    perform private.invoice_enrollment(v_row.id, v_row.course_id, v_row.user_id);
  end loop;
  return null;
end
$$;

create function private.invoice_enrollments_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_row record;
begin
  for v_row in
    select n.id, n.course_id, n.user_id
      from new_rows n
      left join old_rows o on o.id = n.id
     where n.status = 'active' and o.status is distinct from 'active'
     order by n.id
  loop
    perform private.invoice_enrollment(v_row.id, v_row.course_id, v_row.user_id);
  end loop;
  return null;
end
$$;

create trigger z_money_invoice_after_enrollment_insert
  after insert on public.enrollments
  referencing new table as new_rows
  for each statement execute function private.invoice_enrollments_after_insert();

create trigger z_money_invoice_after_enrollment_update
  after update on public.enrollments
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.invoice_enrollments_after_update();

-- A manual invoice (administrators): e.g. a discount agreed with the student, or a fee outside a course.
create function private.admin_issue_invoice(student_uuid uuid, lines jsonb, course_uuid uuid default null)
returns uuid
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_admin('issue invoices');
  -- The course first, as enrolling does (the lock order in the header).
  if course_uuid is not null then
    perform 1 from public.courses c where c.id = course_uuid for update;
    if not found then
      raise exception 'Course not found' using errcode = 'MN004';
    end if;
  end if;
  return private.issue_invoice(
    student_uuid, course_uuid,
    (select e.id from public.enrollments e where e.user_id = student_uuid and e.course_id = course_uuid),
    lines);
end
$$;

create function public.issue_invoice(student_uuid uuid, lines jsonb, course_uuid uuid default null)
returns uuid
language sql volatile security invoker set search_path = ''
as $$ select private.admin_issue_invoice(student_uuid, lines, course_uuid) $$;

comment on function public.issue_invoice(uuid, jsonb, uuid) is
  'Administrators: issues an invoice to a student. lines: [{description, quantity?, unit_price, discount?}]. Returns its id. Errors MN004 (student/course not found), MN005 (bad lines). Runs private.admin_issue_invoice().';

-- 5. Who reads what --------------------------------------------------------------------------------------

alter table public.invoices enable row level security;
alter table public.invoice_lines enable row level security;
alter table public.credit_notes enable row level security;

create policy "Students can view their own invoices"
  on public.invoices for select
  to authenticated
  using (student_id = (select auth.uid()));

create policy "Admins can view every invoice"
  on public.invoices for select
  to authenticated
  using ((select private.is_admin()));

create policy "Students can view the lines of their own invoices"
  on public.invoice_lines for select
  to authenticated
  using (exists (select 1 from public.invoices i where i.id = invoice_id and i.student_id = (select auth.uid())));

create policy "Admins can view every invoice line"
  on public.invoice_lines for select
  to authenticated
  using ((select private.is_admin()));

create policy "Students can view their own credit notes"
  on public.credit_notes for select
  to authenticated
  using (student_id = (select auth.uid()));

create policy "Admins can view every credit note"
  on public.credit_notes for select
  to authenticated
  using ((select private.is_admin()));

revoke all on public.invoices, public.invoice_lines, public.credit_notes from anon, authenticated;
grant select on public.invoices, public.invoice_lines, public.credit_notes to authenticated;
grant all on public.invoices, public.invoice_lines, public.credit_notes to service_role;

revoke execute on function
  private.next_document_number(text, integer),
  private.billing_today(),
  private.issue_invoice(uuid, uuid, uuid, jsonb),
  private.share_not_held(uuid),
  private.invoice_enrollment(uuid, uuid, uuid),
  private.invoice_enrollments_after_insert(),
  private.invoice_enrollments_after_update(),
  private.admin_issue_invoice(uuid, jsonb, uuid)
from public;
grant execute on function private.admin_issue_invoice(uuid, jsonb, uuid) to authenticated, service_role;
grant execute on function
  private.next_document_number(text, integer),
  private.billing_today(),
  private.issue_invoice(uuid, uuid, uuid, jsonb),
  private.share_not_held(uuid)
to service_role;
revoke execute on function public.issue_invoice(uuid, jsonb, uuid) from public, anon;
grant execute on function public.issue_invoice(uuid, jsonb, uuid) to authenticated, service_role;
