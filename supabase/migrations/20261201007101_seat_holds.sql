-- Money, payment before the seat (issue 31, docs/money.md "Payment before the seat"): System Settings →
-- Billing → invoiceMode 'payment_before_seat' holds a seat in a priced course until its invoice is paid.
--
--   billing.invoiceMode    'on_enrolment' | 'payment_before_seat' (the refusal "not available yet" goes).
--   billing.seatHoldHours  whole hours 1..336 (default 48): how long a seat is held for its payment.
--
--   public.seat_holds (enrollment_id, course_id, student_id, invoice_id, held_until, status held|paid|
--     expired, ended_at): one row per seat held. The enrolment row itself stays 'dropped' while the seat
--     is held, so nothing that reads enrolments (classes, materials, activities, rosters, counts of
--     active students, revenue by enrolment) treats the held student as a student of the course: only
--     the hold knows. A student reads their own holds, administrators every hold; nobody writes them
--     but the database.
--   Holding (private.hold_seat_before_enrollment_write, a before-row trigger of enrollments): in this
--     mode, an enrolment that would become active in a priced course with something to invoice (the
--     price, or the re-activation rule's share) stays 'dropped' and gets a hold instead, whichever path
--     made it active (the student, an administrator one by one or in bulk, the waiting list, a dropped
--     enrolment made active again, trusted code). A free course, or a re-activation with nothing to
--     invoice, is enrolled at once as before. An enrolment with a seat held is made active only by its
--     payment (MN011 for anyone else).
--   Invoicing the hold (private.invoice_seat_holds, statement triggers z_money_seat_hold_after_*, named
--     after z_money_invoice_* so the counters are still taken last): the same invoice the enrolment
--     would have had, due on the hold's last day (school's time zone), issued at once; the course's seats
--     (active enrolments + seats held) are checked against max_students with the course row locked.
--   Capacity: private.taken_seats(course) = active enrolments + seats held; every check that counted
--     active enrolments counts it (enrolling, bulk enrolment, joining the waiting list, filling free
--     seats, sync_enrolled_count's guard). enrolled_count stays the active students.
--   Paying (private.insert_payment, used by record_payment and record_online_payment): on an invoice
--     with a seat held, the course and the school's figures are locked after the invoice and before the
--     money figures; when the payment leaves nothing due, the hold is 'paid' and the enrolment made
--     active in the same transaction (no second invoice: the enrolment already has an invoice with
--     nothing credited) and the student told (enrollment_confirmed).
--   Expiry: public.expire_seat_holds() (service role only; send-mail runs it on its schedule, and
--     private.has_notification_work() sees an expired hold as work): each hold past its time is
--     'expired', its invoice credited in full ("Seat hold expired"; a partial payment is left owed back
--     for the office to refund), the student told (seat_hold_expired), and the seat goes to the waiting
--     list's first (who gets a hold in turn in this mode). Lock order as a payment: the invoice (skipped
--     when locked: a payment is on it, the next run looks again), the hold, the course, the school's
--     figures, then the credit note's counters and money figures. Two runs at once expire a hold once.

-- 1. Settings --------------------------------------------------------------------------------------------

create or replace function private.app_settings_defaults() returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'general', jsonb_build_object(
      'siteName', 'Lingua Academy',
      'siteDescription', 'Spanish and English courses for work and everyday life',
      'defaultLanguage', 'en',
      'timezone', 'UTC',
      'dateFormat', 'MM/DD/YYYY',
      'contactEmail', ''
    ),
    'notifications', jsonb_build_object(
      'emailNotifications', true,
      'pushNotifications', true,
      'smsNotifications', false,
      'weeklyReports', true,
      'enrollmentAlerts', true
    ),
    'security', jsonb_build_object(
      'twoFactorAuth', false,
      'sessionTimeout', 30,
      'passwordExpiry', 90,
      'maxLoginAttempts', 5
    ),
    'appearance', jsonb_build_object(
      'theme', 'light',
      'primaryColor', '#3B82F6',
      'secondaryColor', '#10B981',
      'accentColor', '#F59E0B'
    ),
    'email', jsonb_build_object(
      'smtpHost', '',
      'smtpPort', 587,
      'smtpUsername', '',
      'fromEmail', 'noreply@lingua-academy.com',
      'fromName', 'Lingua Academy'
    ),
    'billing', jsonb_build_object(
      'currency', 'EUR',
      'legalName', '',
      'address', '',
      'taxId', '',
      'taxRate', 0,
      'invoiceMode', 'on_enrolment',
      'seatHoldHours', 48,
      'refundOnDrop', 'pro_rata_classes_held',
      'paymentTermsDays', 14
    )
  )
