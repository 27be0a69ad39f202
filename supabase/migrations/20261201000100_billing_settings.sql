-- Money, part 1 (issue 31, docs/money.md): the `billing` settings group.
--
-- System Settings gains a `billing` group, validated here like the others (settings_group completes it
-- from the defaults and refuses unknown keys and wrong JSON types), written by administrators only (the
-- settings row's update policy), read in full by administrators through get_app_settings(). Students do
-- not read the settings: what their invoice prints (the school's legal name, address, tax id, currency,
-- tax rate) is copied onto each invoice when it is issued (the invoices migration), so a later change of
-- settings never rewrites an issued invoice.
--
--   billing.currency          ISO 4217 code, three capital letters (default EUR).
--   billing.legalName         the school's legal name on invoices ('' falls back to general.siteName).
--   billing.address           postal address printed on invoices (at most 500 characters).
--   billing.taxId             tax identification number (at most 50 characters).
--   billing.taxRate           percent 0..100 with at most two decimals (default 0), added to each line.
--   billing.invoiceMode       'on_enrolment' (the only mode built). 'payment_before_seat' (a seat held
--                             until paid) is refused with a clear error until it is built, so no setting
--                             does nothing.
--   billing.refundOnDrop      'full' | 'pro_rata_classes_held' | 'none' (default pro_rata_classes_held):
--                             the credit note a drop issues (the payments migration).
--   billing.paymentTermsDays  whole days 0..365 (default 14): due date = issue date + terms.
--
--   private.billing_settings() -> jsonb: the group, completed from the defaults, for the money functions.

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
      'refundOnDrop', 'pro_rata_classes_held',
      'paymentTermsDays', 14
    )
  )
$$;

alter table public.app_settings
  add column billing jsonb not null default (private.app_settings_defaults() -> 'billing');

comment on column public.app_settings.billing is
  'currency (ISO 4217), legalName, address, taxId, taxRate (0–100 %), invoiceMode (on_enrolment), refundOnDrop (full|pro_rata_classes_held|none), paymentTermsDays (0–365).';

grant update (billing) on public.app_settings to authenticated;

-- Triggers of one event fire in name order: after validate_app_settings, before validate_school_contact.
create function private.validate_billing_settings() returns trigger
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
  if v_billing ->> 'invoiceMode' = 'payment_before_seat' then
    raise exception 'Payment before the seat is confirmed is not available yet: invoices are issued on enrolment'
      using errcode = '23514';
  end if;
  if v_billing ->> 'invoiceMode' <> 'on_enrolment' then
    raise exception 'Invoice mode must be on_enrolment' using errcode = '23514';
  end if;
  if v_billing ->> 'refundOnDrop' not in ('full', 'pro_rata_classes_held', 'none') then
    raise exception 'Refund on drop must be full, pro_rata_classes_held or none' using errcode = '23514';
  end if;
  if not private.settings_integer_between(v_billing -> 'paymentTermsDays', 0, 365) then
    raise exception 'Payment terms must be between 0 and 365 days' using errcode = '23514';
  end if;

  -- Stored normalised (taxRate as a number with its two decimals at most).
  new.billing := v_billing;
  return new;
end
$$;

revoke execute on function private.validate_billing_settings() from public;

create trigger validate_billing_settings
  before insert or update on public.app_settings
  for each row execute function private.validate_billing_settings();

-- The group the money functions read (completed from the defaults, whatever the row holds).
create function private.billing_settings() returns jsonb
language sql stable security definer set search_path = ''
as $$
  select (private.app_settings_defaults() -> 'billing')
         || coalesce((select s.billing from public.app_settings s where s.id = 1), '{}'::jsonb)
         || jsonb_build_object(
              'schoolName',
              coalesce(nullif(btrim((select s.billing ->> 'legalName' from public.app_settings s where s.id = 1)), ''),
                       (select s.general ->> 'siteName' from public.app_settings s where s.id = 1)),
              'timezone',
              coalesce((select s.general ->> 'timezone' from public.app_settings s where s.id = 1), 'UTC'))
$$;

comment on function private.billing_settings() is
  'The billing settings group completed from the defaults, plus schoolName (legalName or the site name) and timezone (general.timezone).';

revoke execute on function private.billing_settings() from public;
grant execute on function private.billing_settings() to service_role;

-- Administrators read the group with the others.
create or replace function private.get_app_settings() returns json
language sql stable security definer set search_path = ''
as $$
  select case
    when (select private.acts_as_admin()) then json_build_object(
      'id', s.id,
      'general', s.general,
      'notifications', s.notifications,
      'security', s.security,
      'appearance', s.appearance,
      'email', s.email,
      'billing', s.billing,
      'smtp_password_set', s.smtp_password_set,
      'updated_at', s.updated_at,
      'updated_by', s.updated_by
    )
    else json_build_object('id', s.id, 'general', s.general, 'appearance', s.appearance, 'updated_at', s.updated_at)
  end
  from public.app_settings s
  where s.id = 1
$$;

comment on function public.get_app_settings() is
  'Settings the caller may read: {id, general, appearance, updated_at} for everyone signed in; every group (billing included) and smtp_password_set for admins. Runs private.get_app_settings().';
