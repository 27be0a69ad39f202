-- System Settings: one row with a JSON object per tab (docs/product-rules.md "System Settings").
-- Administrators read and write every group; everyone signed in reads the theme and branding (general +
-- appearance) through get_app_settings(). The SMTP password is write-only: set_smtp_password() keeps it
-- in private.app_secrets and the row only says whether one is set. Every write is validated here (the
-- settings bounds); a partial group is completed from the defaults, unknown keys are refused.
--
--   get_public_settings() -> json. The branding and theme every page needs before anyone signs in:
--     {siteName, defaultLanguage, theme, primaryColor, secondaryColor, accentColor}, plus
--     {sessionTimeout} (minutes) for a signed-in caller, whose shell signs them out after that long
--     without input. Callable by anonymous visitors (the sign-in page) and everyone signed in; nothing
--     else of the row (the email and security groups) is exposed. One request at the shell's start.
--
-- What else acts on the settings: enrolment alerts and the school's mail (notifications, email: the mail
-- migration), two-factor sign-in (security.twoFactorAuth: the two_factor migration), the auth server's
-- sign-in limiter (security.maxLoginAttempts) and the shell's idle sign-out (security.sessionTimeout,
-- through get_public_settings()).

create function private.app_settings_defaults() returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'general', jsonb_build_object(
      'siteName', 'Lingua Academy',
      'siteDescription', 'Spanish and English courses for work and everyday life',
      'defaultLanguage', 'en',
      'timezone', 'UTC',
      'dateFormat', 'MM/DD/YYYY'
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
    )
  )
$$;

comment on function private.app_settings_defaults() is 'Settings defaults, one object per settings group.';

create table public.app_settings (
  id smallint primary key default 1 check (id = 1),
  general jsonb not null default (private.app_settings_defaults() -> 'general'),
  notifications jsonb not null default (private.app_settings_defaults() -> 'notifications'),
  security jsonb not null default (private.app_settings_defaults() -> 'security'),
  appearance jsonb not null default (private.app_settings_defaults() -> 'appearance'),
  email jsonb not null default (private.app_settings_defaults() -> 'email'),
  smtp_password_set boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references public.users (id) on delete set null
);

comment on table public.app_settings is
  'The portal''s settings (single row, id 1): general, notifications, security, appearance, email.';
comment on column public.app_settings.general is 'siteName, siteDescription, defaultLanguage (en|es|fr|de), timezone, dateFormat.';
comment on column public.app_settings.notifications is
  'emailNotifications, pushNotifications, smsNotifications, weeklyReports, enrollmentAlerts (booleans).';
comment on column public.app_settings.security is
  'twoFactorAuth, sessionTimeout (5–480 min), passwordExpiry (30–365 days), maxLoginAttempts (3–10).';
comment on column public.app_settings.appearance is 'theme (light|dark|auto), primaryColor, secondaryColor, accentColor (hex).';
comment on column public.app_settings.email is
  'smtpHost, smtpPort, smtpUsername, fromEmail, fromName. The SMTP password is not here: see set_smtp_password().';
comment on column public.app_settings.smtp_password_set is 'Whether an SMTP password is stored (the password itself is write-only).';

alter table public.app_settings enable row level security;

create policy "Admins can view the settings"
  on public.app_settings for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can change the settings"
  on public.app_settings for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

revoke all on public.app_settings from anon, authenticated;
grant select on public.app_settings to authenticated;
grant update (general, notifications, security, appearance, email) on public.app_settings to authenticated;
grant all on public.app_settings to service_role;

-- Secrets never leave the database through the API: no grants, and `private` is not exposed.
create table private.app_secrets (
  name text primary key,
  value text not null,
  updated_at timestamptz not null default now(),
  updated_by uuid references public.users (id) on delete set null
);

comment on table private.app_secrets is 'Write-only settings (the SMTP password). Read only by server-side code.';

alter table private.app_secrets enable row level security;
revoke all on private.app_secrets from public, anon, authenticated;
grant all on private.app_secrets to service_role;