$$;

comment on column public.app_settings.billing is
  'currency (ISO 4217), legalName, address, taxId, taxRate (0–100 %), invoiceMode (on_enrolment|payment_before_seat), seatHoldHours (1–336), refundOnDrop (full|pro_rata_classes_held|none), paymentTermsDays (0–365).';

create or replace function private.validate_billing_settings() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_billing jsonb;
begin
  v_billing := private.settings_group('billing', new.billing);

  if (v_billing ->> 'currency') !~ '^[A-Z]{3}$' then
    raise exception 'Currency must be a three-letter ISO 4217 code such as EUR' using errcode = '23514';
  end if;
  if char_length(v_billing ->> 'legalName') > 200 then
    raise exception 'Legal name can have at most 200 characters' using errcode = '23514';
  end if;
  if char_length(v_billing ->> 'address') > 500 then
    raise exception 'Address can have at most 500 characters' using errcode = '23514';
  end if;
  if char_length(v_billing ->> 'taxId') > 50 then
    raise exception 'Tax id can have at most 50 characters' using errcode = '23514';
  end if;
  if (v_billing ->> 'taxRate')::numeric not between 0 and 100
     or (v_billing ->> 'taxRate')::numeric <> round((v_billing ->> 'taxRate')::numeric, 2) then
    raise exception 'Tax rate must be a percentage between 0 and 100 with at most two decimals'
      using errcode = '23514';
  end if;
  if v_billing ->> 'invoiceMode' not in ('on_enrolment', 'payment_before_seat') then
    raise exception 'Invoice mode must be on_enrolment or payment_before_seat' using errcode = '23514';
  end if;
  if not private.settings_integer_between(v_billing -> 'seatHoldHours', 1, 336) then
    raise exception 'A seat is held between 1 and 336 hours' using errcode = '23514';
  end if;
  if v_billing ->> 'refundOnDrop' not in ('full', 'pro_rata_classes_held', 'none') then
    raise exception 'Refund on drop must be full, pro_rata_classes_held or none' using errcode = '23514';
  end if;
  if not private.settings_integer_between(v_billing -> 'paymentTermsDays', 0, 365) then
    raise exception 'Payment terms must be between 0 and 365 days' using errcode = '23514';
  end if;

  new.billing := v_billing;
  return new;
end
$$;

-- The stored group gains its new key (validated on the way).
update public.app_settings s set billing = s.billing where s.id = 1;

-- 2. The holds -------------------------------------------------------------------------------------------

create table public.seat_holds (
  id uuid primary key default gen_random_uuid(),
  -- Written by the enrolment's before-row trigger, before its row exists: checked at commit.
  enrollment_id uuid not null references public.enrollments (id) on delete cascade deferrable initially deferred,
  course_id uuid not null references public.courses (id) on delete cascade,
  student_id uuid not null references public.users (id) on delete cascade,
  invoice_id uuid references public.invoices (id) on delete set null,
  held_until timestamptz not null,
  status text not null default 'held' check (status in ('held', 'paid', 'expired')),
  created_at timestamptz not null default now(),
  ended_at timestamptz,
  constraint seat_holds_ended check ((status = 'held') = (ended_at is null))
);

comment on table public.seat_holds is
  'Seats held for their payment (billing.invoiceMode payment_before_seat): the enrolment stays dropped until the invoice is paid in full (status paid, enrolment active) or the hold ends unpaid (status expired, invoice credited). Written by the database only.';

