-- Money, the office's invoice drawer (docs/money.md "Screens: the office"): an invoice read with its
-- balance, lines, credit notes, payments and refunds in one request.
--
--   public.balance(public.invoices): computed relationship, the invoice's invoice_balances row (embed as
--     balance:balance(...)); security invoker, so it shows what the reader's RLS lets through.

create function public.balance(public.invoices)
returns setof public.invoice_balances rows 1
language sql stable security invoker set search_path = ''
as $$
  select * from public.invoice_balances b where b.id = $1.id
$$;

comment on function public.balance(public.invoices) is
  'Computed relationship: the invoice''s balance row (credited, paid, refunded, due, status; embed as balance:balance(...)).';

revoke execute on function public.balance(public.invoices) from public, anon;
grant execute on function public.balance(public.invoices) to authenticated, service_role;
