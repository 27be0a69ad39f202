-- Materials Library (teachers and administrators, /materials): the figures above the list, who may delete
-- each listed material, and the rule that a material may point only at a file its uploader stored.
-- The list itself is one page of `material_list` (read models migration), replaced here with one more
-- column; the Add Material dialog uploads through the storage API and records the row in `materials`.
--
--   material_stats() -> one row {total, documents (pdf + document), videos, audio, links, total_size}
--     (bigint each; total_size in bytes, 0 without files) over every material the caller may read:
--     a teacher's own courses plus the general library, an administrator's everything, a student's
--     actively enrolled courses plus the general library. Materials library: 1 (with one page of
--     material_list and the course filter's courses, 3 requests per screen load).
--   material_list.can_delete -> true when the caller's delete policies on public.materials allow it
--     (the uploader, the course's teacher, an administrator), so the screen offers Delete exactly where the
--     database would accept it, without a request per card.
--
-- Like every read model the function is `security invoker` and the view `security_invoker`, so each row
-- comes through the caller's RLS policies; the `= any ((select private.scope_course_ids())::uuid[])`
-- narrowing lets materials_course_id_uploaded_at_idx serve the count, as in `material_list`.

create function public.material_stats()
returns table (total bigint, documents bigint, videos bigint, audio bigint, links bigint, total_size bigint)
language sql stable security invoker set search_path = ''
as $$
  select count(*) as total,
         count(*) filter (where m.type in ('pdf', 'document')) as documents,
         count(*) filter (where m.type = 'video') as videos,
         count(*) filter (where m.type = 'audio') as audio,
         count(*) filter (where m.type = 'link') as links,
         coalesce(sum(m.file_size), 0)::bigint as total_size
    from public.materials m
   where m.course_id is null or m.course_id = any ((select private.scope_course_ids())::uuid[])
$$;

comment on function public.material_stats() is
  'Materials library stats: {total, documents, videos, audio, links, total_size} of the materials the caller may see (one row).';

revoke execute on function public.material_stats() from public, anon;
grant execute on function public.material_stats() to authenticated;

-- The same view with `can_delete` added at the end (create or replace keeps its grants and comment).
create or replace view public.material_list with (security_invoker = true) as
select
  m.id,
  m.title,
  m.type,
  m.url,
  m.storage_path,
  m.mime_type,
  m.file_size,
  m.course_id,
  c.title as course_title,
  m.language,
  m.skill,
  m.uploaded_by,
  private.public_name(m.uploaded_by) as uploader_name,
  m.uploaded_at,
  -- The three delete policies of public.materials, evaluated once per request (init plans).
  coalesce(
    m.uploaded_by = (select auth.uid())
      or m.course_id = any ((select private.taught_course_ids())::uuid[])
      or (select private.is_admin()),
    false
  ) as can_delete
from public.materials m
left join public.courses c on c.id = m.course_id
-- General materials plus those of the caller's courses: two index scans, whatever the caller's role.
where m.course_id is null or m.course_id = any ((select private.scope_course_ids())::uuid[]);

-- A material's file ------------------------------------------------------------------------------
-- The storage policies let whoever may see (or delete) a material read (or remove) the object it names.
-- So through the API a file material may name only an object in the `materials` bucket that the caller
-- stored (administrators: any stored object), and its url is that same object name: nobody can claim
-- another person's file by writing its name into a row. Links, and files kept on another site (an
-- http(s) address, no storage_path), name no object. Trusted callers (seeds, the service role) are not
-- checked.

create function private.check_material_file() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if (select private.is_trusted_caller()) or new.type = 'link' then
    return new;
  end if;
  if tg_op = 'UPDATE'
     and old.type <> 'link'
     and new.storage_path is not distinct from old.storage_path
     and new.url is not distinct from old.url then
    return new;
  end if;
  -- An external file (a video on another site) names no stored object: its address is a web link.
  if new.storage_path is null
     and new.url ~* '^https?://'
     and not exists (select 1 from storage.objects o where o.bucket_id = 'materials' and o.name = new.url) then
    return new;
  end if;
  if new.storage_path is null
     or new.url is distinct from new.storage_path
     or not exists (
       select 1
         from storage.objects o
        where o.bucket_id = 'materials'
          and o.name = new.storage_path
          and (o.owner_id = (select auth.uid())::text or (select private.is_admin()))
     ) then
    raise exception 'A material can only name a file you stored in the materials bucket'
      using errcode = '42501';
  end if;
  return new;
end
$$;

revoke execute on function private.check_material_file() from public;

create trigger check_material_file
  before insert or update of type, url, storage_path on public.materials
  for each row execute function private.check_material_file();
