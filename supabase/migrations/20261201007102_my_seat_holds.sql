-- The student's seats held for their payment, for the catalog, the course page and My Courses (docs/money.md
-- "Payment before the seat"), in one request for every course on a screen.
--
--   public.my_seat_holds() -> rows {id, course_id, course_title, held_until, invoice_id, invoice_number,
--     amount_due, currency, time_zone}: the caller's holds still running (status held), with what is due
--     on the invoice and the school's time zone (System Settings → General; the screens write the hold's
--     end in it). Security invoker: the holds' and the invoices' RLS decide, so a student reads only their
--     own, a teacher none; an administrator reads only holds of their own account (none).
--   private.school_time_zone(): the school's time zone, for callers who do not read the settings.

create function private.school_time_zone() returns text
language sql stable security definer set search_path = ''
as $$ select private.billing_settings() ->> 'timezone' $$;

comment on function private.school_time_zone() is
  'The school''s time zone (System Settings → General → timezone, UTC by default).';

revoke execute on function private.school_time_zone() from public;
grant execute on function private.school_time_zone() to authenticated, service_role;

create function public.my_seat_holds()
returns table (id uuid, course_id uuid, course_title text, held_until timestamptz, invoice_id uuid,
               invoice_number text, amount_due numeric, currency text, time_zone text)
language sql stable security invoker set search_path = ''
as $$
  select h.id, h.course_id, c.title, h.held_until, h.invoice_id, b.number, b.due, b.currency,
         (select private.school_time_zone())
    from public.seat_holds h
    left join public.courses c on c.id = h.course_id
    left join public.invoice_balances b on b.id = h.invoice_id
   where h.student_id = (select auth.uid()) and h.status = 'held'
   order by h.held_until, h.id
$$;

comment on function public.my_seat_holds() is
  'The caller''s seats held for their payment, with the invoice, what is due on it and the school''s time zone (docs/money.md "Payment before the seat").';

revoke execute on function public.my_seat_holds() from public, anon;
grant execute on function public.my_seat_holds() to authenticated, service_role;