-- Completes one group from the defaults and checks that it is an object of known keys with the default's
-- JSON types.
create function private.settings_group(group_name text, value jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  v_defaults jsonb := private.app_settings_defaults() -> group_name;
  v_key text;
begin
  if value is null or jsonb_typeof(value) <> 'object' then
    raise exception 'Settings group % must be an object', group_name using errcode = '23514';
  end if;
  for v_key in select jsonb_object_keys(value) loop
    if not v_defaults ? v_key then
      raise exception 'Unknown setting %.%', group_name, v_key using errcode = '23514';
    end if;
    if jsonb_typeof(value -> v_key) <> jsonb_typeof(v_defaults -> v_key) then
      raise exception 'Setting %.% must be a %', group_name, v_key, jsonb_typeof(v_defaults -> v_key)
        using errcode = '23514';
    end if;
  end loop;
  return v_defaults || value;
end
$$;

create function private.settings_integer_between(value jsonb, low integer, high integer) returns boolean
language sql immutable
set search_path = ''
as $$
  select value::numeric = trunc(value::numeric) and value::numeric between low and high
$$;

create function private.validate_app_settings() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_color text;
begin
  if new.email ? 'smtpPassword' then
    raise exception 'The SMTP password is write-only: set it with set_smtp_password' using errcode = '23514';
  end if;

  new.general := private.settings_group('general', new.general);
  new.notifications := private.settings_group('notifications', new.notifications);
  new.security := private.settings_group('security', new.security);
  new.appearance := private.settings_group('appearance', new.appearance);
  new.email := private.settings_group('email', new.email);

  if char_length(btrim(new.general ->> 'siteName')) not between 1 and 100 then
    raise exception 'Site name is required (at most 100 characters)' using errcode = '23514';
  end if;
  if char_length(new.general ->> 'siteDescription') > 500 then
    raise exception 'Site description can have at most 500 characters' using errcode = '23514';
  end if;
  if new.general ->> 'defaultLanguage' not in ('en', 'es', 'fr', 'de') then
    raise exception 'Default language must be one of en, es, fr, de' using errcode = '23514';
  end if;
  if (new.general ->> 'timezone') is distinct from (old.general ->> 'timezone')
     and not exists (select 1 from pg_catalog.pg_timezone_names t where t.name = new.general ->> 'timezone') then
    raise exception 'Unknown time zone %', new.general ->> 'timezone' using errcode = '23514';
  end if;
  if new.general ->> 'dateFormat' not in ('MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD') then
    raise exception 'Date format must be MM/DD/YYYY, DD/MM/YYYY or YYYY-MM-DD' using errcode = '23514';
  end if;

  if not private.settings_integer_between(new.security -> 'sessionTimeout', 5, 480) then
    raise exception 'Session timeout must be between 5 and 480 minutes' using errcode = '23514';
  end if;
  if not private.settings_integer_between(new.security -> 'passwordExpiry', 30, 365) then
    raise exception 'Password expiry must be between 30 and 365 days' using errcode = '23514';
  end if;
  if not private.settings_integer_between(new.security -> 'maxLoginAttempts', 3, 10) then
    raise exception 'Max login attempts must be between 3 and 10' using errcode = '23514';
  end if;

  if new.appearance ->> 'theme' not in ('light', 'dark', 'auto') then
    raise exception 'Theme must be light, dark or auto' using errcode = '23514';
  end if;
  foreach v_color in array array['primaryColor', 'secondaryColor', 'accentColor'] loop
    if (new.appearance ->> v_color) !~ '^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$' then
      raise exception 'Setting appearance.% must be a hex colour such as #3B82F6', v_color using errcode = '23514';
    end if;
  end loop;

  if not private.settings_integer_between(new.email -> 'smtpPort', 1, 65535) then
    raise exception 'SMTP port must be between 1 and 65535' using errcode = '23514';
  end if;
  if char_length(new.email ->> 'smtpHost') > 255 or char_length(new.email ->> 'smtpUsername') > 255
     or char_length(new.email ->> 'fromName') > 100 then
    raise exception 'Email settings are too long' using errcode = '23514';
  end if;
  if (new.email ->> 'fromEmail') <> '' and (new.email ->> 'fromEmail') !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'From email must be a valid email address' using errcode = '23514';
  end if;

  new.updated_at := now();
  if not (select private.is_trusted_caller()) then
    new.updated_by := (select auth.uid());
  end if;
  return new;
end
$$;

create trigger validate_app_settings
  before insert or update on public.app_settings
  for each row execute function private.validate_app_settings();

revoke execute on function
  private.app_settings_defaults(),
  private.settings_group(text, jsonb),
  private.settings_integer_between(jsonb, integer, integer),
  private.validate_app_settings()
from public;
grant execute on function
  private.app_settings_defaults(),
  private.settings_group(text, jsonb),
  private.settings_integer_between(jsonb, integer, integer)
to authenticated, service_role;

insert into public.app_settings (id) values (1);

-- What the caller may read, in the shape of the row: id, general and appearance for everyone signed in;
-- every group plus smtp_password_set, updated_at and updated_by for administrators. Non-admins cannot
-- select the row itself, so this is how every screen reads the theme and branding.
create function public.get_app_settings() returns json
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
  'Settings the caller may read: {id, general, appearance, updated_at} for everyone signed in; every group and smtp_password_set for admins.';

-- Stores (or, with null or '', clears) the SMTP password. Administrators only; it cannot be read back.
create function public.set_smtp_password(password text) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if not (select private.acts_as_admin()) then
    raise exception 'Only administrators can change the SMTP password' using errcode = '42501';
  end if;
  if char_length(password) > 500 then
    raise exception 'The SMTP password can have at most 500 characters' using errcode = '23514';
  end if;

  if coalesce(password, '') = '' then
    delete from private.app_secrets where name = 'smtp_password';
  else
    insert into private.app_secrets (name, value, updated_by)
    values ('smtp_password', password, (select auth.uid()))
    on conflict (name) do update
      set value = excluded.value, updated_at = now(), updated_by = excluded.updated_by;
  end if;
  update public.app_settings set smtp_password_set = coalesce(password, '') <> '' where id = 1;
end
$$;

comment on function public.set_smtp_password(text) is 'Admin only: stores the SMTP password (write-only); null or empty clears it.';

revoke execute on function public.get_app_settings(), public.set_smtp_password(text) from public, anon;
grant execute on function public.get_app_settings(), public.set_smtp_password(text) to authenticated, service_role;

create function public.get_public_settings() returns json
language sql stable security definer set search_path = ''
as $$
  select (
    jsonb_build_object(
      'siteName', s.general -> 'siteName',
      'defaultLanguage', s.general -> 'defaultLanguage',
      'theme', s.appearance -> 'theme',
      'primaryColor', s.appearance -> 'primaryColor',
      'secondaryColor', s.appearance -> 'secondaryColor',
      'accentColor', s.appearance -> 'accentColor'
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

comment on function public.get_public_settings() is
  'Branding and theme for every visitor: {siteName, defaultLanguage, theme, primaryColor, secondaryColor, accentColor}; signed-in callers also get {sessionTimeout}.';

revoke execute on function public.get_public_settings() from public;
grant execute on function public.get_public_settings() to anon, authenticated, service_role;
