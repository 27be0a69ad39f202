-- Money, issue 31 (docs/money.md "Screens: the office"): the school's currency on the office's figures.
--
-- The admin dashboard and Course Management showed their money in dollars whatever the school bills in.
-- Both answers now carry the school's billing currency (private.billing_currency(), the billing setting,
-- default EUR) beside the figures, so the screens format them in it:
--
--   public.get_admin_dashboard(period, time_zone): every key as before, plus currency.
--   public.get_course_management_stats(): every key as before, plus currency.
--
-- Both functions are restated whole (the 20261201000400_revenue bodies, unchanged otherwise); create or
-- replace keeps their grants. private.billing_currency() is security definer and granted to
-- authenticated, so a teacher reading Course Management gets the currency too (and no money).

create or replace function public.get_admin_dashboard(period text default 'month', time_zone text default 'UTC')
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
         'currency', private.billing_currency(),
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
  'Admin dashboard (administrators only): {period, period_start, previous_start, now, bucket, users{total,students,teachers,admins}, courses{total,active,active_enrollments,revenue (money received, all time),invoiced,outstanding}, classes{total,live,upcoming}, materials, current/previous{new_users,new_enrollments,revenue (received in the period''s days),invoiced,classes}, series[{start,enrollments,revenue (received)}], currency (the school''s billing currency, ISO 4217)}; period week|month|quarter|year. Revenue: docs/money.md.';

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
    -- The school's billing currency (docs/money.md): every figure above is in it.
    'currency', private.billing_currency(),
    'languages', coalesce(
      (select json_agg(l order by l) from (select distinct unnest(array_agg(c.language)) as l) ls),
      '[]'::json
    )
  )
  from public.courses c
$$;

comment on function public.get_course_management_stats() is
  'Course Management figures over the courses the caller may see: {total_courses, active_courses, total_students (distinct, active enrolments), total_revenue (money received: payments − refunds the caller may see), total_invoiced, total_outstanding, currency (the school''s billing currency), languages}.';
