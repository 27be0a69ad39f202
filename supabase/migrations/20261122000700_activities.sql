-- Activities (assignments, quizzes, projects, homework, presentations) of a course or of one class, and
-- the students' submissions. Students see the active activities of the courses they are actively enrolled
-- in and submit their own work, before the due date unless late submissions are allowed; the course's
-- teacher and administrators manage activities and grade. Grade fields are never the student's to write.
--
--   public.activities, its policies and column grants; stamp_activity_creator (trigger).
--   Helpers: private.activity_course_id(activity), taught_activity_ids(), teaches_activity(activity),
--     can_submit_to_activity(activity), is_due_this_week(due_date) (from now to 168 hours ahead, both
--     ends included: the same instants in every time zone, like the front end's dueThisWeek).
--   public.activity_submissions, its policies and column grants; guard_submission (trigger) holds the
--     rules the policies cannot express per column. file_names are the original names of the files in
--     file_urls, one per entry in the same order, written by the student with the work.

create table public.activities (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text not null check (char_length(description) <= 5000),
  type text not null default 'assignment' check (type in ('assignment', 'quiz', 'project', 'homework', 'presentation')),
  course_id uuid references public.courses (id) on delete cascade,
  class_id uuid references public.classes (id) on delete cascade,
  due_date timestamptz,
  max_points integer not null default 100 check (max_points >= 1),
  instructions text check (char_length(instructions) <= 10000),
  allow_late_submission boolean not null default false,
  is_active boolean not null default true,
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint activities_course_or_class check (num_nonnulls(course_id, class_id) = 1),
  -- A grade is numeric(6, 2), so it holds at most 9999.99: an activity worth more could never be given
  -- full marks. The activity form refuses the same (ACTIVITY_POINTS in rules/activity-form.ts).
  constraint activities_max_points_limit check (max_points <= 9999)
);

comment on table public.activities is 'Work set for a course or for one of its classes (exactly one of course_id, class_id).';
comment on column public.activities.due_date is 'Optional deadline; after it submissions are refused unless allow_late_submission.';
comment on column public.activities.is_active is 'Inactive activities are hidden from students and closed for submissions.';
comment on column public.activities.created_by is 'Stamped with the caller on insert through the API.';

-- Activities by course and by class with their ids: the teacher's activities (taught_activity_ids, read
-- by the submissions policy) straight from the indexes.
create index activities_course_id_idx on public.activities (course_id) include (id) where course_id is not null;
create index activities_class_id_idx on public.activities (class_id) include (id) where class_id is not null;
create index activities_due_date_idx on public.activities (due_date);
create index activities_created_at_idx on public.activities (created_at desc);
create index activities_is_active_idx on public.activities (is_active);
create index activities_created_by_idx on public.activities (created_by);
create index activities_title_trgm_idx on public.activities using gin (title extensions.gin_trgm_ops);

alter table public.activities enable row level security;

-- The course an activity belongs to, directly or through its class.
create function private.activity_course_id(activity_uuid uuid) returns uuid
language sql stable security definer set search_path = ''
as $$
  select coalesce(a.course_id, c.course_id)
    from public.activities a
    left join public.classes c on c.id = a.class_id
   where a.id = activity_uuid
$$;

-- The activities a teacher runs: those of their courses by course, those of their courses' classes by
-- class (an activity belongs to exactly one of the two), each through its index.
create function private.taught_activity_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  with taught as (select private.taught_course_ids() as ids)
  select coalesce(array_agg(x.id), '{}')
    from (
      select a.id
        from public.activities a
       where a.course_id = any ((select t.ids from taught t)::uuid[])
      union all
      select a.id
        from public.classes cl
        join public.activities a on a.class_id = cl.id
       where cl.course_id = any ((select t.ids from taught t)::uuid[])
    ) x
$$;

create function private.teaches_activity(activity_uuid uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select private.teaches_course((select private.activity_course_id(activity_uuid)))), false)
$$;

-- The caller may hand in work for this activity: active, and in a course the caller is actively enrolled in.
create function private.can_submit_to_activity(activity_uuid uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.activities a
     where a.id = activity_uuid
       and a.is_active
       and (select private.is_enrolled((select private.activity_course_id(a.id))))
  )
