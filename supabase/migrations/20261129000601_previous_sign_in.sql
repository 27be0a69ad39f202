-- Welcome or welcome back (issue 29, item 21): the dashboards greet a person's first visit as a
-- first visit. That is decided from what the database knows, not from the browser: the sign-in
-- before the latest one. `last_sign_in_at` is already this sign-in by the time a dashboard reads
-- the profile, so the profile keeps the one before it too.
--
--   users.previous_sign_in_at: null until the account's second sign-in; written only by the trigger
--   that copies sign-ins from auth.users (no role may update it: it is not in the column grants).

alter table public.users add column previous_sign_in_at timestamptz;

comment on column public.users.previous_sign_in_at is
  'The sign-in before last_sign_in_at (null until the second one); copied by trigger, read by the dashboards'' greeting.';

-- Same as before, plus: a new sign-in moves the last one to previous_sign_in_at.
create or replace function private.sync_user_from_auth() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.users
     set email = coalesce(new.email, ''),
         previous_sign_in_at = case
           when new.last_sign_in_at is distinct from old.last_sign_in_at then old.last_sign_in_at
           else previous_sign_in_at
         end,
         last_sign_in_at = new.last_sign_in_at
   where id = new.id;
  return new;
end
$$;

-- A sign-in (both sign-in columns) is still not an edit of the profile.
create or replace function private.touch_user_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (to_jsonb(new) - 'last_sign_in_at' - 'previous_sign_in_at' - 'updated_at')
     <> (to_jsonb(old) - 'last_sign_in_at' - 'previous_sign_in_at' - 'updated_at') then
    new.updated_at := now();
  else
    new.updated_at := old.updated_at;
  end if;
  return new;
end
$$;
