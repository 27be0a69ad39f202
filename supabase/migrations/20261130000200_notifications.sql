-- Notifications (issue 30, docs/notifications.md): an in-app inbox and email, per kind as each person
-- chooses, written only by the database so no client can forge one.
--
--   public.notification_kinds: the kinds and their defaults (in the app, by email). Adding a kind is one
--     insert here (and its texts in the apps and in send-mail); notifications and preferences refer to it.
--   public.notifications: one row per person and event, with what the reader's screen needs to write it
--     in the reader's language (ids, titles, dates; never a prebuilt sentence). Written by the
--     `security definer` trigger functions below; the reader selects their own rows and marks them read
--     through mark_notifications_read(ids) (all when null). Live: in supabase_realtime.
--   public.notification_preferences: a person's choice for a kind (own rows only); no row = the kind's
--     defaults. At least one of in_app, by_email.
--   private.notification_mail: a notification to mail, waiting for send-mail to write it in the
--     recipient's language with the school's branding (claim_notification_mail, queue_notification_mail).
--   private.reminders_sent: one row per person + item + reminder kind, so a reminder goes out once.
--   public.queue_due_reminders(): service role only (send-mail, on its schedule): a live class starting
--     within the hour, an active activity due within 24 hours the student has not submitted.
--
-- Who is told: the course's active students (active enrolment, active account), never the person who
-- made the change. Trusted callers (seeds, migrations, the service role's loads) write none, as for the
-- enrolment alerts; reminders are the service role's own work (queue_due_reminders).

-- 1. Kinds ----------------------------------------------------------------------------------------------

create table public.notification_kinds (
  kind text primary key check (kind ~ '^[a-z_]{1,40}$'),
  in_app_default boolean not null,
  email_default boolean not null,
  constraint notification_kinds_default_check check (in_app_default or email_default)
);

comment on table public.notification_kinds is
  'The kinds of notification and their defaults (in the app, by email). A new kind is one insert in a migration.';

insert into public.notification_kinds (kind, in_app_default, email_default) values
  ('submission_graded', true, true),
  ('material_added', true, false),
  ('activity_added', true, false),
  ('class_scheduled', true, true),
  ('class_moved', true, true),
  ('class_cancelled', true, true),
  ('enrollment_confirmed', true, true),
  ('class_reminder', true, true),
  ('activity_reminder', true, true);

alter table public.notification_kinds enable row level security;

create policy "Signed-in people can read the notification kinds"
  on public.notification_kinds for select
  to authenticated
  using (true);

revoke all on public.notification_kinds from anon, authenticated;
grant select on public.notification_kinds to authenticated;
grant all on public.notification_kinds to service_role;

-- 2. Notifications --------------------------------------------------------------------------------------

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  kind text not null references public.notification_kinds (kind),
  -- No foreign keys: a notification outlives what it tells about (a cancelled class is deleted).
  course_id uuid,
  subject_id uuid,
  data jsonb not null default '{}' check (jsonb_typeof(data) = 'object'),
  read_at timestamptz,
  created_at timestamptz not null default clock_timestamp()
);

comment on table public.notifications is
  'A person''s notifications, written by database triggers. data: titles and dates to render in the reader''s language (courseTitle, title, scheduledDate, previousDate, duration, grade, maxPoints, dueDate).';
comment on column public.notifications.subject_id is
  'What it is about: the class, activity, material, submission''s activity or enrollment id (by kind).';

