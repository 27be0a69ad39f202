-- Money, issue 31 (docs/money.md "Currency shown on prices"): the school's currency on every price.
--
-- Course prices were printed in dollars everywhere but the office's money screens, whatever the school
-- bills in. Every page already reads get_public_settings() (the branding and theme, once per page
-- load), so the school's billing currency joins that answer and every screen formats prices in it
-- without a read of its own:
--
--   private.get_public_settings(): every key as before, plus currency (billing.currency, ISO 4217,
--   default EUR), for anonymous visitors and every signed-in role alike.
--
-- Only the currency code leaves the billing group: the legal name, address, tax id, tax rate, invoice
-- mode, refund rule and payment terms stay readable by administrators only (get_app_settings). The
-- function is restated whole (the 20261129000502_school_contact body plus the one key); create or
-- replace keeps its grants, and public.get_public_settings() still runs it.

create or replace function private.get_public_settings() returns json
language sql stable security definer set search_path = ''
as $$
  select (
    jsonb_build_object(
      'siteName', s.general -> 'siteName',
      'defaultLanguage', s.general -> 'defaultLanguage',
      'contactEmail', coalesce(s.general -> 'contactEmail', '""'::jsonb),
      'theme', s.appearance -> 'theme',
      'primaryColor', s.appearance -> 'primaryColor',
      'secondaryColor', s.appearance -> 'secondaryColor',
      'accentColor', s.appearance -> 'accentColor',
      -- The code only (private.billing_currency(): the billing group completed from its defaults).
      'currency', to_jsonb(private.billing_currency())
    )
    || case
         when (select auth.uid()) is not null
           then jsonb_build_object('sessionTimeout', s.security -> 'sessionTimeout')
         else '{}'::jsonb
       end
  )::json
  from public.app_settings s
  where s.id = 1
$$;

comment on function private.get_public_settings() is
  'Branding and theme for every visitor: {siteName, defaultLanguage, contactEmail, theme, primaryColor, secondaryColor, accentColor, currency (the school''s billing currency, ISO 4217; no other billing setting)}; signed-in callers also get {sessionTimeout}.';

comment on function public.get_public_settings() is
  'Branding and theme for every visitor: {siteName, defaultLanguage, contactEmail, theme, primaryColor, secondaryColor, accentColor, currency}; signed-in callers also get {sessionTimeout}. Runs private.get_public_settings().';
