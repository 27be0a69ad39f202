-- User Management (admin-app, /users): the database's part of managing accounts. The screen reads one
-- page of public.users (RLS: administrators see every profile; sorted and searched by PostgREST) and the
-- figures of get_user_counts() (read models migration): 2 requests per load. Every write goes through
-- the admin-users edge function, which writes the profile as the calling administrator, so the
-- policies and the triggers below hold for it as for any other client.
--
--   private.guard_admin_self (trigger): an administrator cannot remove their own admin role, deactivate
--     or delete their own profile, whichever way the request comes (the edge function, PostgREST).
--     Writes without a signed-in caller (the service role, the auth server deleting an account) are
--     the edge function's to check.
--   private.sync_account_ban (trigger): a profile made inactive bans its auth account (no sign-in, no
--     token refresh, no recovery link) and ends its sessions, so its refresh tokens are revoked; made
--     active again, the ban is lifted. Same transaction as the profile change, whoever makes it.
--   Indexes for the list's sort orders (newest first is the default; name; last sign-in).

-- Self-protection -----------------------------------------------------------------------------------

create function private.guard_admin_self() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.role <> 'admin' or old.id is distinct from (select auth.uid()) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'DELETE' then
    raise exception 'Administrators cannot delete their own account' using errcode = '42501';
  end if;
  if new.role <> 'admin' or (old.is_active and not new.is_active) then
    raise exception 'Administrators cannot remove their own admin role or deactivate themselves'
      using errcode = '42501';
  end if;
  return new;
end
$$;

comment on function private.guard_admin_self() is
  'Refuses an administrator demoting, deactivating or deleting their own profile (the acting admin stays one).';

create trigger guard_admin_self
  before update of role, is_active or delete on public.users
  for each row execute function private.guard_admin_self();

-- Deactivation reaches the sign-in ------------------------------------------------------------------

-- GoTrue refuses a banned account at sign-in, token refresh and email links; a century is its
-- "until further notice" (the admin API's longest practical ban_duration is the same).
create function private.sync_account_ban() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.is_active then
    update auth.users set banned_until = null where id = new.id and banned_until is not null;
  else
    update auth.users set banned_until = now() + interval '100 years' where id = new.id;
    -- Refresh tokens belong to sessions (on delete cascade): none can be exchanged any more.
    delete from auth.sessions where user_id = new.id;
  end if;
  return null;
end
$$;

comment on function private.sync_account_ban() is
  'Bans the auth account of a deactivated profile and ends its sessions; lifts the ban on reactivation.';

create trigger sync_account_ban
  after update of is_active on public.users
  for each row
  when (old.is_active is distinct from new.is_active)
  execute function private.sync_account_ban();

revoke execute on function private.guard_admin_self(), private.sync_account_ban() from public;

-- The list's orders ---------------------------------------------------------------------------------

create index if not exists users_created_at_idx on public.users (created_at desc, id);
create index if not exists users_name_idx on public.users (first_name, last_name, id);
create index if not exists users_last_sign_in_at_idx on public.users (last_sign_in_at desc nulls last, id);