$$;

-- Due this week: from now to 168 hours (7 × 24 h) ahead, both ends included. An SQL-standard body the
-- planner inlines into the calling query.
create function private.is_due_this_week(due_date timestamptz) returns boolean
language sql stable parallel safe
return due_date >= now() and due_date <= now() + interval '168 hours';

comment on function private.is_due_this_week(timestamptz) is
  'Due this week: due between now and 168 hours from now, both included (the same instants in every time zone).';

revoke execute on function
  private.activity_course_id(uuid),
  private.taught_activity_ids(),
  private.teaches_activity(uuid),
  private.can_submit_to_activity(uuid),
  private.is_due_this_week(timestamptz)
from public;
grant execute on function
  private.activity_course_id(uuid),
  private.taught_activity_ids(),
  private.teaches_activity(uuid),
  private.can_submit_to_activity(uuid),
  private.is_due_this_week(timestamptz)
to authenticated, service_role;

-- A student's and a teacher's classes are long lists (hundreds): tested as one hashed subplan per
-- statement (`class_id in (select unnest(...))`), not element by element for every row.
create policy "Students can view the active activities of their courses"
  on public.activities for select
  to authenticated
  using (
    is_active
    and (course_id = any ((select private.enrolled_course_ids())::uuid[])
         or class_id in (select unnest((select private.enrolled_class_ids()))))
  );

create policy "Teachers can view the activities of their courses"
  on public.activities for select
  to authenticated
  using (
    course_id = any ((select private.taught_course_ids())::uuid[])
    or class_id in (select unnest((select private.taught_class_ids())))
  );

create policy "Admins can view every activity"
  on public.activities for select
  to authenticated
  using ((select private.is_admin()));

create policy "Teachers can create activities in their courses"
  on public.activities for insert
  to authenticated
  with check (
    course_id = any ((select private.taught_course_ids())::uuid[])
    or class_id = any ((select private.taught_class_ids())::uuid[])
  );

create policy "Admins can create activities"
  on public.activities for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Teachers can update the activities of their courses"
  on public.activities for update
  to authenticated
  using (
    course_id = any ((select private.taught_course_ids())::uuid[])
    or class_id = any ((select private.taught_class_ids())::uuid[])
  )
  with check (
    course_id = any ((select private.taught_course_ids())::uuid[])
    or class_id = any ((select private.taught_class_ids())::uuid[])
  );

create policy "Admins can update every activity"
  on public.activities for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Teachers can delete the activities of their courses"
  on public.activities for delete
  to authenticated
  using (
    course_id = any ((select private.taught_course_ids())::uuid[])
    or class_id = any ((select private.taught_class_ids())::uuid[])
  );

create policy "Admins can delete activities"
  on public.activities for delete
  to authenticated
  using ((select private.is_admin()));

revoke all on public.activities from anon, authenticated;
grant select, delete on public.activities to authenticated;
-- created_by may be sent, but the trigger below stamps the caller anyway.
grant insert (
  id, title, description, type, course_id, class_id, due_date, max_points, instructions, allow_late_submission,
  is_active, created_by
) on public.activities to authenticated;
grant update (
  title, description, type, course_id, class_id, due_date, max_points, instructions, allow_late_submission,
  is_active
) on public.activities to authenticated;
grant all on public.activities to service_role;

create function private.stamp_activity_creator() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not (select private.is_trusted_caller()) then
    new.created_by := (select auth.uid());
  end if;
  return new;
end
$$;

create trigger stamp_activity_creator
  before insert on public.activities
  for each row execute function private.stamp_activity_creator();

create trigger touch_activities_updated_at
  before update on public.activities
  for each row execute function private.touch_updated_at();

revoke execute on function private.stamp_activity_creator() from public;

-- Submissions --------------------------------------------------------------------------------------

-- Each original file name is what the student's file was called: not blank, at most 255 characters.
-- Immutable, so the table's check may use it (hence defined before the table).
create function private.valid_file_names(names text[]) returns boolean
language sql immutable parallel safe
return coalesce((select bool_and(n is not null and char_length(btrim(n)) between 1 and 255) from unnest(names) as n), true);

