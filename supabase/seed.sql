-- Demo accounts, one per role, all with the password `password123`. Written the way hosted Supabase
-- needs them (GoTrue reads '' rather than NULL from its token columns), so `supabase db reset` and the
-- local stack load the same data. The sign-up trigger creates each profile as a student; the roles
-- are set afterwards.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
values
  (
    '00000000-0000-0000-0000-000000000000', 'a1d9e3f0-0000-4000-8000-000000000001', 'authenticated',
    'authenticated', 'admin@school.test', extensions.crypt('password123', extensions.gen_salt('bf')), now(),
    '{"provider":"email","providers":["email"]}', '{"first_name":"Alicia","last_name":"Romero"}',
    now(), now(), '', '', '', ''
  ),
  (
    '00000000-0000-0000-0000-000000000000', 'b2e8c4a1-0000-4000-8000-000000000002', 'authenticated',
    'authenticated', 'teacher@school.test', extensions.crypt('password123', extensions.gen_salt('bf')), now(),
    '{"provider":"email","providers":["email"]}', '{"first_name":"Daniel","last_name":"Ortega"}',
    now(), now(), '', '', '', ''
  ),
  (
    '00000000-0000-0000-0000-000000000000', 'c3f7b5d2-0000-4000-8000-000000000003', 'authenticated',
    'authenticated', 'student@school.test', extensions.crypt('password123', extensions.gen_salt('bf')), now(),
    '{"provider":"email","providers":["email"]}', '{"first_name":"Emma","last_name":"Collins"}',
    now(), now(), '', '', '', ''
  );

insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), u.id, u.id::text,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now()
  from auth.users u
 where u.id in (
   'a1d9e3f0-0000-4000-8000-000000000001',
   'b2e8c4a1-0000-4000-8000-000000000002',
   'c3f7b5d2-0000-4000-8000-000000000003'
 );

update public.users set role = 'admin', location = 'Madrid', phone = '+34 600 000 001'
 where id = 'a1d9e3f0-0000-4000-8000-000000000001';

update public.users
   set role = 'teacher', location = 'Valencia', bio = 'Spanish and business English teacher.'
 where id = 'b2e8c4a1-0000-4000-8000-000000000002';
