-- Supabase's Security Advisor: no `security definer` function in the exposed schema (lints 0028 and
-- 0029, "Public/Signed-In Users Can Execute SECURITY DEFINER Function").
--
-- Seven RPCs ran as their owner straight from `public`: get_public_settings (anonymous visitors too:
-- the sign-in page's branding), enroll_user_in_course, unenroll_user_from_course, get_app_settings,
-- get_student_stats, set_smtp_password and two_factor_required_for_me. Each checks its caller, and
-- every one has callers (the apps' services, the admin-users edge function, get_student_dashboard), so
-- none is revoked. Following Supabase's advice, the privileged part moves to the unexposed `private`
-- schema (same name, body, checks, owner and grants: `alter function … set schema` keeps them), and
-- `public` keeps a `security invoker` function of the same name, arguments, result and volatility
-- that calls it. PostgREST, the generated types and the clients see no change; a caller without the
-- grant is refused as before (anonymous callers may still run only get_public_settings).
--
-- The wrappers' volatility matters: PostgREST runs a `stable` function in a read-only transaction, so
-- the readers stay `stable` and the writers (enrol, drop, SMTP password) volatile.

-- Branding and theme: every visitor, signed in or not.
alter function public.get_public_settings() set schema private;
create function public.get_public_settings() returns json
language sql stable security invoker set search_path = ''
as $$ select private.get_public_settings() $$;
comment on function public.get_public_settings() is
  'Branding and theme for every visitor: {siteName, defaultLanguage, theme, primaryColor, secondaryColor, accentColor}; signed-in callers also get {sessionTimeout}. Runs private.get_public_settings().';
revoke execute on function public.get_public_settings() from public;
grant execute on function public.get_public_settings() to anon, authenticated, service_role;

-- The rest: signed-in callers (and the service role) only.
alter function public.enroll_user_in_course(uuid, uuid) set schema private;
create function public.enroll_user_in_course(user_uuid uuid, course_uuid uuid) returns json
language sql security invoker set search_path = ''
as $$ select private.enroll_user_in_course(user_uuid, course_uuid) $$;
comment on function public.enroll_user_in_course(uuid, uuid) is
  'Enrols user_uuid in course_uuid (self, or anyone for admins). Returns {success, error?, enrollment_id?}. Runs private.enroll_user_in_course().';

alter function public.unenroll_user_from_course(uuid, uuid) set schema private;
create function public.unenroll_user_from_course(user_uuid uuid, course_uuid uuid) returns json
language sql security invoker set search_path = ''
as $$ select private.unenroll_user_from_course(user_uuid, course_uuid) $$;
comment on function public.unenroll_user_from_course(uuid, uuid) is
  'Drops the active enrollment of user_uuid in course_uuid (self, or anyone for admins). Returns {success, error?, enrollment_id?}. Runs private.unenroll_user_from_course().';

alter function public.get_app_settings() set schema private;
create function public.get_app_settings() returns json
language sql stable security invoker set search_path = ''
as $$ select private.get_app_settings() $$;
comment on function public.get_app_settings() is
  'Settings the caller may read: {id, general, appearance, updated_at} for everyone signed in; every group and smtp_password_set for admins. Runs private.get_app_settings().';

alter function public.get_student_stats(uuid) set schema private;
create function public.get_student_stats(student_uuid uuid) returns json
language sql stable security invoker set search_path = ''
as $$ select private.get_student_stats(student_uuid) $$;
comment on function public.get_student_stats(uuid) is
  'Statistics of one student: {enrolled_courses, completed_courses, total_study_hours, average_progress}. Runs private.get_student_stats().';

alter function public.set_smtp_password(text) set schema private;
create function public.set_smtp_password(password text) returns void
language sql security invoker set search_path = ''
as $$ select private.set_smtp_password(password) $$;
comment on function public.set_smtp_password(text) is
  'Admin only: stores the SMTP password (write-only); null or empty clears it. Runs private.set_smtp_password().';

alter function public.two_factor_required_for_me() set schema private;
create function public.two_factor_required_for_me() returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.two_factor_required_for_me() $$;
comment on function public.two_factor_required_for_me() is
  'Whether the signed-in account must use two-factor sign-in (admin or teacher while twoFactorAuth is on). Runs private.two_factor_required_for_me().';

revoke execute on function
  public.enroll_user_in_course(uuid, uuid),
  public.unenroll_user_from_course(uuid, uuid),
  public.get_app_settings(),
  public.get_student_stats(uuid),
  public.set_smtp_password(text),
  public.two_factor_required_for_me()
  from public, anon;
grant execute on function
  public.enroll_user_in_course(uuid, uuid),
  public.unenroll_user_from_course(uuid, uuid),
  public.get_app_settings(),
  public.get_student_stats(uuid),
  public.set_smtp_password(text),
  public.two_factor_required_for_me()
  to authenticated, service_role;
