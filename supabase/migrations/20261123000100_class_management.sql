-- Class Management (teachers and administrators, /classes): the figures above the class list. The list
-- itself is one page of `calendar_classes` (read models migration); this adds the one read it lacked.
-- Like every read model the function is `security invoker`, so each class comes through the caller's
-- RLS policies on public.classes: a teacher counts the classes of their own courses, an administrator
-- every class, a student those of the courses they are actively enrolled in; anonymous callers cannot
-- call it.
--
-- How it stays fast on a large school (`pnpm bench:api` checks the plan): the classes are narrowed with
-- the indexable `course_id = any ((select private.scope_course_ids())::uuid[])`, which
-- classes_course_id_scheduled_date_idx serves, because the RLS policies OR an admin check into theirs,
-- which no index can serve. For administrators the scope is every course, and the count reads them all.
--
--   class_stats() -> one row {total, live, recorded, total_minutes} (bigint each; total_minutes is the
--     sum of the durations, 0 without classes). Class management: 1 (with one page of calendar_classes,
--     2 requests per screen load).

create function public.class_stats()
returns table (total bigint, live bigint, recorded bigint, total_minutes bigint)
language sql stable security invoker set search_path = ''
as $$
  select count(*) as total,
         count(*) filter (where cl.type = 'live') as live,
         count(*) filter (where cl.type = 'recorded') as recorded,
         coalesce(sum(cl.duration), 0)::bigint as total_minutes
    from public.classes cl
   where cl.course_id = any ((select private.scope_course_ids())::uuid[])
$$;

comment on function public.class_stats() is
  'Class Management stats: {total, live, recorded, total_minutes} of the classes the caller may see (one row).';

revoke execute on function public.class_stats() from public, anon;
grant execute on function public.class_stats() to authenticated;
