-- Money, part 4 (issue 31, docs/money.md, docs/product-rules.md "Revenue"): one definition of revenue.
--
-- Revenue was the course price of every enrolment not dropped: nobody recorded who paid. It is now money
-- received, everywhere:
--
--   received    = payments (by paid_on) − refunds (by refunded_on)
--   invoiced    = invoice totals (by issued_on) − credit notes (by their issued_on)
--   credited    = credit note totals (by issued_on)
--   outstanding = what is still due on the invoices (total − credited − paid + refunded, when positive)
--
--   public.get_revenue(from_date, to_date) -> json {from_date, to_date, currency, received, payments,
--     refunds, invoiced, credited, outstanding (still due on the invoices issued in the range),
--     per_course [{course_id, title, received, invoiced, credited, outstanding}]}. Administrators only
--     (42501); dates inclusive; from_date after to_date: 22023.
--   public.get_admin_dashboard(period, time_zone): same arguments and keys; the revenue figures are now
--     received: courses.revenue (all time), current/previous.revenue (payments dated in the period's
--     days in time_zone: the days after the period's start day up to today, so current and previous never
--     share a day) and series[].revenue (by the bucket of the payment's date). Added beside them:
--     courses.invoiced and courses.outstanding (all time), current/previous.invoiced.
--     The figures by enrolment are still computed by private.admin_dashboard_by_enrolment (the former
--     body, unchanged), whose other figures (users, enrolments, classes) this returns as they were.
--   public.course_roster: revenue is the course's received money; invoiced and outstanding added at the
--     end. Administrators read the kept figures (private.money_courses, the money_figures migration);
--     a student counts their own through RLS; a teacher reads 0 without any money row being read.
--   The dashboard and Course Management's totals read private.money_days (kept by triggers) rather than
--   summing every invoice and payment.
--   public.get_course_management_stats(): total_revenue is received (the school's for administrators,
--     over the visible payments otherwise: none for a teacher); total_invoiced and total_outstanding added.

-- 1. The money of one course (security invoker: the caller's RLS decides what is counted) -------------

create function private.course_money(p_course_id uuid)
returns table (received numeric, invoiced numeric, outstanding numeric)
language sql stable security invoker set search_path = ''
as $$
  -- Administrators: the kept figures (private.money_courses). A student: counted over the invoices,
  -- payments and refunds their RLS lets through (their own). Anyone else: no row (the view reads 0).
  select m.received, m.invoiced, m.owed
    from private.money_courses m
   where m.course_id = p_course_id and (select private.is_admin())
  union all
  select
    (coalesce((select sum(p.amount) from public.payments p join public.invoices i on i.id = p.invoice_id
                where i.course_id = p_course_id), 0)
     - coalesce((select sum(r.amount) from public.refunds r join public.invoices i on i.id = r.invoice_id
                  where i.course_id = p_course_id), 0))::numeric(12, 2),
    (coalesce((select sum(i.total) from public.invoices i where i.course_id = p_course_id), 0)
     - coalesce((select sum(cn.total) from public.credit_notes cn join public.invoices i on i.id = cn.invoice_id
                  where i.course_id = p_course_id), 0))::numeric(12, 2),
    coalesce((select sum(greatest(b.due, 0)) from public.invoice_balances b where b.course_id = p_course_id),
             0)::numeric(12, 2)
   -- (A teacher sees no money: not even the course's invoices are read.)
   where not (select private.is_admin()) and (select private.current_user_role()) = 'student'
$$;

revoke execute on function private.course_money(uuid) from public;
grant execute on function private.course_money(uuid) to authenticated, service_role;

-- 2. get_revenue -----------------------------------------------------------------------------------------

create function public.get_revenue(from_date date, to_date date) returns json
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if not (select private.acts_as_admin()) then
    raise exception 'Only administrators can read revenue' using errcode = '42501';
  end if;
  if from_date is null or to_date is null or from_date > to_date then
    raise exception 'The range needs a start on or before its end' using errcode = '22023';
  end if;
  return (
    with moves as (
      select i.course_id, p.amount as received, 0::numeric as invoiced, 0::numeric as credited,
             0::numeric as outstanding, p.amount as payments, 0::numeric as refunds
        from public.payments p join public.invoices i on i.id = p.invoice_id
       where p.paid_on between from_date and to_date
      union all
      select i.course_id, -r.amount, 0, 0, 0, 0, r.amount
        from public.refunds r join public.invoices i on i.id = r.invoice_id
       where r.refunded_on between from_date and to_date
      union all
      select i.course_id, 0, i.total, 0, 0, 0, 0
        from public.invoices i
       where i.issued_on between from_date and to_date
      union all
      select i.course_id, 0, -c.total, c.total, 0, 0, 0
        from public.credit_notes c join public.invoices i on i.id = c.invoice_id
       where c.issued_on between from_date and to_date
      union all
      select b.course_id, 0, 0, 0, greatest(b.due, 0), 0, 0
        from public.invoice_balances b
       where b.issued_on between from_date and to_date and b.due > 0
    ),
    per_course as (
      select m.course_id, k.title,
             sum(m.received)::numeric(12, 2) as received, sum(m.invoiced)::numeric(12, 2) as invoiced,
             sum(m.credited)::numeric(12, 2) as credited, sum(m.outstanding)::numeric(12, 2) as outstanding
        from moves m
        left join public.courses k on k.id = m.course_id
       group by m.course_id, k.title
    )
    select json_build_object(
      'from_date', from_date,
      'to_date', to_date,
      'currency', private.billing_currency(),
      'received', coalesce(sum(m.received), 0)::numeric(12, 2),
      'payments', coalesce(sum(m.payments), 0)::numeric(12, 2),
      'refunds', coalesce(sum(m.refunds), 0)::numeric(12, 2),
      'invoiced', coalesce(sum(m.invoiced), 0)::numeric(12, 2),
      'credited', coalesce(sum(m.credited), 0)::numeric(12, 2),
      'outstanding', coalesce(sum(m.outstanding), 0)::numeric(12, 2),
      'per_course', coalesce((
        select json_agg(json_build_object('course_id', pc.course_id, 'title', pc.title, 'received', pc.received,
                                          'invoiced', pc.invoiced, 'credited', pc.credited,
                                          'outstanding', pc.outstanding)
                        order by pc.received desc, pc.title nulls last)
          from per_course pc
      ), '[]'::json)
    )
    from moves m
  );
end
$$;

comment on function public.get_revenue(date, date) is
  'Administrators: money in an inclusive date range: {from_date, to_date, currency, received (payments − refunds), payments, refunds, invoiced (invoices − credit notes), credited, outstanding (still due on invoices issued in the range), per_course[{course_id, title, received, invoiced, credited, outstanding}]}.';

revoke execute on function public.get_revenue(date, date) from public, anon;
grant execute on function public.get_revenue(date, date) to authenticated, service_role;

-- 3. The admin dashboard ---------------------------------------------------------------------------------

alter function public.get_admin_dashboard(text, text) set schema private;
alter function private.get_admin_dashboard(text, text) rename to admin_dashboard_by_enrolment;

comment on function private.admin_dashboard_by_enrolment(text, text) is
  'The admin dashboard as computed before money was recorded (revenue by enrolment); public.get_admin_dashboard replaces its revenue figures with money received.';

create function public.get_admin_dashboard(period text default 'month', time_zone text default 'UTC')
returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_base jsonb := private.admin_dashboard_by_enrolment(period, time_zone)::jsonb;
  v_tz text := coalesce(nullif(time_zone, ''), 'UTC');
  v_bucket text := v_base ->> 'bucket';
  v_today date := ((v_base ->> 'now')::timestamptz at time zone v_tz)::date;
  v_start_day date := ((v_base ->> 'period_start')::timestamptz at time zone v_tz)::date;
  v_previous_day date := ((v_base ->> 'previous_start')::timestamptz at time zone v_tz)::date;
  v_money jsonb;
begin
  -- The kept figures per day (private.money_days): at most a few hundred rows for any period.
  with days as (
    select d.day, d.received, d.invoiced from private.money_days d where d.day > v_previous_day
  )
  select jsonb_build_object(
    'all_received', coalesce((select sum(d.received) from private.money_days d), 0),
    'all_invoiced', coalesce((select sum(d.invoiced) from private.money_days d), 0),
    'all_outstanding', coalesce((select sum(d.owed) from private.money_days d), 0),
    'current_received', coalesce((select sum(x.received) from days x where x.day > v_start_day and x.day <= v_today), 0),
    'previous_received', coalesce((select sum(x.received) from days x where x.day <= v_start_day), 0),
    'current_invoiced', coalesce((select sum(x.invoiced) from days x where x.day > v_start_day and x.day <= v_today), 0),
    'previous_invoiced', coalesce((select sum(x.invoiced) from days x where x.day <= v_start_day), 0),
    'series', coalesce((
      select jsonb_object_agg(s.bucket, s.amount)
        from (select to_char(date_trunc(v_bucket, x.day::timestamp), 'YYYY-MM-DD') as bucket, sum(x.received) as amount
                from days x where x.day > v_start_day and x.day <= v_today group by 1) s
    ), '{}'::jsonb)
  ) into v_money;

  return (
    v_base
    || jsonb_build_object(
         'courses', (v_base -> 'courses') || jsonb_build_object(
           'revenue', v_money -> 'all_received',
           'invoiced', v_money -> 'all_invoiced',
           'outstanding', v_money -> 'all_outstanding'),
         'current', (v_base -> 'current') || jsonb_build_object(
           'revenue', v_money -> 'current_received', 'invoiced', v_money -> 'current_invoiced'),
         'previous', (v_base -> 'previous') || jsonb_build_object(
           'revenue', v_money -> 'previous_received', 'invoiced', v_money -> 'previous_invoiced'),
         'series', coalesce((
           select jsonb_agg(s.point || jsonb_build_object('revenue', coalesce(v_money -> 'series' -> (s.point ->> 'start'), '0'::jsonb))
                            order by s.n)
             from jsonb_array_elements(v_base -> 'series') with ordinality as s(point, n)
         ), '[]'::jsonb)
       )
  )::json;
end
$$;

comment on function public.get_admin_dashboard(text, text) is
  'Admin dashboard (administrators only): {period, period_start, previous_start, now, bucket, users{total,students,teachers,admins}, courses{total,active,active_enrollments,revenue (money received, all time),invoiced,outstanding}, classes{total,live,upcoming}, materials, current/previous{new_users,new_enrollments,revenue (received in the period''s days),invoiced,classes}, series[{start,enrollments,revenue (received)}]}; period week|month|quarter|year. Revenue: docs/money.md.';

revoke execute on function private.admin_dashboard_by_enrolment(text, text) from public;
grant execute on function private.admin_dashboard_by_enrolment(text, text) to authenticated, service_role;
revoke execute on function public.get_admin_dashboard(text, text) from public, anon;
grant execute on function public.get_admin_dashboard(text, text) to authenticated, service_role;

-- 4. Course Management -----------------------------------------------------------------------------------

create or replace view public.course_roster with (security_invoker = true) as
select
  c.id,
  c.title,
  c.description,
  c.language,
  c.category,
  c.level,
  c.duration,
  c.teacher_id,
  private.public_name(c.teacher_id) as teacher_name,
  c.price,
  c.thumbnail_url,
  c.is_active,
  c.enrolled_count,
  c.max_students,
  coalesce(money.received, 0) as revenue,
  c.created_at,
  c.updated_at,
  coalesce(roster.students, '[]'::json) as students,
  coalesce(money.invoiced, 0) as invoiced,
  coalesce(money.outstanding, 0) as outstanding
from public.courses c
-- Money of the course's invoices the caller may see (administrators: all; teachers and students: none of
-- the course's, RLS): received = payments − refunds, invoiced = totals − credits, outstanding = what is due.
left join lateral private.course_money(c.id) money on true
-- json rather than jsonb, aggregated from rows rather than built key by key: a full course's roster costs
-- a third of the time, and each student is the row's columns as keys.
left join lateral (
  select json_agg(s order by s.last_name, s.first_name, s.enrollment_id) as students
    from (
      select e.id as enrollment_id,
             e.user_id,
             e.progress,
             e.enrolled_at,
             p.first_name,
             p.last_name,
             p.email,
             p.avatar_url
        from public.enrollments e
        -- One primary-key lookup per enrollment (see the header: a join would read all users per course).
        -- Whoever sees an active enrollment also sees its student's profile.
        left join lateral (
          select u.first_name, u.last_name, u.email, u.avatar_url
            from public.users u
           where u.id = e.user_id
          offset 0
        ) p on true
       where e.course_id = c.id and e.status = 'active'
    ) s
) roster on true;

comment on view public.course_roster is
  'Course Management: courses the caller may see with teacher name, revenue (money received for the course: payments − refunds, through RLS: administrators only), invoiced, outstanding and the actively enrolled students.';

create or replace function public.get_course_management_stats() returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'total_courses', count(*),
    'active_courses', count(*) filter (where c.is_active),
    -- Administrators: the kept figures; anyone else: what their RLS lets through (a teacher: nothing).
    'total_revenue', coalesce(
      (select sum(d.received) from private.money_days d where (select private.is_admin())),
      (select sum(p.amount) from public.payments p where not (select private.is_admin()))
        - coalesce((select sum(r.amount) from public.refunds r where not (select private.is_admin())), 0),
      0
    ),
    'total_invoiced', coalesce(
      (select sum(d.invoiced) from private.money_days d where (select private.is_admin())),
      (select sum(i.total) from public.invoices i where not (select private.is_admin()))
        - coalesce((select sum(cn.total) from public.credit_notes cn where not (select private.is_admin())), 0),
      0
    ),
    'total_outstanding', coalesce(
      (select sum(d.owed) from private.money_days d where (select private.is_admin())),
      (select sum(b.due) from public.invoice_balances b where b.due > 0 and not (select private.is_admin())),
      0
    ),
    'total_students', coalesce(
      (select f.active_students from private.school_figures f where (select private.is_admin())),
      (select count(distinct e.user_id)
         from public.enrollments e
        where e.status = 'active'
          and e.course_id = any (array_agg(c.id)))
    ),
    'languages', coalesce(
      (select json_agg(l order by l) from (select distinct unnest(array_agg(c.language)) as l) ls),
      '[]'::json
    )
  )
  from public.courses c
$$;

comment on function public.get_course_management_stats() is
  'Course Management figures over the courses the caller may see: {total_courses, active_courses, total_students (distinct, active enrolments), total_revenue (money received: payments − refunds the caller may see), total_invoiced, total_outstanding, languages}.';
