-- Course reviews: a student rates a course they are or were enrolled in, 1 to 5 stars with an optional
-- comment, one review per student and course (editing replaces it). Everyone signed in reads reviews:
-- the catalog shows each course's average rating and review count.

create table public.course_reviews (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  student_id uuid not null references public.users (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  comment text check (char_length(comment) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint course_reviews_course_id_student_id_key unique (course_id, student_id)
);

comment on table public.course_reviews is 'A student''s 1–5 rating of a course they are or were enrolled in.';
comment on column public.course_reviews.rating is 'Stars, 1 to 5.';

-- (course_id, student_id) is covered by the unique constraint's index.
create index course_reviews_student_id_idx on public.course_reviews (student_id);
create index course_reviews_created_at_idx on public.course_reviews (course_id, created_at desc);

alter table public.course_reviews enable row level security;

create policy "Signed-in users can view course reviews"
  on public.course_reviews for select
  to authenticated
  using (true);

create policy "Students can review courses they took"
  on public.course_reviews for insert
  to authenticated
  with check (student_id = (select auth.uid()) and (select private.was_enrolled(course_id)));

create policy "Students can edit their own reviews"
  on public.course_reviews for update
  to authenticated
  using (student_id = (select auth.uid()))
  with check (student_id = (select auth.uid()) and (select private.was_enrolled(course_id)));

create policy "Students can delete their own reviews"
  on public.course_reviews for delete
  to authenticated
  using (student_id = (select auth.uid()));

create policy "Admins can delete reviews"
  on public.course_reviews for delete
  to authenticated
  using ((select private.is_admin()));

revoke all on public.course_reviews from anon, authenticated;
grant select, delete on public.course_reviews to authenticated;
grant insert (id, course_id, student_id, rating, comment) on public.course_reviews to authenticated;
-- course_id and student_id are listed so an upsert on (course_id, student_id) works.
grant update (course_id, student_id, rating, comment) on public.course_reviews to authenticated;
grant all on public.course_reviews to service_role;

create trigger touch_course_reviews_updated_at
  before update on public.course_reviews
  for each row execute function private.touch_updated_at();
