-- Skills and CEFR levels (issue 32).
--
-- The spec's skills are listening, reading and grammar; a language school also assesses speaking and
-- writing. Materials keep their one skill (now any of the five); activities carry the skills they train
-- (any of the five, none by default). A course may set a CEFR level (A1–C2, optional, beside its
-- beginner/intermediate/advanced level); its new activities and materials take it unless given another.
--
--   courses.cefr_level, activities.cefr_level, materials.cefr_level: 'A1' … 'C2' or null.
--   activities.skills text[]: a set of listening, reading, grammar, speaking, writing.
--   get_skill_progress(student_uuid) -> json | null: the student's graded work per skill, overall and
--     per week (weeks start on Monday in the school's time zone, System Settings → General):
--     {skills [{skill, graded, average_percent}], weeks [{week, skill, graded, average_percent}]}.
--     Work counts once for each skill its activity trains; average_percent is the mean of grade /
--     max_points (one decimal). The student reads their own; a teacher reads their students' over the
--     teacher's own courses; an admin any student's; anyone else gets null.

create function private.valid_skills(skills text[]) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select skills <@ array['listening', 'reading', 'grammar', 'speaking', 'writing']::text[]
     and cardinality(skills) = (select count(distinct s) from unnest(skills) s)
     and array_position(skills, null) is null
$$;

revoke execute on function private.valid_skills(text[]) from public;
grant execute on function private.valid_skills(text[]) to authenticated, service_role;

alter table public.materials drop constraint materials_skill_check;
alter table public.materials
  add constraint materials_skill_check check (skill in ('listening', 'reading', 'grammar', 'speaking', 'writing')),
  add column cefr_level text constraint materials_cefr_level_check check (cefr_level in ('A1', 'A2', 'B1', 'B2', 'C1', 'C2'));

alter table public.courses
  add column cefr_level text constraint courses_cefr_level_check check (cefr_level in ('A1', 'A2', 'B1', 'B2', 'C1', 'C2'));

alter table public.activities
  add column skills text[] not null default '{}'
    constraint activities_skills_check check (private.valid_skills(skills)),
  add column cefr_level text constraint activities_cefr_level_check check (cefr_level in ('A1', 'A2', 'B1', 'B2', 'C1', 'C2'));

comment on column public.courses.cefr_level is 'Optional CEFR level (A1–C2); new activities and materials of the course take it by default.';
comment on column public.activities.skills is 'The skills the activity trains: listening, reading, grammar, speaking, writing (a set).';
comment on column public.activities.cefr_level is 'CEFR level (A1–C2) or null; defaults to the course''s.';
comment on column public.materials.cefr_level is 'CEFR level (A1–C2) or null; defaults to the course''s.';

grant insert (cefr_level), update (cefr_level) on public.courses to authenticated;
grant insert (skills, cefr_level), update (skills, cefr_level) on public.activities to authenticated;
grant insert (cefr_level), update (cefr_level) on public.materials to authenticated;

-- A new activity or material without a level takes its course's (an activity of a class: the class's
-- course's). Written as the caller may not read the course (a trusted loader), so definer.
create function private.default_cefr_level() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.cefr_level is null then
    if tg_table_name = 'activities' then
      select c.cefr_level into new.cefr_level
        from public.courses c
       where c.id = coalesce(new.course_id, (select cl.course_id from public.classes cl where cl.id = new.class_id));
    else
      select c.cefr_level into new.cefr_level from public.courses c where c.id = new.course_id;
    end if;
  end if;
  return new;
end
$$;

revoke execute on function private.default_cefr_level() from public;

create trigger default_cefr_level
  before insert on public.activities
  for each row execute function private.default_cefr_level();

create trigger default_cefr_level
  before insert on public.materials
  for each row execute function private.default_cefr_level();

create function public.get_skill_progress(student_uuid uuid)
returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_admin boolean := (select private.is_admin());
  v_zone text := coalesce((select s.general ->> 'timezone' from public.app_settings s where s.id = 1), 'UTC');
begin
  if student_uuid is null or v_uid is null then
    return null;
  end if;
  if not (
    student_uuid = v_uid
    or (v_admin and exists (select 1 from public.users u where u.id = student_uuid and u.role = 'student'))
    or student_uuid = any ((select private.taught_student_ids())::uuid[])
    or student_uuid = any ((select private.completed_student_ids())::uuid[])
  ) then
    return null;
  end if;

  return (
    with work as (
      select skill, round(100.0 * s.grade / a.max_points, 1) as percent,
             (date_trunc('week', s.graded_at at time zone v_zone))::date as week
        from public.activity_submissions s
        join public.activities a on a.id = s.activity_id
        cross join lateral unnest(a.skills) as skill
       where s.student_id = student_uuid
         and s.grade is not null
         and s.graded_at is not null
         -- A teacher sees the work of their own courses only; the student and admins see all of it.
         and (student_uuid = v_uid or v_admin or s.activity_id = any ((select private.taught_activity_ids())::uuid[]))
    )
    select json_build_object(
      'skills', coalesce((
        select json_agg(json_build_object('skill', x.skill, 'graded', x.graded, 'average_percent', x.average_percent)
                        order by array_position(array['listening', 'reading', 'grammar', 'speaking', 'writing'], x.skill))
          from (select w.skill, count(*) as graded, round(avg(w.percent), 1) as average_percent
                  from work w group by w.skill) x
      ), '[]'::json),
      'weeks', coalesce((
        select json_agg(json_build_object('week', x.week, 'skill', x.skill, 'graded', x.graded,
                                          'average_percent', x.average_percent)
                        order by x.week, array_position(array['listening', 'reading', 'grammar', 'speaking', 'writing'], x.skill))
          from (select w.week, w.skill, count(*) as graded, round(avg(w.percent), 1) as average_percent
                  from work w group by w.week, w.skill) x
      ), '[]'::json)
    )
  );
end
$$;

comment on function public.get_skill_progress(uuid) is
  'A student''s graded work per skill, overall and per week (school time zone); the student, their teachers (own courses'' work) and admins; null for anyone else.';

revoke execute on function public.get_skill_progress(uuid) from public, anon;
grant execute on function public.get_skill_progress(uuid) to authenticated, service_role;
