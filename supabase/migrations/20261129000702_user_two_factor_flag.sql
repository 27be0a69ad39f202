-- User Management offers "Reset two-factor" only for accounts that have it (issue 29): the user list
-- says so in the same request, as a computed column of public.users.
--
--   private.user_has_two_factor(user_uuid) -> boolean: whether that account has a verified
--     authenticator (auth.mfa_factors); null unless the caller acts as an administrator, so nobody
--     else learns who turned two-factor on.
--   public.has_two_factor(public.users) -> boolean: PostgREST's computed column
--     (`select=...,has_two_factor`), a security invoker wrapper of the private function (no security
--     definer function in the exposed schema: 20261128007100_exposed_definer_functions.sql).

create function private.user_has_two_factor(user_uuid uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select case
    when (select private.acts_as_admin()) then exists (
      select 1 from auth.mfa_factors f where f.user_id = user_uuid and f.status = 'verified'
    )
  end
$$;

comment on function private.user_has_two_factor(uuid) is
  'Administrators: whether the account has a verified two-factor authenticator; null for anyone else.';

revoke execute on function private.user_has_two_factor(uuid) from public, anon;
grant execute on function private.user_has_two_factor(uuid) to authenticated, service_role;

create function public.has_two_factor(public.users) returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.user_has_two_factor($1.id) $$;

comment on function public.has_two_factor(public.users) is
  'Computed column of users: whether the account has two-factor on, for administrators (null for anyone else). Runs private.user_has_two_factor().';

revoke execute on function public.has_two_factor(public.users) from public, anon;
grant execute on function public.has_two_factor(public.users) to authenticated, service_role;