create unique index seat_holds_one_held_idx on public.seat_holds (enrollment_id) where status = 'held';
create index seat_holds_enrollment_id_idx on public.seat_holds (enrollment_id);
create index seat_holds_course_held_idx on public.seat_holds (course_id) where status = 'held';
create index seat_holds_due_idx on public.seat_holds (held_until) where status = 'held';
create index seat_holds_student_id_idx on public.seat_holds (student_id, created_at desc);
create index seat_holds_invoice_id_idx on public.seat_holds (invoice_id);
-- A hold waits for its invoice only within the statement that made it: the enrolments' update trigger
-- (which also fires for every progress refresh) looks here first and is done when there is none.
create index seat_holds_uninvoiced_idx on public.seat_holds (enrollment_id) where status = 'held' and invoice_id is null;

alter table public.seat_holds enable row level security;

create policy "Students can view their own seat holds"
  on public.seat_holds for select
  to authenticated
  using (student_id = (select auth.uid()));

create policy "Admins can view every seat hold"
  on public.seat_holds for select
  to authenticated
  using ((select private.is_admin()));

revoke all on public.seat_holds from anon, authenticated;
grant select on public.seat_holds to authenticated;
grant all on public.seat_holds to service_role;

insert into public.notification_kinds (kind, in_app_default, email_default)
values ('seat_hold_expired', true, true);

-- 3. Seats taken -----------------------------------------------------------------------------------------

create function private.taken_seats(p_course_id uuid) returns integer
language sql stable security definer set search_path = ''
as $$
  select (select count(*) from public.enrollments e where e.course_id = p_course_id and e.status = 'active')::integer
       + (select count(*) from public.seat_holds h where h.course_id = p_course_id and h.status = 'held')::integer
$$;

comment on function private.taken_seats(uuid) is
  'Seats taken in a course: active enrolments plus seats held for their payment (what max_students bounds).';