-- "My newest" (the bell's list, paged by created_at, id) and "my unread count".
create index notifications_user_newest_idx on public.notifications (user_id, created_at desc, id desc);
create index notifications_user_unread_idx on public.notifications (user_id) where read_at is null;
create index notifications_kind_idx on public.notifications (kind);

alter table public.notifications enable row level security;

create policy "People can read their own notifications"
  on public.notifications for select
  to authenticated
  using (user_id = (select auth.uid()));

-- No insert, update or delete for API users: triggers write, mark_notifications_read marks.
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;
grant all on public.notifications to service_role;

alter publication supabase_realtime add table public.notifications;

-- The definer does the update (API users have no update grant on the table); the exposed function is
-- security invoker, like every function of the API schema.
create function private.mark_notifications_read(ids uuid[]) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_count integer;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to mark notifications read' using errcode = '42501';
  end if;
  update public.notifications n
     set read_at = now()
   where n.user_id = (select auth.uid())
     and n.read_at is null
     and (ids is null or n.id = any (ids));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

create function public.mark_notifications_read(ids uuid[] default null) returns integer
language sql volatile security invoker set search_path = ''
as $$
  select private.mark_notifications_read(mark_notifications_read.ids)
$$;

comment on function public.mark_notifications_read(uuid[]) is
  'Marks the caller''s notifications read: those ids, or all when ids is null. Answers how many changed.';

revoke execute on function private.mark_notifications_read(uuid[]) from public;
grant execute on function private.mark_notifications_read(uuid[]) to authenticated;
revoke execute on function public.mark_notifications_read(uuid[]) from public, anon;
grant execute on function public.mark_notifications_read(uuid[]) to authenticated;

-- 3. Preferences ----------------------------------------------------------------------------------------

create table public.notification_preferences (
  user_id uuid not null references public.users (id) on delete cascade,
  kind text not null references public.notification_kinds (kind) on delete cascade,
  in_app boolean not null,
  by_email boolean not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, kind),
  constraint notification_preferences_some_channel check (in_app or by_email)
);

comment on table public.notification_preferences is
  'A person''s choice per kind (in the app, by email or both); no row: the kind''s defaults.';

create index notification_preferences_kind_idx on public.notification_preferences (kind);

alter table public.notification_preferences enable row level security;

create policy "People can read their own notification preferences"
  on public.notification_preferences for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "People can choose their own notification preferences"
  on public.notification_preferences for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "People can change their own notification preferences"
  on public.notification_preferences for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "People can reset their own notification preferences"
  on public.notification_preferences for delete
  to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.notification_preferences from anon, authenticated;
grant select, delete on public.notification_preferences to authenticated;
-- An upsert (PostgREST's on conflict) sets every column it sends; the policies keep the rows one's own.
grant insert (user_id, kind, in_app, by_email), update (user_id, kind, in_app, by_email)
  on public.notification_preferences to authenticated;
grant all on public.notification_preferences to service_role;

create trigger touch_notification_preferences_updated_at
  before update on public.notification_preferences
  for each row execute function private.touch_updated_at();

-- 4. Writing them ---------------------------------------------------------------------------------------

create table private.notification_mail (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  kind text not null references public.notification_kinds (kind),
  course_id uuid,
  subject_id uuid,
  data jsonb not null default '{}',
  created_at timestamptz not null default clock_timestamp(),
  claim_id uuid,
  locked_until timestamptz
);

comment on table private.notification_mail is
  'Notifications to mail: send-mail writes each in the recipient''s language and queues it (private.mail_queue).';

create index notification_mail_created_at_idx on private.notification_mail (created_at);
create index notification_mail_user_id_idx on private.notification_mail (user_id);
create index notification_mail_kind_idx on private.notification_mail (kind);

alter table private.notification_mail enable row level security;
revoke all on private.notification_mail from public, anon, authenticated;
grant all on private.notification_mail to service_role;

-- Tells `recipients` (minus the person acting) about one event, in the app and/or by email as each chose.
create function private.notify(
  recipients uuid[], p_kind text, p_course_id uuid, p_subject_id uuid, p_data jsonb
) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_actor uuid := (select auth.uid());
  v_email_on boolean;
begin
  if coalesce(cardinality(recipients), 0) = 0 then
    return;
  end if;
  select coalesce((s.notifications ->> 'emailNotifications')::boolean, true) into v_email_on
    from public.app_settings s where s.id = 1;

  with chosen as (
    select r.user_id,
           coalesce(p.in_app, k.in_app_default) as in_app,
           coalesce(p.by_email, k.email_default) as by_email
      from (select distinct unnest(recipients) as user_id) r
      join public.users u on u.id = r.user_id and u.is_active
      join public.notification_kinds k on k.kind = p_kind
      left join public.notification_preferences p on p.user_id = r.user_id and p.kind = p_kind
     where r.user_id is distinct from v_actor
  ), in_app as (
    insert into public.notifications (user_id, kind, course_id, subject_id, data)
    select c.user_id, p_kind, p_course_id, p_subject_id, p_data from chosen c where c.in_app
  )
  insert into private.notification_mail (user_id, kind, course_id, subject_id, data)
  select c.user_id, p_kind, p_course_id, p_subject_id, p_data
    from chosen c
   where c.by_email and coalesce(v_email_on, true);
end
$$;

-- The students a course's news is for: active enrolment, active account.
create function private.course_audience(p_course_id uuid) returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(e.user_id), '{}')
    from public.enrollments e
    join public.users u on u.id = e.user_id
   where e.course_id = p_course_id and e.status = 'active' and u.is_active
