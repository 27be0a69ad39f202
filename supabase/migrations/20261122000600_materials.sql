-- Learning materials: files in the `materials` storage bucket or external links, either of a course or
-- general (course_id null, the students' "Extra Materials"). General materials are visible to everyone
-- signed in; course materials to the course's actively enrolled students, its teacher and administrators.
--
--   public.materials, its policies and column grants; stamp_material_uploader (trigger): through the
--     API the uploader is always the caller.
--   uploader_profile(materials): PostgREST computed relationship, so a material read embeds its
--     uploader's public profile (`select=*,uploader:uploader_profile(first_name,last_name)`); someone
--     who is not a teacher appears only to those who may read their users row, others get null.
--   Which stored file a material may name, and the files that go with a deleted material: the storage
--     migration.

create table public.materials (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 300),
  type text not null default 'document' check (type in ('pdf', 'document', 'video', 'audio', 'link', 'other')),
  url text not null check (char_length(url) between 1 and 2000),
  storage_path text check (char_length(storage_path) <= 1024),
  mime_type text check (char_length(mime_type) <= 255),
  file_size bigint not null default 0 check (file_size >= 0),
  course_id uuid references public.courses (id) on delete cascade,
  language text check (language in ('ES', 'EN')),
  skill text check (skill in ('listening', 'reading', 'grammar')),
  uploaded_by uuid references public.users (id) on delete set null,
  uploaded_at timestamptz not null default now(),
  constraint materials_links_have_no_file check (type <> 'link' or storage_path is null)
);

comment on table public.materials is
  'A file (in the materials bucket) or a link, of one course or general (course_id null).';
comment on column public.materials.url is
  'External URL for links; for files the object name in the materials bucket (download through a signed URL).';
comment on column public.materials.storage_path is 'Object name in the materials bucket for files; null for links.';
comment on column public.materials.file_size is 'Bytes; 0 for links.';
comment on column public.materials.uploaded_by is
  'Stamped with the caller on insert through the API; null once that profile is deleted (shown as ''Unknown'').';

create index materials_course_id_uploaded_at_idx on public.materials (course_id, uploaded_at desc);
create index materials_general_uploaded_at_idx on public.materials (uploaded_at desc) where course_id is null;
create index materials_uploaded_at_idx on public.materials (uploaded_at desc);
create index materials_uploaded_by_idx on public.materials (uploaded_by);
create index materials_type_idx on public.materials (type);
-- Storage clean-up looks materials up by object name.
create index materials_storage_path_idx on public.materials (storage_path) where storage_path is not null;
create index materials_url_idx on public.materials (url);
create index materials_title_trgm_idx on public.materials using gin (title extensions.gin_trgm_ops);

alter table public.materials enable row level security;

create policy "Signed-in users can view general materials"
  on public.materials for select
  to authenticated
  using (course_id is null);

create policy "Students can view the materials of their courses"
  on public.materials for select
  to authenticated
  using (course_id = any ((select private.enrolled_course_ids())::uuid[]));

create policy "Teachers can view the materials of their courses"
  on public.materials for select
  to authenticated
  using (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can view every material"
  on public.materials for select
  to authenticated
  using ((select private.is_admin()));

create policy "Teachers can add materials to their courses or the general library"
  on public.materials for insert
  to authenticated
  with check (
    (select private.current_user_role()) = 'teacher'
    and (course_id is null or course_id = any ((select private.taught_course_ids())::uuid[]))
  );

create policy "Admins can add materials"
  on public.materials for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Teachers can update materials of their courses and their own general materials"
  on public.materials for update
  to authenticated
  using (
    course_id = any ((select private.taught_course_ids())::uuid[])
    or (course_id is null and uploaded_by = (select auth.uid()) and (select private.current_user_role()) = 'teacher')
  )
  with check (
    course_id = any ((select private.taught_course_ids())::uuid[])
    or (course_id is null and uploaded_by = (select auth.uid()) and (select private.current_user_role()) = 'teacher')
  );

create policy "Admins can update every material"
  on public.materials for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Uploaders can delete their own materials"
  on public.materials for delete
  to authenticated
  using (uploaded_by = (select auth.uid()));

create policy "Teachers can delete the materials of their courses"
  on public.materials for delete
  to authenticated
  using (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can delete materials"
  on public.materials for delete
  to authenticated
  using ((select private.is_admin()));

revoke all on public.materials from anon, authenticated;
grant select, delete on public.materials to authenticated;
-- uploaded_by may be sent, but the trigger below stamps the caller anyway.
grant insert (id, title, type, url, storage_path, mime_type, file_size, course_id, language, skill, uploaded_by)
  on public.materials to authenticated;
grant update (title, type, url, storage_path, mime_type, file_size, course_id, language, skill)
  on public.materials to authenticated;
grant all on public.materials to service_role;

-- Through the API the uploader is always the caller; trusted code (seeds) may name anyone.
create function private.stamp_material_uploader() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not (select private.is_trusted_caller()) then
    new.uploaded_by := (select auth.uid());
    new.uploaded_at := now();
  end if;
  return new;
end
$$;

create trigger stamp_material_uploader
  before insert on public.materials
  for each row execute function private.stamp_material_uploader();

revoke execute on function private.stamp_material_uploader() from public;

-- The uploader's public profile, embedded in a material read ----------------------------------------------

create function public.uploader_profile(public.materials)
returns setof public.teacher_profiles rows 1
language sql stable security invoker set search_path = ''
as $$
  select * from private.named_profile($1.uploaded_by)
$$;

comment on function public.uploader_profile(public.materials) is
  'Computed relationship: the uploader''s public profile (embed as uploader:uploader_profile(...)).';

revoke execute on function public.uploader_profile(public.materials) from public, anon;
grant execute on function public.uploader_profile(public.materials) to authenticated, service_role;
