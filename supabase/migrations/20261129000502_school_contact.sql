-- Whom a person whose account is deactivated should contact (docs/security.md "A deactivated account").
--
-- System Settings → General gains `contactEmail`: the school office's address, '' when not set. The
-- sign-in page tells a deactivated person to write to it, in their language, so it is public: it joins
-- the branding get_public_settings() answers to every visitor (the site name was already there).
--
--   private.app_settings_defaults(): general.contactEmail '' (so settings_group() knows the key and a
--     group saved without it is completed).
--   private.validate_school_contact(), a trigger after validate_app_settings: '' or one address of at
--     most 255 characters (23514 'Contact email must be an email address').
--   private.get_public_settings(): also {contactEmail}.

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
    )
  )
$$;

create function private.validate_school_contact() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_contact text := coalesce(new.general ->> 'contactEmail', '');
begin
  if v_contact <> '' and (char_length(v_contact) > 255 or v_contact !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$') then
    raise exception 'Contact email must be an email address' using errcode = '23514';
  end if;
  return new;
end
$$;

revoke execute on function private.validate_school_contact() from public;

-- Triggers of one event fire in name order: after validate_app_settings has completed the groups.
create trigger validate_school_contact
  before insert or update on public.app_settings
  for each row execute function private.validate_school_contact();

update public.app_settings
   set general = general || jsonb_build_object('contactEmail', '')
 where not general ? 'contactEmail';

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

comment on function private.get_public_settings() is
  'Branding and theme for every visitor: {siteName, defaultLanguage, contactEmail, theme, primaryColor, secondaryColor, accentColor}; signed-in callers also get {sessionTimeout}.';