$$;

create function private.class_data(c public.classes) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'courseTitle', (select co.title from public.courses co where co.id = c.course_id),
    'title', c.title,
    'scheduledDate', c.scheduled_date,
    'duration', c.duration,
    'type', c.type
  )
$$;

-- Classes: scheduled, moved (date, time, duration or link), cancelled (deleted before it ended).
create function private.notify_class_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if (select private.is_trusted_caller()) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    if private.class_ends_at(new.scheduled_date, new.duration) > now() then
      perform private.notify(private.course_audience(new.course_id), 'class_scheduled', new.course_id, new.id,
                             private.class_data(new));
    end if;
  elsif tg_op = 'UPDATE' then
    if private.class_ends_at(new.scheduled_date, new.duration) > now()
       and (new.scheduled_date, new.duration, new.meeting_link)
           is distinct from (old.scheduled_date, old.duration, old.meeting_link) then
      perform private.notify(private.course_audience(new.course_id), 'class_moved', new.course_id, new.id,
                             private.class_data(new) || jsonb_build_object(
                               'previousDate', old.scheduled_date, 'previousDuration', old.duration));
    end if;
  elsif tg_op = 'DELETE' then
    -- A course being deleted takes its classes along: nobody is told about each class.
    if private.class_ends_at(old.scheduled_date, old.duration) > now()
       and exists (select 1 from public.courses co where co.id = old.course_id) then
      perform private.notify(private.course_audience(old.course_id), 'class_cancelled', old.course_id, old.id,
                             private.class_data(old));
    end if;
  end if;
  return null;
end
$$;

create trigger notify_class_change
  after insert or update or delete on public.classes
  for each row execute function private.notify_class_change();

-- Materials of a course (not the general library).
create function private.notify_material_added() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.course_id is null or (select private.is_trusted_caller()) then
    return null;
  end if;
  perform private.notify(private.course_audience(new.course_id), 'material_added', new.course_id, new.id,
                         jsonb_build_object(
                           'courseTitle', (select co.title from public.courses co where co.id = new.course_id),
                           'title', new.title));
  return null;
end
$$;

create trigger notify_material_added
  after insert on public.materials
  for each row execute function private.notify_material_added();

-- Activities: a new active one, or one made active.
create function private.notify_activity_added() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_course_id uuid;
begin
  if not new.is_active or (select private.is_trusted_caller()) then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.is_active then
    return null;
  end if;
  v_course_id := coalesce(new.course_id, (select c.course_id from public.classes c where c.id = new.class_id));
  perform private.notify(private.course_audience(v_course_id), 'activity_added', v_course_id, new.id,
                         jsonb_build_object(
                           'courseTitle', (select co.title from public.courses co where co.id = v_course_id),
                           'title', new.title,
                           'dueDate', new.due_date));
  return null;
end
$$;

create trigger notify_activity_added
  after insert or update of is_active on public.activities
  for each row execute function private.notify_activity_added();

-- A grade or feedback on a student's work: the student.
create function private.notify_submission_graded() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_activity public.activities%rowtype;
  v_course_id uuid;