-- What making this enrolment active would invoice (invoice_enrollment's rule): the price, or after a drop
-- that credited something the share of classes not yet held; 0 when nothing (a free course, an invoice
-- with nothing credited already there, every class held).
create function private.enrollment_charge(p_enrollment_id uuid, p_course_id uuid,
                                          out price numeric, out again boolean, out title text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_course public.courses%rowtype;
begin
  price := 0;
  again := false;
  select * into v_course from public.courses c where c.id = p_course_id;
  if not found or v_course.price <= 0 then
    return;
  end if;
  title := v_course.title;
  if exists (
    select 1 from public.invoices i
     where i.enrollment_id = p_enrollment_id
       and not exists (select 1 from public.credit_notes cn where cn.invoice_id = i.id)
  ) then
    return;
  end if;
  again := exists (select 1 from public.invoices i where i.enrollment_id = p_enrollment_id);
  price := case when again then round(v_course.price * private.share_not_held(v_course.id), 2)
                else v_course.price end;
end
$$;

-- 4. Holding a seat --------------------------------------------------------------------------------------

create function private.hold_seat_before_enrollment_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_billing jsonb;
  v_charge record;
begin
  if new.status <> 'active' or (tg_op = 'UPDATE' and old.status = 'active') then
    return new;
  end if;
  -- The payment of its hold makes it active (private.confirm_seat_hold).
  if current_setting('portal.seat_paid', true) = new.id::text then
    return new;
  end if;
  -- An insert that meets the student's row (on conflict do nothing, or a unique violation) holds nothing.
  if tg_op = 'INSERT' and exists (
    select 1 from public.enrollments e where e.course_id = new.course_id and e.user_id = new.user_id
  ) then
    return new;
  end if;
  if tg_op = 'UPDATE'
     and exists (select 1 from public.seat_holds h where h.enrollment_id = new.id and h.status = 'held') then
    raise exception 'This seat is held until its invoice is paid' using errcode = 'MN011';
  end if;
  v_billing := private.billing_settings();
  if v_billing ->> 'invoiceMode' is distinct from 'payment_before_seat' then
    return new;
  end if;
  select * into v_charge from private.enrollment_charge(new.id, new.course_id);
  if v_charge.price <= 0 then
    return new;
  end if;
  -- The course first (the lock every enrolment path takes before its enrolment's figures).
  perform 1 from public.courses c where c.id = new.course_id for update;
  new.status := 'dropped';
  insert into public.seat_holds (enrollment_id, course_id, student_id, held_until)
  values (new.id, new.course_id, new.user_id,
          now() + make_interval(hours => (v_billing ->> 'seatHoldHours')::integer));
  return new;
end
$$;

create trigger seat_hold_before_enrollment_write
  before insert or update of status on public.enrollments
  for each row execute function private.hold_seat_before_enrollment_write();

-- issue_invoice as before, with one change: the due date may be given (portal.invoice_due_on, for the
-- day a hold ends) instead of the payment terms.
create or replace function private.issue_invoice(p_student_id uuid, p_course_id uuid, p_enrollment_id uuid, p_lines jsonb)
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
  v_due date := nullif(current_setting('portal.invoice_due_on', true), '')::date;
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
    greatest(v_today, coalesce(v_due, v_today + (v_billing ->> 'paymentTermsDays')::integer)),
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

-- The holds the statement made: checked against the course's places (its row locked by the before
-- trigger), invoiced at once (due on the hold's last day), and the student leaves the course's waiting
-- list. Named after z_money_invoice_*: the counters are taken after everything else.
create function private.invoice_seat_holds() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_hold record;
  v_charge record;
  v_invoice uuid;
begin
  if not exists (select 1 from public.seat_holds h where h.status = 'held' and h.invoice_id is null) then
    return null;
  end if;
  for v_hold in
    select h.id, h.enrollment_id, h.course_id, h.student_id, h.held_until
      from public.seat_holds h
      join new_rows n on n.id = h.enrollment_id
     where h.status = 'held' and h.invoice_id is null
     order by n.id
  loop
    if exists (
      select 1 from public.courses c
       where c.id = v_hold.course_id and private.taken_seats(c.id) > c.max_students
    ) then
      raise exception 'This course is full' using errcode = '23514';
    end if;
    select * into v_charge from private.enrollment_charge(v_hold.enrollment_id, v_hold.course_id);
    perform set_config('portal.invoice_due_on',
                       ((v_hold.held_until at time zone (private.billing_settings() ->> 'timezone'))::date)::text,
                       true);
    v_invoice := private.issue_invoice(
      v_hold.student_id, v_hold.course_id, v_hold.enrollment_id,
      jsonb_build_array(jsonb_build_object(
        'description', v_charge.title
                       || case when v_charge.again then ' (re-enrolment: classes not yet held)' else '' end,
        'quantity', 1,
        'unit_price', v_charge.price
      )));
    perform set_config('portal.invoice_due_on', '', true);
    update public.seat_holds h set invoice_id = v_invoice where h.id = v_hold.id;
    delete from public.waiting_list w where w.course_id = v_hold.course_id and w.student_id = v_hold.student_id;
  end loop;
  return null;
end
$$;

create trigger z_money_seat_hold_after_enrollment_insert
  after insert on public.enrollments
  referencing new table as new_rows
  for each statement execute function private.invoice_seat_holds();

create trigger z_money_seat_hold_after_enrollment_update
  after update on public.enrollments
  referencing new table as new_rows
  for each statement execute function private.invoice_seat_holds();

-- The capacity guard counts seats held too (otherwise as in the enrollments migration).
create or replace function private.sync_enrolled_count(course_ids uuid[], activated_course_ids uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform 1 from public.courses c where c.id = any (course_ids) order by c.id for update;

  update public.courses c
     set enrolled_count = coalesce(counted.active, 0)
    from unnest(course_ids) as ids (id)
    left join (
      select e.course_id, count(*)::integer as active
        from public.enrollments e
       where e.course_id = any (course_ids) and e.status = 'active'
       group by e.course_id
    ) counted on counted.course_id = ids.id
   where c.id = ids.id
     and c.enrolled_count is distinct from coalesce(counted.active, 0);

  if exists (
    select 1 from public.courses c
     where c.id = any (activated_course_ids)
       and c.enrolled_count
           + (select count(*) from public.seat_holds h where h.course_id = c.id and h.status = 'held')
           > c.max_students
  ) then
    raise exception 'This course is full' using errcode = '23514';
  end if;
end
$$;

-- 5. Enrolling: seats held count, and the answer says when the seat is held --------------------------------

create or replace function private.enroll_user_in_course(user_uuid uuid, course_uuid uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_self boolean := user_uuid is not null and user_uuid = (select auth.uid());
  v_student public.users%rowtype;
  v_course public.courses%rowtype;
  v_enrollment public.enrollments%rowtype;
  v_id uuid;
  v_status text;
  v_hold public.seat_holds%rowtype;
begin
  if not v_self and not (select private.acts_as_admin()) then
    return json_build_object('success', false, 'error', 'You can only enroll yourself in a course');
  end if;

  select * into v_student from public.users u where u.id = user_uuid;
  if not found then
    return json_build_object('success', false, 'error', 'User not found');
  end if;
  if v_student.role <> 'student' or not v_student.is_active then
    return json_build_object('success', false, 'error', 'Only active students can enroll in courses');
  end if;

  -- Serialises enrollments in this course until commit (see sync_enrolled_count).
  select * into v_course from public.courses c where c.id = course_uuid for update;
  if not found then
    return json_build_object('success', false, 'error', 'Course not found');
  end if;
  if not v_course.is_active then
    return json_build_object('success', false, 'error', 'This course is not open for enrollment');
  end if;

  select * into v_enrollment from public.enrollments e where e.course_id = course_uuid and e.user_id = user_uuid;
  if found and v_enrollment.status = 'active' then
    return json_build_object(
      'success', false,
      'error', case when v_self then 'You are already enrolled in this course'
                    else 'This student is already enrolled in this course' end
    );
  end if;
  if found and v_enrollment.status = 'completed' then
    return json_build_object(
      'success', false,
      'error', case when v_self then 'You have already completed this course'
                    else 'This student has already completed this course' end
    );
  end if;
  if found and exists (select 1 from public.seat_holds h where h.enrollment_id = v_enrollment.id and h.status = 'held') then
    return json_build_object(
      'success', false,
      'error', case when v_self then 'Your seat in this course is already held until its invoice is paid'
                    else 'This student''s seat is already held until its invoice is paid' end
    );
  end if;

  if private.taken_seats(course_uuid) >= v_course.max_students then
    return json_build_object('success', false, 'error', 'This course is full');
  end if;

  if v_enrollment.id is not null then
    update public.enrollments
       set status = 'active', enrolled_at = now()
     where id = v_enrollment.id
     returning id, status into v_id, v_status;
  else
    insert into public.enrollments (course_id, user_id) values (course_uuid, user_uuid)
    returning id, status into v_id, v_status;
  end if;
  if v_status = 'active' then
    return json_build_object('success', true, 'enrollment_id', v_id);
  end if;
  -- The seat is held for its payment (billing.invoiceMode payment_before_seat).
  select * into v_hold from public.seat_holds h where h.enrollment_id = v_id and h.status = 'held';
  return json_build_object('success', true, 'enrollment_id', v_id, 'held', true,
                           'held_until', v_hold.held_until, 'invoice_id', v_hold.invoice_id,
                           'time_zone', private.billing_settings() ->> 'timezone');
end
$$;

comment on function public.enroll_user_in_course(uuid, uuid) is
  'Enrols user_uuid in course_uuid (self, or anyone for admins). Returns {success, error?, enrollment_id?, held?, held_until?, invoice_id?, time_zone?}: held when the school asks for payment before the seat (the seat is held until held_until, paying invoice_id confirms it; time_zone the school''s, to write it in). Runs private.enroll_user_in_course().';

create or replace function private.enroll_students_in_course(course_uuid uuid, emails text[]) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_course public.courses%rowtype;
  v_missing boolean;
  v_seats integer;
  v_rows jsonb;
begin
  perform private.require_admin('enrol students in bulk');
  if emails is null or cardinality(emails) = 0 or cardinality(emails) > 1000 then
    raise exception 'A list of 1 to 1000 emails is required' using errcode = '22023';
  end if;

  select * into v_course from public.courses c where c.id = course_uuid for update;
  v_missing := not found;
  if v_missing or not v_course.is_active then
    return json_build_object(
      'success', false,
      'error', case when v_missing then 'course_not_found' else 'course_closed' end,
      'enrolled', 0, 'seats_left', 0, 'rows', '[]'::json
    );
  end if;

  v_seats := greatest(v_course.max_students - private.taken_seats(course_uuid), 0);

  with input as (
    select given.position, btrim(given.raw) as email, lower(btrim(given.raw)) as address
      from unnest(emails) with ordinality as given (raw, position)
  ),
  classified as (
    select i.position, i.email, u.id as user_id,
           case
             when i.address !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then 'invalid_email'
             when i.position > min(i.position) over (partition by i.address) then 'duplicate'
             when u.id is null then 'unknown_email'
             when u.role <> 'student' then 'not_student'
             when not u.is_active then 'inactive'
             when e.status = 'active' then 'already_enrolled'
             when e.status = 'completed' then 'already_completed'
             -- A seat held for its payment is taken already.
             when exists (select 1 from public.seat_holds h where h.enrollment_id = e.id and h.status = 'held')
               then 'already_enrolled'
             else 'ready'
           end as status
      from input i
      left join public.users u on lower(u.email) = i.address
      left join public.enrollments e on e.course_id = course_uuid and e.user_id = u.id
  ),
  seated as (
    select c.position, c.email, c.user_id,
           case
             when c.status = 'ready'
                  and count(*) filter (where c.status = 'ready') over (order by c.position) > v_seats
               then 'course_full'
             else c.status
           end as status
      from classified c
  )
  select jsonb_agg(
           jsonb_build_object('email', s.email, 'user_id', s.user_id, 'status', s.status)
           order by s.position
         )
    into v_rows
    from seated s;

  if exists (select 1 from jsonb_array_elements(v_rows) r where r ->> 'status' <> 'ready') then
    return json_build_object(
      'success', false, 'error', null, 'enrolled', 0, 'seats_left', v_seats, 'rows', v_rows
    );
  end if;

  update public.enrollments e
     set status = 'active', enrolled_at = now()
   where e.course_id = course_uuid
     and e.status = 'dropped'
     and e.user_id in (select (r ->> 'user_id')::uuid from jsonb_array_elements(v_rows) r);
  insert into public.enrollments (course_id, user_id)
  select course_uuid, (r ->> 'user_id')::uuid
    from jsonb_array_elements(v_rows) r
  on conflict (course_id, user_id) do nothing;

  return json_build_object(
    'success', true,
    'error', null,
    'enrolled', jsonb_array_length(v_rows),
    'seats_left', v_seats - jsonb_array_length(v_rows),
    'rows', (
      select jsonb_agg(r.value || '{"status": "enrolled"}'::jsonb order by r.position)
        from jsonb_array_elements(v_rows) with ordinality as r (value, position)
    )
  );
end
$$;

-- 6. The waiting list counts seats held ------------------------------------------------------------------

create or replace function private.join_waiting_list(course_uuid uuid) returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_course public.courses%rowtype;
  v_enrollment public.enrollments%rowtype;
begin
  if v_uid is null or (select private.current_user_role()) is distinct from 'student' then
    return json_build_object('success', false, 'error', 'only_active_students');
  end if;

  select * into v_course from public.courses c where c.id = course_uuid for update;
  if not found then
    return json_build_object('success', false, 'error', 'course_not_found');
  end if;
  if not v_course.is_active then
    return json_build_object('success', false, 'error', 'course_closed');
  end if;

  select * into v_enrollment from public.enrollments e where e.course_id = course_uuid and e.user_id = v_uid;
  if v_enrollment.status = 'active'
     or exists (select 1 from public.seat_holds h where h.enrollment_id = v_enrollment.id and h.status = 'held') then
    return json_build_object('success', false, 'error', 'already_enrolled');
  end if;
  if v_enrollment.status = 'completed' then
    return json_build_object('success', false, 'error', 'already_completed');
  end if;

  if private.taken_seats(course_uuid) < v_course.max_students then
    return json_build_object('success', false, 'error', 'course_not_full');
  end if;

  insert into public.waiting_list (course_id, student_id) values (course_uuid, v_uid)
  on conflict (course_id, student_id) do nothing;
  if not found then
    return json_build_object('success', false, 'error', 'already_waiting');
  end if;
  return json_build_object('success', true, 'position', private.waiting_position(course_uuid, v_uid));
end
$$;

-- As in the waiting list migration, with the free places counting seats held; a seat given in the
-- payment-before-seat mode is held (its hold's end goes with the notification as heldUntil).
create or replace function private.fill_free_seats(course_ids uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_course public.courses%rowtype;
  v_entry public.waiting_list%rowtype;
  v_free integer;
  v_enrollment_id uuid;
  v_held_until timestamptz;
begin
  for v_course in
    select * from public.courses c where c.id = any (course_ids) order by c.id for update
  loop
    continue when not v_course.is_active;
    loop
      v_free := v_course.max_students - private.taken_seats(v_course.id);
      exit when v_free <= 0;

      select w.* into v_entry
        from public.waiting_list w
        join public.users u on u.id = w.student_id and u.is_active and u.role = 'student'
       where w.course_id = v_course.id
       order by w.created_at, w.id
       limit 1
         for update of w;
      if not found then
        exit when not exists (
          select 1 from public.waiting_list w
            join public.users u on u.id = w.student_id and u.is_active and u.role = 'student'
           where w.course_id = v_course.id
        );
        continue;
      end if;

      perform set_config('portal.seat_from_waiting_list', v_entry.student_id::text, true);
      v_enrollment_id := null;
      update public.enrollments e
         set status = 'active', enrolled_at = now()
       where e.course_id = v_course.id and e.user_id = v_entry.student_id and e.status = 'dropped'
         and not exists (select 1 from public.seat_holds h where h.enrollment_id = e.id and h.status = 'held')
       returning e.id into v_enrollment_id;
      if v_enrollment_id is null
         and not exists (select 1 from public.enrollments e
                          where e.course_id = v_course.id and e.user_id = v_entry.student_id) then
        insert into public.enrollments (course_id, user_id) values (v_course.id, v_entry.student_id)
        on conflict (course_id, user_id) do nothing
        returning id into v_enrollment_id;
      end if;
      perform set_config('portal.seat_from_waiting_list', '', true);
      delete from public.waiting_list w where w.id = v_entry.id;

      if v_enrollment_id is not null then
        select h.held_until into v_held_until
          from public.seat_holds h where h.enrollment_id = v_enrollment_id and h.status = 'held';
        perform private.notify(array[v_entry.student_id], 'waitlist_seat_offered', v_course.id, v_enrollment_id,
                               jsonb_build_object('courseTitle', v_course.title)
                               || case when v_held_until is null then '{}'::jsonb
                                       else jsonb_build_object('heldUntil', v_held_until) end);
      end if;
    end loop;
  end loop;
end
$$;

-- 7. Paying confirms the seat ----------------------------------------------------------------------------

-- Told as enrollment_confirmed by confirm_seat_hold itself (whoever pays, the card provider included).
create or replace function private.notify_enrollment_confirmed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.status <> 'active' or (select private.is_trusted_caller()) then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.status = 'active' then
    return null;
  end if;
  if current_setting('portal.seat_from_waiting_list', true) = new.user_id::text then
    return null;
  end if;
  if current_setting('portal.seat_paid', true) = new.id::text then
    return null;
  end if;
  perform private.notify(array[new.user_id], 'enrollment_confirmed', new.course_id, new.id,
                         jsonb_build_object(
                           'courseTitle', (select co.title from public.courses co where co.id = new.course_id)));
  return null;
end
$$;

-- The hold is paid: the enrolment becomes active (no second invoice: it has one with nothing credited).
-- Called with the invoice, the hold, the course and the school's figures locked (insert_payment).
create function private.confirm_seat_hold(p_hold_id uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_hold public.seat_holds%rowtype;
begin
  update public.seat_holds h set status = 'paid', ended_at = now()
   where h.id = p_hold_id and h.status = 'held'
   returning * into v_hold;
  if not found then
    return;
  end if;
  perform set_config('portal.seat_paid', v_hold.enrollment_id::text, true);
  update public.enrollments e
     set status = 'active', enrolled_at = now()
   where e.id = v_hold.enrollment_id and e.status = 'dropped';
  perform set_config('portal.seat_paid', '', true);
  perform private.notify(array[v_hold.student_id], 'enrollment_confirmed', v_hold.course_id, v_hold.enrollment_id,
                         jsonb_build_object(
                           'courseTitle', (select co.title from public.courses co where co.id = v_hold.course_id)));
end
$$;

create or replace function private.insert_payment(p_invoice_id uuid, p_amount numeric, p_method text, p_paid_on date,
                                                  p_reference text, p_event text)
returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  v_invoice public.invoices;
  v_due numeric;
  v_id uuid;
  v_hold public.seat_holds%rowtype;
begin
  perform private.check_amount(p_amount);
  perform private.check_method(p_method);
  v_invoice := private.lock_invoice(p_invoice_id);
  -- A seat held on this invoice: the hold, its course and the school's figures before the money figures
  -- (the payment's own), so that confirming the seat below takes no lock an enrolment holds first.
  select * into v_hold from public.seat_holds h where h.invoice_id = p_invoice_id and h.status = 'held' for update;
  if found then
    perform 1 from public.courses c where c.id = v_hold.course_id for update;
    perform private.lock_school_figures();
  end if;
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
  if v_hold.id is not null and p_amount >= v_due then
    perform private.confirm_seat_hold(v_hold.id);
  end if;
  return v_id;
end
$$;

-- 8. Expiry ----------------------------------------------------------------------------------------------

create function private.expire_seat_holds() returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  v_candidate record;
  v_hold public.seat_holds%rowtype;
  v_course public.courses%rowtype;
  v_uncredited numeric;
  v_count integer := 0;
begin
  if not (select private.is_trusted_caller()) then
    raise exception 'Only the schedule ends seat holds' using errcode = '42501';
  end if;
  for v_candidate in
    select h.id, h.invoice_id
      from public.seat_holds h
     where h.status = 'held' and h.held_until <= now()
     order by h.held_until, h.id
     limit 200
  loop
    -- The lock order of a payment: the invoice first (one being paid right now is left to the next run).
    if v_candidate.invoice_id is not null then
      perform 1 from public.invoices i where i.id = v_candidate.invoice_id for update skip locked;
      continue when not found;
    end if;
    select * into v_hold from public.seat_holds h where h.id = v_candidate.id for update;
    continue when not found or v_hold.status <> 'held' or v_hold.held_until > now();
    select * into v_course from public.courses c where c.id = v_hold.course_id for update;
    perform private.lock_school_figures();

    update public.seat_holds h set status = 'expired', ended_at = now() where h.id = v_hold.id;
    if v_hold.invoice_id is not null then
      select i.total - coalesce((select sum(c.total) from public.credit_notes c where c.invoice_id = i.id), 0)
        into v_uncredited
        from public.invoices i where i.id = v_hold.invoice_id;
      if v_uncredited > 0 then
        perform private.insert_credit_note(v_hold.invoice_id, v_uncredited, 'Seat hold expired');
      end if;
    end if;
    perform private.notify(array[v_hold.student_id], 'seat_hold_expired', v_hold.course_id, v_hold.enrollment_id,
                           jsonb_build_object('courseTitle', v_course.title, 'heldUntil', v_hold.held_until));
    perform private.fill_free_seats(array[v_hold.course_id]);
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;

create function public.expire_seat_holds() returns integer
language sql volatile security invoker set search_path = ''
as $$ select private.expire_seat_holds() $$;

comment on function public.expire_seat_holds() is
  'Service role only (send-mail, on its schedule): ends every seat hold past its time (invoice credited in full, student told, seat to the waiting list''s first); answers how many. Runs private.expire_seat_holds().';

-- The local outbox's check: an expired hold is work too.
create or replace function private.has_notification_work() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from private.notification_mail m
                  where m.locked_until is null or m.locked_until <= now())
      or exists (select 1 from private.due_reminders())
      or exists (select 1 from private.overdue_reminder_sweep s
                  where s.swept_at <= now() - interval '1 hour')
      or exists (select 1 from public.seat_holds h where h.status = 'held' and h.held_until <= now())
$$;

-- 9. Grants ----------------------------------------------------------------------------------------------

revoke execute on function
  private.taken_seats(uuid),
  private.enrollment_charge(uuid, uuid),
  private.hold_seat_before_enrollment_write(),
  private.invoice_seat_holds(),
  private.confirm_seat_hold(uuid),
  private.expire_seat_holds()
from public;
grant execute on function private.expire_seat_holds() to service_role;
revoke execute on function public.expire_seat_holds() from public, anon, authenticated;
grant execute on function public.expire_seat_holds() to service_role;
