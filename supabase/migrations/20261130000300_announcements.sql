-- Course announcements (issue 30, docs/announcements.md): a course's teacher or an administrator posts
-- news to the course (Markdown), pins what matters; the course's students read it on the course page and
-- their dashboard, live, and are told through the notifications (kind announcement_posted).
--
--   public.announcements: one row per announcement. Written by the course's teacher and administrators
--     (row security); author_id is the person who posted (the column's default, not grantable). Read by
--     them, and by the course's students whose enrolment is active or completed (a completed student may
--     still read what was said while they took it). Deletes are real deletes: the apps' live reads
--     refetch on any delete (Realtime sends deletes with the key only).
--   email_students: the "Email it to the course's active students" choice when posting. Ticked: each
--     active student gets the mail unless they turned announcement mail off (Profile → Notifications).
--     Not ticked: no mail at all, the bell only (for those who keep it in the app).

create table public.announcements (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  -- Who posted; kept when their account goes (the announcement belongs to the course).
  author_id uuid default auth.uid() references public.users (id) on delete set null,
  title text not null,
  body text not null,
  pinned boolean not null default false,
  email_students boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Named so the apps say what to fix (shared-data CONSTRAINT_MESSAGES).
  constraint announcements_title_check check (char_length(btrim(title)) between 1 and 200),
  constraint announcements_body_check check (char_length(btrim(body)) between 1 and 10000)
);

comment on table public.announcements is
  'A course''s announcements (Markdown body): written by its teacher and administrators, read by its active and completed students.';
comment on column public.announcements.email_students is
  'Posted with "Email it to the course''s active students": mail goes to each who has not turned announcement mail off.';

-- A course's list (pinned first, newest next) and the dashboard's newest across courses.
create index announcements_course_newest_idx
  on public.announcements (course_id, pinned desc, created_at desc);
create index announcements_newest_idx on public.announcements (created_at desc);
create index announcements_author_id_idx on public.announcements (author_id);

-- The courses whose announcements the caller reads as a student: active or completed enrolment.
create function private.announcement_course_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(e.course_id), '{}')
    from public.enrollments e
   where e.user_id = (select auth.uid())
     and e.status in ('active', 'completed')
     and (select private.current_user_role()) is not null
$$;

comment on function private.announcement_course_ids() is
  'The courses the caller takes or completed (whose announcements they read).';

revoke execute on function private.announcement_course_ids() from public;
grant execute on function private.announcement_course_ids() to authenticated, service_role;

alter table public.announcements enable row level security;

create policy "Students can read the announcements of courses they take or completed"
  on public.announcements for select
  to authenticated
  using (course_id = any ((select private.announcement_course_ids())::uuid[]));

create policy "Teachers can read the announcements of their courses"
  on public.announcements for select
  to authenticated
  using (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can read every announcement"
  on public.announcements for select
  to authenticated
  using ((select private.is_admin()));

create policy "Teachers can post announcements to their courses"
  on public.announcements for insert
  to authenticated
  with check (
    course_id = any ((select private.taught_course_ids())::uuid[])
    and author_id = (select auth.uid())
  );

create policy "Admins can post announcements to any course"
  on public.announcements for insert
  to authenticated
  with check ((select private.is_admin()) and author_id = (select auth.uid()));

create policy "Teachers can edit the announcements of their courses"
  on public.announcements for update
  to authenticated
  using (course_id = any ((select private.taught_course_ids())::uuid[]))
  with check (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can edit every announcement"
  on public.announcements for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Teachers can delete the announcements of their courses"
  on public.announcements for delete
  to authenticated
  using (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can delete every announcement"
  on public.announcements for delete
  to authenticated
  using ((select private.is_admin()));

-- The author is the signed-in person (the default) and an announcement stays in its course: neither
-- column can be sent. Whether it was emailed is decided once, when posting.
revoke all on public.announcements from anon, authenticated;
grant select, delete on public.announcements to authenticated;
grant insert (course_id, title, body, pinned, email_students) on public.announcements to authenticated;
grant update (title, body, pinned) on public.announcements to authenticated;
grant all on public.announcements to service_role;

create trigger touch_announcements_updated_at
  before update on public.announcements
  for each row execute function private.touch_updated_at();

create trigger require_two_factor before insert or update or delete on public.announcements
  for each statement execute function private.require_two_factor_for_staff('teacher');

alter publication supabase_realtime add table public.announcements;

-- Telling the students ---------------------------------------------------------------------------------

insert into public.notification_kinds (kind, in_app_default, email_default)
values ('announcement_posted', true, true);

-- A new announcement: the course's active students (never the author), in the app as each chose; by
-- mail only when it was posted with email_students, and then as each chose (notify applies the
-- preferences and writes the mail it would send, which is taken back when the poster did not tick it).
create function private.notify_announcement_posted() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if (select private.is_trusted_caller()) then
    return null;
  end if;
  perform private.notify(private.course_audience(new.course_id), 'announcement_posted', new.course_id, new.id,
                         jsonb_build_object(
                           'courseTitle', (select co.title from public.courses co where co.id = new.course_id),
                           'title', new.title));
  if not new.email_students then
    delete from private.notification_mail m
     where m.kind = 'announcement_posted' and m.subject_id = new.id;
  end if;
  return null;
end
$$;

revoke execute on function private.notify_announcement_posted() from public;

create trigger notify_announcement_posted
  after insert on public.announcements
  for each row execute function private.notify_announcement_posted();