revoke execute on function private.valid_file_names(text[]) from public;
grant execute on function private.valid_file_names(text[]) to authenticated, service_role;

create table public.activity_submissions (
  id uuid primary key default gen_random_uuid(),
  activity_id uuid not null references public.activities (id) on delete cascade,
  student_id uuid not null references public.users (id) on delete cascade,
  submission_text text check (char_length(submission_text) <= 20000),
  file_urls text[] not null default '{}' check (cardinality(file_urls) <= 20),
  submitted_at timestamptz not null default now(),
  status text not null default 'submitted' check (status in ('submitted', 'graded', 'returned')),
  grade numeric(6, 2) check (grade >= 0),
  feedback text check (char_length(feedback) <= 5000),
  graded_by uuid references public.users (id) on delete set null,
  graded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  file_names text[] not null default '{}',
  constraint activity_submissions_activity_id_student_id_key unique (activity_id, student_id),
  constraint activity_submissions_file_names_count
    check (cardinality(file_names) = 0 or cardinality(file_names) = cardinality(file_urls)),
  constraint activity_submissions_file_names_check check (private.valid_file_names(file_names))
);

comment on table public.activity_submissions is
  'A student''s work for an activity (one per student and activity; re-submitting updates it).';
comment on column public.activity_submissions.file_urls is
  'Object names in the activity-submissions bucket, each under <student_id>/<activity_id>/.';
comment on column public.activity_submissions.grade is
  'Points, 0 to the activity''s max_points (checked by trigger); only the course''s teacher or an admin sets it.';
comment on column public.activity_submissions.graded_by is 'Stamped by trigger when a grade or feedback is set.';
comment on column public.activity_submissions.graded_at is 'Stamped by trigger when a grade or feedback is set.';
comment on column public.activity_submissions.file_names is
  'The original names of the files in file_urls, in the same order (empty for work handed in before names were kept); each 1–255 characters.';

-- (activity_id, student_id) is covered by the unique constraint's index.
create index activity_submissions_student_id_submitted_at_idx on public.activity_submissions (student_id, submitted_at desc);
-- An activity's submissions newest first, ties by id, with who handed each in and its status:
-- submission counts, graded counts and waiting work straight from the index, and the recent-activity
-- panel stops after a few rows per activity.
create index activity_submissions_activity_id_submitted_at_id_idx
  on public.activity_submissions (activity_id, submitted_at desc, id) include (student_id, status);
create index activity_submissions_submitted_at_idx on public.activity_submissions (submitted_at desc);
create index activity_submissions_status_idx on public.activity_submissions (status);
create index activity_submissions_graded_by_idx on public.activity_submissions (graded_by);

alter table public.activity_submissions enable row level security;

create policy "Students can view their own submissions"
  on public.activity_submissions for select
  to authenticated
  using (student_id = (select auth.uid()));

create policy "Teachers can view submissions in their courses"
  on public.activity_submissions for select
  to authenticated
  using (activity_id = any ((select private.taught_activity_ids())::uuid[]));

create policy "Admins can view every submission"
  on public.activity_submissions for select
  to authenticated
  using ((select private.is_admin()));

create policy "Students can submit their own work"
  on public.activity_submissions for insert
  to authenticated
  with check (student_id = (select auth.uid()) and (select private.can_submit_to_activity(activity_id)));

create policy "Students can update their own submissions"
  on public.activity_submissions for update
  to authenticated
  using (student_id = (select auth.uid()))
  with check (student_id = (select auth.uid()) and (select private.can_submit_to_activity(activity_id)));

create policy "Teachers can grade submissions in their courses"
  on public.activity_submissions for update
  to authenticated
  using (activity_id = any ((select private.taught_activity_ids())::uuid[]))
  with check (activity_id = any ((select private.taught_activity_ids())::uuid[]));

create policy "Admins can grade every submission"
  on public.activity_submissions for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can delete submissions"
  on public.activity_submissions for delete
  to authenticated
  using ((select private.is_admin()));

revoke all on public.activity_submissions from anon, authenticated;
grant select, delete on public.activity_submissions to authenticated;
grant insert (id, activity_id, student_id, submission_text, file_urls, file_names)
  on public.activity_submissions to authenticated;