begin
  if (select private.is_trusted_caller())
     or (new.grade is null and nullif(btrim(new.feedback), '') is null)
     or (new.grade, new.feedback) is not distinct from (old.grade, old.feedback) then
    return null;
  end if;
  select * into v_activity from public.activities a where a.id = new.activity_id;
  v_course_id := coalesce(v_activity.course_id,
                          (select c.course_id from public.classes c where c.id = v_activity.class_id));
  perform private.notify(array[new.student_id], 'submission_graded', v_course_id, new.activity_id,
                         jsonb_build_object(
                           'courseTitle', (select co.title from public.courses co where co.id = v_course_id),
                           'title', v_activity.title,
                           'grade', new.grade,
                           'maxPoints', v_activity.max_points,
                           'submissionId', new.id));
  return null;
end
$$;

create trigger notify_submission_graded
  after update of grade, feedback on public.activity_submissions
  for each row execute function private.notify_submission_graded();

-- An enrolment that became active: the student (unless they enrolled themselves).
create function private.notify_enrollment_confirmed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.status <> 'active' or (select private.is_trusted_caller()) then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.status = 'active' then
    return null;
  end if;
  perform private.notify(array[new.user_id], 'enrollment_confirmed', new.course_id, new.id,
                         jsonb_build_object(
                           'courseTitle', (select co.title from public.courses co where co.id = new.course_id)));
  return null;
end
$$;

create trigger notify_enrollment_confirmed
  after insert or update of status on public.enrollments
  for each row execute function private.notify_enrollment_confirmed();

-- 5. Reminders ------------------------------------------------------------------------------------------

create table private.reminders_sent (
  user_id uuid not null references public.users (id) on delete cascade,
  kind text not null references public.notification_kinds (kind),
  subject_id uuid not null,
  sent_at timestamptz not null default now(),
  primary key (user_id, kind, subject_id)
);

comment on table private.reminders_sent is
  'The reminders already sent: one per person + item (class, activity) + kind, so each goes out once.';

create index reminders_sent_kind_idx on private.reminders_sent (kind);
create index reminders_sent_sent_at_idx on private.reminders_sent (sent_at);

alter table private.reminders_sent enable row level security;
revoke all on private.reminders_sent from public, anon, authenticated;
grant all on private.reminders_sent to service_role;

-- (activities_due_date_idx, 20261122000700_activities.sql, serves the activity reminders.)

-- What is due now: a live class starting within the hour; an active activity due within 24 hours that
-- the student has not submitted. Each row: one person, one item.
create function private.due_reminders()
returns table (user_id uuid, kind text, course_id uuid, subject_id uuid, data jsonb)
language sql stable security definer set search_path = ''
as $$
  select e.user_id, 'class_reminder', c.course_id, c.id, private.class_data(c)
    from public.classes c
    join public.enrollments e on e.course_id = c.course_id and e.status = 'active'
    join public.users u on u.id = e.user_id and u.is_active
   where c.type = 'live'
     and c.scheduled_date > now() and c.scheduled_date <= now() + interval '1 hour'
     and not exists (select 1 from private.reminders_sent r
                      where r.user_id = e.user_id and r.kind = 'class_reminder' and r.subject_id = c.id)
  union all
  select e.user_id, 'activity_reminder', co.id, a.id,
         jsonb_build_object('courseTitle', co.title, 'title', a.title, 'dueDate', a.due_date)
    from public.activities a
    left join public.classes c on c.id = a.class_id
    join public.courses co on co.id = coalesce(a.course_id, c.course_id)
    join public.enrollments e on e.course_id = co.id and e.status = 'active'
    join public.users u on u.id = e.user_id and u.is_active
   where a.is_active
     and a.due_date > now() and a.due_date <= now() + interval '24 hours'
     and not exists (select 1 from public.activity_submissions s
                      where s.activity_id = a.id and s.student_id = e.user_id)
     and not exists (select 1 from private.reminders_sent r
                      where r.user_id = e.user_id and r.kind = 'activity_reminder' and r.subject_id = a.id)
$$;

-- True when a reminder is due or a notification waits to be mailed (the local schedule's cheap check).
create function private.has_notification_work() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from private.notification_mail m
                  where m.locked_until is null or m.locked_until <= now())
      or exists (select 1 from private.due_reminders())
$$;

create function public.queue_due_reminders() returns integer
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_row record;
  v_count integer := 0;
