-- Rubrics (issue 32): criteria with levels and points, kept in a library and copied onto an activity.
--
--   public.rubrics: the school's library. Title and criteria; teachers and admins read every rubric (a
--     rubric is reused across courses and colleagues); its owner (a teacher) or an admin writes it.
--     Students read none of the library.
--   Criteria (jsonb, checked by private.valid_rubric_criteria): 1–12 criteria, each
--     {id, title (1–120), description (≤ 500, optional), levels: 2–6 × {id, title (1–120),
--     description (≤ 500, optional), points (0–9999.99, two decimals)}}; ids are non-empty strings of at
--     most 64 characters, unique across the rubric's criteria and levels.
--   activities.rubric (jsonb) + activities.rubric_id: the activity's own copy of a library rubric
--     ({title, criteria}, the same checks) and where it came from. Copied on use, so editing or deleting
--     the library rubric never changes an activity. The copy's best total (the sum of each criterion's
--     highest level) must fit the activity's max_points. Once a submission of the activity has been
--     graded with the rubric, its copy can no longer change (23514), nor can max_points drop below its
--     best total.
--   activity_submissions.rubric_scores (jsonb {criterion id: level id}): set by the grader. Every
--     criterion gets one level of the activity's rubric, and the grade becomes the sum of their points;
--     a grade typed by hand on a rubric-graded submission is refused (clear the levels first: the grade
--     is then the grader's again). Only the course's teacher or an admin (or trusted code) sets the
--     levels; the grade they make is stamped and checked like any grade (guard_submission).

create function private.valid_rubric_criteria(criteria jsonb) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select jsonb_typeof(criteria) = 'array'
     and jsonb_array_length(criteria) between 1 and 12
     and coalesce((
       select bool_and(
                jsonb_typeof(c) = 'object'
                and jsonb_typeof(c -> 'id') = 'string' and char_length(c ->> 'id') between 1 and 64
                and jsonb_typeof(c -> 'title') = 'string' and char_length(btrim(c ->> 'title')) between 1 and 120
                and (c -> 'description' is null or jsonb_typeof(c -> 'description') = 'null'
                     or (jsonb_typeof(c -> 'description') = 'string' and char_length(c ->> 'description') <= 500))
                and jsonb_typeof(c -> 'levels') = 'array'
                and jsonb_array_length(c -> 'levels') between 2 and 6
                and (
                  select bool_and(
                           jsonb_typeof(l) = 'object'
                           and jsonb_typeof(l -> 'id') = 'string' and char_length(l ->> 'id') between 1 and 64
                           and jsonb_typeof(l -> 'title') = 'string' and char_length(btrim(l ->> 'title')) between 1 and 120
                           and (l -> 'description' is null or jsonb_typeof(l -> 'description') = 'null'
                                or (jsonb_typeof(l -> 'description') = 'string' and char_length(l ->> 'description') <= 500))
                           and jsonb_typeof(l -> 'points') = 'number'
                           and (l ->> 'points')::numeric between 0 and 9999.99
                           and (l ->> 'points')::numeric = round((l ->> 'points')::numeric, 2))
                    from jsonb_array_elements(c -> 'levels') l
                ))
         from jsonb_array_elements(criteria) c
     ), false)
     -- Every id once, criteria and levels together.
     and (
       select count(*) = count(distinct id)
         from (
           select c ->> 'id' as id from jsonb_array_elements(criteria) c
           union all
           select l ->> 'id' from jsonb_array_elements(criteria) c, jsonb_array_elements(c -> 'levels') l
         ) ids
     )
$$;

-- The best total a rubric gives: each criterion's highest level.
create function private.rubric_best_total(criteria jsonb) returns numeric
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(sum((select max((l ->> 'points')::numeric) from jsonb_array_elements(c -> 'levels') l)), 0)
    from jsonb_array_elements(criteria) c
$$;

revoke execute on function private.valid_rubric_criteria(jsonb), private.rubric_best_total(jsonb) from public;
grant execute on function private.valid_rubric_criteria(jsonb), private.rubric_best_total(jsonb)
  to authenticated, service_role;

create table public.rubrics (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid references public.users (id) on delete set null,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  criteria jsonb not null constraint rubrics_criteria_check check (private.valid_rubric_criteria(criteria)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.rubrics is
  'The school''s rubric library: criteria with levels and points. Activities use a copy (activities.rubric), so editing a rubric here changes no activity.';

create index rubrics_owner_id_idx on public.rubrics (owner_id);

alter table public.rubrics enable row level security;

create policy "Teachers and admins can view the rubric library"
  on public.rubrics for select
  to authenticated
  using ((select private.current_user_role()) in ('teacher', 'admin'));

create policy "Teachers can add rubrics of their own"
  on public.rubrics for insert
  to authenticated
  with check (owner_id = (select auth.uid()) and (select private.current_user_role()) in ('teacher', 'admin'));

create policy "Owners and admins can change a rubric"
  on public.rubrics for update
  to authenticated
  using ((owner_id = (select auth.uid()) and (select private.current_user_role()) = 'teacher') or (select private.is_admin()))
  with check ((owner_id = (select auth.uid()) and (select private.current_user_role()) = 'teacher') or (select private.is_admin()));

create policy "Owners and admins can delete a rubric"
  on public.rubrics for delete
  to authenticated
  using ((owner_id = (select auth.uid()) and (select private.current_user_role()) = 'teacher') or (select private.is_admin()));

revoke all on public.rubrics from anon, authenticated;
grant select, delete on public.rubrics to authenticated;
grant insert (id, owner_id, title, criteria) on public.rubrics to authenticated;
grant update (title, criteria) on public.rubrics to authenticated;
grant all on public.rubrics to service_role;

create trigger touch_rubrics_updated_at
  before update on public.rubrics
  for each row execute function private.touch_updated_at();

-- The activity's copy --------------------------------------------------------------------------------

alter table public.activities
  add column rubric jsonb
    constraint activities_rubric_check check (
      rubric is null
      or (jsonb_typeof(rubric) = 'object'
          and jsonb_typeof(rubric -> 'title') = 'string'
          and char_length(btrim(rubric ->> 'title')) between 1 and 200
          and private.valid_rubric_criteria(rubric -> 'criteria'))),
  add column rubric_id uuid references public.rubrics (id) on delete set null;

comment on column public.activities.rubric is
  'The activity''s own copy of a rubric ({title, criteria}); fixed once a submission is graded with it.';
comment on column public.activities.rubric_id is 'The library rubric the copy was made from (null once that is deleted).';

grant insert (rubric, rubric_id), update (rubric, rubric_id) on public.activities to authenticated;

-- Deleting a library rubric sets its activities' rubric_id to null through this index.
create index activities_rubric_id_idx on public.activities (rubric_id) where rubric_id is not null;

create function private.guard_activity_rubric() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.rubric is not null and private.rubric_best_total(new.rubric -> 'criteria') > new.max_points then
    raise exception 'The rubric''s best total (%) is more than the activity''s % points',
      private.rubric_best_total(new.rubric -> 'criteria'), new.max_points
      using errcode = '23514';
  end if;
  if tg_op = 'UPDATE'
     and new.rubric is distinct from old.rubric
     and exists (select 1 from public.activity_submissions s
                  where s.activity_id = new.id and s.rubric_scores is not null) then
    raise exception 'This rubric has been used to grade work and can no longer change'
      using errcode = '23514';
  end if;
  return new;
end
$$;

revoke execute on function private.guard_activity_rubric() from public;

create trigger guard_activity_rubric
  before insert or update of rubric, max_points on public.activities
  for each row execute function private.guard_activity_rubric();

-- Grading with the rubric ----------------------------------------------------------------------------

alter table public.activity_submissions
  add column rubric_scores jsonb
    constraint activity_submissions_rubric_scores_check check (rubric_scores is null or jsonb_typeof(rubric_scores) = 'object');

comment on column public.activity_submissions.rubric_scores is
  'The rubric levels chosen by the grader ({criterion id: level id}); the grade is the sum of their points.';

grant update (rubric_scores) on public.activity_submissions to authenticated;

-- Runs before guard_submission (triggers fire in name order), so the grade it sets is checked and
-- stamped as any grade is: only the course's teacher or an admin may set it.
create function private.apply_rubric_scores() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_rubric jsonb;
  v_total numeric;
  v_scored integer;
begin
  if tg_op = 'INSERT' and new.rubric_scores is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.rubric_scores is not distinct from old.rubric_scores then
    if old.rubric_scores is not null and new.grade is distinct from old.grade then
      raise exception 'This work is graded with a rubric: choose its levels instead of typing a grade'
        using errcode = '23514';
    end if;
    return new;
  end if;
  if not (select private.is_trusted_caller())
     and not (select private.is_admin())
     and not (select private.teaches_activity(new.activity_id)) then
    raise exception 'Only the course''s teacher or an administrator can grade submissions' using errcode = '42501';
  end if;
  if new.rubric_scores is null then
    return new;
  end if;

  select a.rubric into v_rubric from public.activities a where a.id = new.activity_id;
  if v_rubric is null then
    raise exception 'This activity has no rubric' using errcode = '23514';
  end if;
  -- One level of each criterion, nothing else.
  select count(*), sum((l ->> 'points')::numeric)
    into v_scored, v_total
    from jsonb_array_elements(v_rubric -> 'criteria') c
    join jsonb_array_elements(c -> 'levels') l on l ->> 'id' = new.rubric_scores ->> (c ->> 'id');
  if v_scored <> jsonb_array_length(v_rubric -> 'criteria')
     or (select count(*) from jsonb_object_keys(new.rubric_scores)) <> v_scored then
    raise exception 'Choose one level of every criterion of the rubric' using errcode = '23514';
  end if;
  new.grade := v_total;
  return new;
end
$$;

revoke execute on function private.apply_rubric_scores() from public;

create trigger apply_rubric_scores
  before insert or update on public.activity_submissions
  for each row execute function private.apply_rubric_scores();