-- activity_id and student_id are listed so an upsert on (activity_id, student_id) works; the trigger
-- refuses moving a submission. Who may change which of the rest is decided by the trigger below.
grant update (activity_id, student_id, submission_text, file_urls, file_names, status, grade, feedback)
  on public.activity_submissions to authenticated;
grant all on public.activity_submissions to service_role;

-- One place for the submission rules the policies cannot express per column:
--   * the grade is at most the activity's max_points (everyone, trusted code included);
--   * the student (through the API) writes only the work (text, files and their names), before the due
--     date unless the activity allows late work, never grade, feedback or status; re-submitting resets
--     the status to 'submitted';
--   * graders (the course's teacher, admins) write only grade, feedback and status;
--   * setting a grade or feedback stamps graded_by/graded_at, and a grade makes the status 'graded'
--     unless the same update sets the status itself.
create function private.guard_submission() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_activity public.activities%rowtype;
  v_trusted boolean := (select private.is_trusted_caller());
  v_grader boolean;
  v_grading_changed boolean;
  v_status_set boolean;
begin
  select * into v_activity from public.activities a where a.id = new.activity_id;

  if new.grade is not null and new.grade > v_activity.max_points then
    raise exception 'The grade cannot be higher than the activity''s maximum of % points', v_activity.max_points
      using errcode = '23514';
  end if;

  if tg_op = 'INSERT' then
    v_grading_changed := new.grade is not null or new.feedback is not null;
    v_status_set := new.status <> 'submitted';
  else
    v_grading_changed := (new.grade, new.feedback) is distinct from (old.grade, old.feedback);
    v_status_set := new.status is distinct from old.status;
  end if;

  if not v_trusted then
    if tg_op = 'UPDATE' and (new.activity_id, new.student_id) is distinct from (old.activity_id, old.student_id) then
      raise exception 'A submission cannot be moved to another activity or student' using errcode = '42501';
    end if;

    v_grader := (select private.is_admin()) or (select private.teaches_activity(new.activity_id));
    if new.student_id = (select auth.uid()) and not v_grader then
      if v_grading_changed or (v_status_set and new.status <> 'submitted') then
        raise exception 'Only the course''s teacher or an administrator can grade submissions'
          using errcode = '42501';
      end if;
      if tg_op = 'UPDATE' and old.status = 'graded' then
        raise exception 'This submission has already been graded' using errcode = '23514';
      end if;
      if v_activity.due_date is not null and now() > v_activity.due_date and not v_activity.allow_late_submission then
        raise exception 'The due date for this activity has passed' using errcode = '23514';
      end if;
      new.status := 'submitted';
      new.submitted_at := now();
      new.graded_by := case when tg_op = 'UPDATE' then old.graded_by end;
      new.graded_at := case when tg_op = 'UPDATE' then old.graded_at end;
      return new;
    end if;

    if tg_op = 'UPDATE'
       and (new.submission_text, new.file_urls, new.file_names, new.submitted_at)
           is distinct from (old.submission_text, old.file_urls, old.file_names, old.submitted_at) then
      raise exception 'Only the student can change the submitted work' using errcode = '42501';
    end if;
  end if;

  if v_grading_changed then
    if v_trusted then
      -- Seeds may record who graded and when; otherwise now.
      if new.graded_at is null or (tg_op = 'UPDATE' and new.graded_at is not distinct from old.graded_at) then
        new.graded_at := now();
      end if;
    else
      new.graded_by := (select auth.uid());
      new.graded_at := now();
    end if;
    if new.grade is not null and not v_status_set then
      new.status := 'graded';
    end if;
  elsif not v_trusted and tg_op = 'UPDATE' then
    new.graded_by := old.graded_by;
    new.graded_at := old.graded_at;
  end if;
  return new;
end
$$;

create trigger guard_submission
  before insert or update on public.activity_submissions
  for each row execute function private.guard_submission();

create trigger touch_activity_submissions_updated_at
  before update on public.activity_submissions
  for each row execute function private.touch_updated_at();

revoke execute on function private.guard_submission() from public;