begin
  -- The primary key of reminders_sent decides who sends: a second run at the same time inserts nothing.
  for v_row in
    with due as (select * from private.due_reminders()),
    fresh as (
      insert into private.reminders_sent (user_id, kind, subject_id)
      select d.user_id, d.kind, d.subject_id from due d
      on conflict do nothing
      returning reminders_sent.user_id, reminders_sent.kind, reminders_sent.subject_id
    )
    select d.* from due d join fresh f using (user_id, kind, subject_id)
  loop
    perform private.notify(array[v_row.user_id], v_row.kind, v_row.course_id, v_row.subject_id, v_row.data);
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;

comment on function public.queue_due_reminders() is
  'Service role only (send-mail): sends the due class and activity reminders once each; answers how many.';

-- 6. Mailing them (send-mail) -----------------------------------------------------------------------------

alter table private.mail_queue drop constraint mail_queue_kind_check;
alter table private.mail_queue
  add constraint mail_queue_kind_check check (kind in ('enrollment_alert', 'auth', 'welcome', 'notification'));

-- Leases up to batch_size notifications to mail for 5 minutes, with what to write them with.
create function public.claim_notification_mail(batch_size integer default 20) returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_claim uuid := gen_random_uuid();
  v_mails jsonb;
begin
  if batch_size is null or batch_size not between 1 and 100 then
    raise exception 'batch_size must be between 1 and 100' using errcode = '22023';
  end if;
  with due as (
    select m.id from private.notification_mail m
     where m.locked_until is null or m.locked_until <= now()
     order by m.created_at
     limit batch_size
       for update skip locked
  ), claimed as (
    update private.notification_mail m
       set claim_id = v_claim, locked_until = now() + interval '5 minutes'
      from due
     where m.id = due.id
    returning m.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', c.id,
           'to', u.email,
           'kind', c.kind,
           'data', c.data,
           'recipient', public.mail_recipient(c.user_id),
           'timeZone', coalesce((select s.general ->> 'timezone' from public.app_settings s where s.id = 1), 'UTC')
         ) order by c.created_at), '[]'::jsonb)
    into v_mails
    from claimed c
    join public.users u on u.id = c.user_id;
  return jsonb_build_object('claim', v_claim, 'mails', v_mails);
end
$$;

comment on function public.claim_notification_mail(integer) is
  'Service role only: leases up to batch_size notifications to mail: {claim, mails [{id, to, kind, data, recipient, timeZone}]}.';

-- Queues the written mail of one leased notification and forgets the notification (one transaction).
create function public.queue_notification_mail(
  mail_id uuid, claim uuid, subject text, text_body text, html_body text
) returns boolean
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_to text;
begin
  delete from private.notification_mail m
   where m.id = mail_id and m.claim_id = claim
  returning (select u.email from public.users u where u.id = m.user_id) into v_to;
  if not found then
    return false;
  end if;
  if coalesce(btrim(v_to), '') <> '' then
    insert into private.mail_queue (kind, to_email, subject, text_body, html_body)
    values ('notification', btrim(v_to), subject, text_body, html_body);
  end if;
  return true;
end
$$;

comment on function public.queue_notification_mail(uuid, uuid, text, text, text) is
  'Service role only: queues the mail written for one leased notification and removes it from the waiting list.';

revoke execute on function
  private.notify(uuid[], text, uuid, uuid, jsonb),
  private.course_audience(uuid),
  private.class_data(public.classes),
  private.notify_class_change(),
  private.notify_material_added(),
  private.notify_activity_added(),
  private.notify_submission_graded(),
  private.notify_enrollment_confirmed(),
  private.due_reminders(),
  private.has_notification_work()
from public;
grant execute on function private.notify(uuid[], text, uuid, uuid, jsonb), private.due_reminders() to service_role;
grant execute on function private.has_notification_work() to service_role;

revoke execute on function
  public.queue_due_reminders(),
  public.claim_notification_mail(integer),
  public.queue_notification_mail(uuid, uuid, text, text, text)
from public, anon, authenticated;
grant execute on function
  public.queue_due_reminders(),
  public.claim_notification_mail(integer),
  public.queue_notification_mail(uuid, uuid, text, text, text)
to service_role;
