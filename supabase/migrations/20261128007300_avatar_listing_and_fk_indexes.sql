-- Supabase's advisors, the rest:
--
-- 1. Security, "Public Bucket Allows Listing" (lint 0025). The public `avatars` bucket had a SELECT
--    policy on storage.objects for every signed-in user, so anyone signed in could list every user's
--    avatar folder (the ids of every account with a picture) through the Storage API. A public bucket
--    serves its objects by public URL without any policy (the profile's avatar_url), so the portal
--    needs SELECT only where it lists: a user's own folder, when a new picture replaces the old one
--    (an upsert reads the existing object) and when the picture is removed. Other users' folders are
--    read by the admin-users edge function with the service role, which policies do not limit.
--
-- 2. Performance, "Unindexed foreign keys" (lint 0001): app_settings.updated_by and
--    private.app_secrets.updated_by reference auth.users / public.users. Deleting an account looks up
--    the rows that name it; both tables hold a row or two, but an index makes that a probe and the rule
--    "every foreign key has an index" then holds without exceptions (supabase/tests/advisors.test.ts).

drop policy if exists "Signed-in users can view avatars" on storage.objects;
create policy "Users can view their own avatar folder"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create index if not exists app_settings_updated_by_idx on public.app_settings (updated_by);
create index if not exists app_secrets_updated_by_idx on private.app_secrets (updated_by);
