-- Demo data for the language-school portal: a school that looks alive whenever it is loaded. Every date
-- is relative to now() (classes run from six weeks ago to six weeks ahead, some today), so the demo never
-- goes stale. Loaded by `pnpm db:reset` (local-supabase) and `supabase db reset` alike: plain SQL, no psql
-- meta-commands, written the way hosted Supabase needs auth rows.
--
-- Files: materials and submissions below point at objects whose bytes live in supabase/seed/storage/
-- <bucket>/<object name>. local-supabase copies them into its storage on a fresh database
-- (local-supabase/src/seed-storage.ts); the Supabase CLI uploads them from `[storage.buckets.*]
-- objects_path` in supabase/config.toml.
--
-- Derived values are left to the database: enrolled_count (from active enrollments) and progress (from
-- attendance and graded work) are maintained by the migrations' triggers. The seed runs as a trusted
-- caller, which those triggers let record the past as it happened (who graded, when, who took attendance).
--
-- Ids: demo accounts keep their historical ids; other seeded rows use readable fixed ids
--   teachers b2e8c4a1-…-0000000000NN, students c3f7b5d2-…-0000000001NN, courses c0a5e000-…-0000000000NN,
--   materials 4a7e41a1-…-0000000000NN, activities ac71a1e0-…-0000000000NN.

-- 1. Accounts ------------------------------------------------------------------------------------------
-- Demo accounts, one per role, all with the password `password123`. GoTrue reads '' rather than NULL from
-- its token columns. The sign-up trigger creates each profile as a student; roles are set afterwards.
-- They last signed in yesterday, so their next sign-in is a return ('Welcome back', not a first visit).

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
values
  (
    '00000000-0000-0000-0000-000000000000', 'a1d9e3f0-0000-4000-8000-000000000001', 'authenticated',
    'authenticated', 'admin@school.test', extensions.crypt('password123', extensions.gen_salt('bf', 10)), now(),
    '{"provider":"email","providers":["email"]}', '{"first_name":"Alicia","last_name":"Romero"}',
    now() - interval '400 days', now(), now() - interval '1 day', '', '', '', ''
  ),
  (
    '00000000-0000-0000-0000-000000000000', 'b2e8c4a1-0000-4000-8000-000000000002', 'authenticated',
    'authenticated', 'teacher@school.test', extensions.crypt('password123', extensions.gen_salt('bf', 10)), now(),
    '{"provider":"email","providers":["email"]}', '{"first_name":"Daniel","last_name":"Ortega"}',
    now() - interval '380 days', now(), now() - interval '1 day', '', '', '', ''
  ),
  (
    '00000000-0000-0000-0000-000000000000', 'c3f7b5d2-0000-4000-8000-000000000003', 'authenticated',
    'authenticated', 'student@school.test', extensions.crypt('password123', extensions.gen_salt('bf', 10)), now(),
    '{"provider":"email","providers":["email"]}', '{"first_name":"Emma","last_name":"Collins"}',
    now() - interval '200 days', now(), now() - interval '1 day', '', '', '', ''
  );

-- More teachers and students, same password. `joined` is days ago.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', p.id::uuid, 'authenticated', 'authenticated', p.email,
       extensions.crypt('password123', extensions.gen_salt('bf', 10)), now() - make_interval(days => p.joined),
       '{"provider":"email","providers":["email"]}',
       jsonb_build_object('first_name', p.first_name, 'last_name', p.last_name),
       now() - make_interval(days => p.joined), now(),
       case when p.last_seen is not null then now() - make_interval(hours => p.last_seen) end,
       '', '', '', ''
  from (values
    -- teachers
    ('b2e8c4a1-0000-4000-8000-000000000011', 'lucia.martin@school.test', 'Lucía', 'Martín', 350, 5),
    ('b2e8c4a1-0000-4000-8000-000000000012', 'javier.navarro@school.test', 'Javier', 'Navarro', 300, 30),
    ('b2e8c4a1-0000-4000-8000-000000000013', 'sarah.mitchell@school.test', 'Sarah', 'Mitchell', 320, 2),
    ('b2e8c4a1-0000-4000-8000-000000000014', 'james.oconnor@school.test', 'James', 'O''Connor', 150, 70),
    -- students who speak Spanish and learn English
    ('c3f7b5d2-0000-4000-8000-000000000101', 'sofia.garcia@mail.test', 'Sofía', 'García', 120, 3),
    ('c3f7b5d2-0000-4000-8000-000000000102', 'mateo.rodriguez@mail.test', 'Mateo', 'Rodríguez', 118, 26),
    ('c3f7b5d2-0000-4000-8000-000000000103', 'valentina.lopez@mail.test', 'Valentina', 'López', 110, 8),
    ('c3f7b5d2-0000-4000-8000-000000000104', 'santiago.martinez@mail.test', 'Santiago', 'Martínez', 100, 50),
    ('c3f7b5d2-0000-4000-8000-000000000105', 'camila.sanchez@mail.test', 'Camila', 'Sánchez', 95, 1),
    ('c3f7b5d2-0000-4000-8000-000000000106', 'diego.perez@mail.test', 'Diego', 'Pérez', 90, 100),
    ('c3f7b5d2-0000-4000-8000-000000000107', 'isabella.gomez@mail.test', 'Isabella', 'Gómez', 88, 400),
    ('c3f7b5d2-0000-4000-8000-000000000108', 'martin.diaz@mail.test', 'Martín', 'Díaz', 80, 20),
    ('c3f7b5d2-0000-4000-8000-000000000109', 'lucia.hernandez@mail.test', 'Lucía', 'Hernández', 75, 6),
    ('c3f7b5d2-0000-4000-8000-000000000110', 'pablo.ruiz@mail.test', 'Pablo', 'Ruiz', 70, 30),
    ('c3f7b5d2-0000-4000-8000-000000000111', 'carmen.jimenez@mail.test', 'Carmen', 'Jiménez', 65, 12),
    ('c3f7b5d2-0000-4000-8000-000000000112', 'alejandro.moreno@mail.test', 'Alejandro', 'Moreno', 60, null),
    -- students who speak English and learn Spanish
    ('c3f7b5d2-0000-4000-8000-000000000113', 'olivia.smith@mail.test', 'Olivia', 'Smith', 130, 4),
    ('c3f7b5d2-0000-4000-8000-000000000114', 'liam.johnson@mail.test', 'Liam', 'Johnson', 210, 48),
    ('c3f7b5d2-0000-4000-8000-000000000115', 'charlotte.brown@mail.test', 'Charlotte', 'Brown', 105, 9),
    ('c3f7b5d2-0000-4000-8000-000000000116', 'noah.williams@mail.test', 'Noah', 'Williams', 98, 15),
    ('c3f7b5d2-0000-4000-8000-000000000117', 'amelia.taylor@mail.test', 'Amelia', 'Taylor', 92, 2),
    ('c3f7b5d2-0000-4000-8000-000000000118', 'oliver.davies@mail.test', 'Oliver', 'Davies', 85, 72),
    ('c3f7b5d2-0000-4000-8000-000000000119', 'grace.wilson@mail.test', 'Grace', 'Wilson', 82, 10),
    ('c3f7b5d2-0000-4000-8000-000000000120', 'henry.evans@mail.test', 'Henry', 'Evans', 78, 600),
    ('c3f7b5d2-0000-4000-8000-000000000121', 'chloe.thompson@mail.test', 'Chloe', 'Thompson', 220, 5),
    ('c3f7b5d2-0000-4000-8000-000000000122', 'jack.robinson@mail.test', 'Jack', 'Robinson', 74, 28),
    ('c3f7b5d2-0000-4000-8000-000000000123', 'mia.walker@mail.test', 'Mia', 'Walker', 215, 7),
    ('c3f7b5d2-0000-4000-8000-000000000124', 'ethan.wright@mail.test', 'Ethan', 'Wright', 68, 40),
    ('c3f7b5d2-0000-4000-8000-000000000125', 'hannah.green@mail.test', 'Hannah', 'Green', 62, 3)
  ) as p(id, email, first_name, last_name, joined, last_seen);

insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), u.id, u.id::text,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', u.last_sign_in_at, u.created_at, now()
  from auth.users u
 where u.email like '%@school.test' or u.email like '%@mail.test';

update public.users set role = 'admin', location = 'Madrid', phone = '+34 600 000 001'
 where id = 'a1d9e3f0-0000-4000-8000-000000000001';

update public.users
   set role = 'teacher', location = 'Valencia', phone = '+34 600 000 002',
       bio = 'Spanish and business English teacher. Ten years teaching adults, five of them in-company.',
       specializations = '{Business Spanish,Grammar,Business English}'
 where id = 'b2e8c4a1-0000-4000-8000-000000000002';

-- Specializations are what Teacher Management shows and filters by.
update public.users u
   set role = 'teacher', phone = p.phone, location = p.location, bio = p.bio,
       specializations = p.specializations::text[]
  from (values
    ('b2e8c4a1-0000-4000-8000-000000000011', '+34 611 234 567', 'Madrid',
     'Native Spanish teacher and DELE examiner. Loves teaching conversation through food, film and travel.',
     '{Conversation,DELE Preparation}'),
    ('b2e8c4a1-0000-4000-8000-000000000012', '+34 622 345 678', 'Sevilla',
     'PhD in Hispanic literature. Teaches advanced Spanish through novels, essays and debate.',
     '{Literature,Grammar}'),
    ('b2e8c4a1-0000-4000-8000-000000000013', '+44 7700 900123', 'London',
     'CELTA-qualified English teacher specialising in beginners and IELTS preparation.',
     '{Beginners,IELTS Preparation}'),
    ('b2e8c4a1-0000-4000-8000-000000000014', '+353 85 123 4567', 'Dublin',
     'Former sales director. Coaches professionals in presentations, negotiation and leadership English.',
     '{Business English,Presentations,Negotiation}')
  ) as p(id, phone, location, bio, specializations)
 where u.id = p.id::uuid;

update public.users set phone = '+44 7700 900456', location = 'Bristol',
       bio = 'Marketing analyst moving to Madrid next spring. Learning Spanish for work and tapas.'
 where id = 'c3f7b5d2-0000-4000-8000-000000000003';

update public.users u
   set phone = p.phone, location = p.location, bio = p.bio
  from (values
    ('c3f7b5d2-0000-4000-8000-000000000101', '+34 655 112 233', 'Barcelona', 'Architect preparing to work with clients in London.'),
    ('c3f7b5d2-0000-4000-8000-000000000102', '+52 55 1234 5678', 'Ciudad de México', null),
    ('c3f7b5d2-0000-4000-8000-000000000103', '+54 11 2345 6789', 'Buenos Aires', 'Nurse; wants to pass an English exam to work abroad.'),
    ('c3f7b5d2-0000-4000-8000-000000000105', null, 'Bogotá', 'University student of international business.'),
    ('c3f7b5d2-0000-4000-8000-000000000108', '+34 699 887 766', 'Valencia', null),
    ('c3f7b5d2-0000-4000-8000-000000000111', null, 'Málaga', 'Hotel receptionist practising English every day.'),
    ('c3f7b5d2-0000-4000-8000-000000000113', '+1 415 555 0134', 'San Francisco', 'Product designer; my team just opened an office in Mexico City.'),
    ('c3f7b5d2-0000-4000-8000-000000000116', null, 'Manchester', null),
    ('c3f7b5d2-0000-4000-8000-000000000119', '+61 4 1234 5678', 'Sydney', 'Retired teacher finally learning the Spanish I always wanted.'),
    ('c3f7b5d2-0000-4000-8000-000000000122', '+44 7700 900789', 'Edinburgh', 'Sales manager for a wine importer.'),
    ('c3f7b5d2-0000-4000-8000-000000000125', null, 'Toronto', 'Reading García Márquez in the original is my goal.')
  ) as p(id, phone, location, bio)
 where u.id = p.id::uuid;

-- 2. Courses -------------------------------------------------------------------------------------------
-- Spanish and English, general and business, every level. Course 05 is full (six seats, six active
-- students), course 09 ran last term and is inactive, course 10 has no teacher yet.

insert into public.courses (
  id, title, description, language, category, level, duration, teacher_id, price, max_students, created_at
)
select c.id::uuid, c.title, c.description, c.language, c.category, c.level, c.weeks, c.teacher_id::uuid, c.price,
       c.max_students, now() - make_interval(days => c.created_days_ago)
  from (values
    ('c0a5e000-0000-4000-8000-000000000001', 'Spanish for Beginners',
     'Start speaking from day one: greetings, numbers, ordering food, asking for directions and talking about your routine. Present tense, ser and estar, and the 500 most useful words.',
     'Spanish', 'general', 'beginner', 12, 'b2e8c4a1-0000-4000-8000-000000000002', 299.00, 25, 90),
    ('c0a5e000-0000-4000-8000-000000000002', 'Business Spanish: Meetings and Negotiation',
     'Run a meeting, present figures and negotiate terms in Spanish. Formal register, email conventions and the vocabulary of sales, finance and logistics.',
     'Spanish', 'business', 'intermediate', 10, 'b2e8c4a1-0000-4000-8000-000000000002', 449.00, 15, 80),
    ('c0a5e000-0000-4000-8000-000000000003', 'Conversational Spanish',
     'Speak with confidence about travel, food, work and opinions. Past tenses in real conversations, listening to native speakers from Spain and Latin America.',
     'Spanish', 'general', 'intermediate', 12, 'b2e8c4a1-0000-4000-8000-000000000011', 349.00, 20, 85),
    ('c0a5e000-0000-4000-8000-000000000004', 'Advanced Spanish: Literature and Debate',
     'Read short stories by Borges, Cortázar and Pardo Bazán, write essays and debate current affairs. Subjunctive mastery and a rich, precise vocabulary.',
     'Spanish', 'general', 'advanced', 14, 'b2e8c4a1-0000-4000-8000-000000000012', 520.00, 12, 70),
    ('c0a5e000-0000-4000-8000-000000000005', 'English Foundations',
     'A small-group course for complete beginners: introductions, everyday vocabulary, the present simple and continuous, and the confidence to hold a short conversation.',
     'English', 'general', 'beginner', 8, 'b2e8c4a1-0000-4000-8000-000000000013', 279.00, 6, 75),
    ('c0a5e000-0000-4000-8000-000000000006', 'Business English: Presentations and Email',
     'Write clear emails, structure a presentation and handle questions. Practical workshops with feedback on your own work documents.',
     'English', 'business', 'intermediate', 10, 'b2e8c4a1-0000-4000-8000-000000000002', 399.00, 20, 65),
    ('c0a5e000-0000-4000-8000-000000000007', 'Leadership Communication in English',
     'For managers who lead in English: giving feedback, running difficult conversations, negotiating and influencing across cultures.',
     'English', 'business', 'advanced', 8, 'b2e8c4a1-0000-4000-8000-000000000014', 590.00, 15, 60),
    ('c0a5e000-0000-4000-8000-000000000008', 'IELTS Academic Preparation',
     'Strategies and timed practice for all four IELTS papers. Weekly mock tasks marked against the official band descriptors.',
     'English', 'general', 'advanced', 10, 'b2e8c4a1-0000-4000-8000-000000000013', 480.00, 18, 72),
    ('c0a5e000-0000-4000-8000-000000000009', 'Spanish for Business Travel',
     'A short, practical course for your first business trip: airports, hotels, small talk with clients and business dinners.',
     'Spanish', 'business', 'beginner', 6, 'b2e8c4a1-0000-4000-8000-000000000011', 249.00, 20, 200),
    ('c0a5e000-0000-4000-8000-000000000010', 'English Pronunciation Workshop',
     'Sounds, stress and intonation that make you easier to understand. Short recorded drills plus live practice in pairs.',
     'English', 'general', 'beginner', 4, null, 149.00, 30, 50)
  ) as c(id, title, description, language, category, level, weeks, teacher_id, price, max_students, created_days_ago);

-- 3. Enrollments ---------------------------------------------------------------------------------------
-- (course, student, status, days ago). Student 0 is the demo student Emma Collins; n is
-- c3f7b5d2-…-0000000001<nn>. Course 09 is deactivated only after its students completed it.

insert into public.enrollments (course_id, user_id, status, enrolled_at, created_at)
select ('c0a5e000-0000-4000-8000-' || lpad(e.course::text, 12, '0'))::uuid,
       case when e.student = 0 then 'c3f7b5d2-0000-4000-8000-000000000003'::uuid
            else ('c3f7b5d2-0000-4000-8000-' || lpad((100 + e.student)::text, 12, '0'))::uuid end,
       e.status, now() - make_interval(days => e.days_ago), now() - make_interval(days => e.days_ago)
  from (values
    (1, 0, 'active', 50), (1, 13, 'active', 49), (1, 14, 'active', 48), (1, 15, 'active', 47), (1, 16, 'active', 47),
    (1, 17, 'active', 46), (1, 18, 'active', 45), (1, 19, 'active', 44), (1, 20, 'dropped', 45),
    (2, 0, 'active', 45), (2, 21, 'active', 44), (2, 22, 'active', 44), (2, 23, 'active', 43), (2, 24, 'active', 40),
    (2, 16, 'active', 38),
    (3, 0, 'active', 46), (3, 13, 'active', 46), (3, 17, 'active', 45), (3, 19, 'active', 44), (3, 25, 'active', 43),
    (4, 0, 'dropped', 47), (4, 18, 'active', 46), (4, 20, 'active', 46), (4, 22, 'active', 45), (4, 25, 'active', 45),
    (5, 1, 'active', 48), (5, 2, 'active', 48), (5, 3, 'active', 47), (5, 4, 'active', 46), (5, 5, 'active', 46),
    (5, 6, 'active', 45), (5, 7, 'dropped', 47),
    (6, 7, 'active', 44), (6, 8, 'active', 44), (6, 9, 'active', 43), (6, 10, 'active', 43), (6, 11, 'active', 42),
    (6, 12, 'active', 42), (6, 2, 'active', 40),
    (7, 9, 'active', 45), (7, 11, 'active', 45), (7, 12, 'active', 44), (7, 10, 'dropped', 44),
    (8, 3, 'active', 46), (8, 8, 'active', 46), (8, 10, 'active', 45), (8, 12, 'active', 45),
    (9, 0, 'completed', 150), (9, 14, 'completed', 150), (9, 21, 'completed', 149), (9, 23, 'completed', 148),
    (10, 1, 'active', 30), (10, 5, 'active', 28), (10, 6, 'active', 27), (10, 24, 'active', 25)
  ) as e(course, student, status, days_ago);

update public.courses set is_active = false where id = 'c0a5e000-0000-4000-8000-000000000009';

-- 4. Classes -------------------------------------------------------------------------------------------
-- One or two lessons a week per course, from six weeks ago to six weeks ahead (course 09: last term).
-- `anchor` is the weekday offset from today, so anchor 0 puts a lesson on today's date. Every
-- `recorded_every`-th lesson is a recorded one; live lessons use the course's meeting room.

insert into public.classes (
  course_id, title, description, scheduled_date, duration, type, meeting_link, recording_url, created_at
)
select s.course_id::uuid,
       format('%s %s: %s', s.lesson_word, n.lesson, s.topics[(n.lesson - 1) % cardinality(s.topics) + 1]),
       format(s.description, s.topics[(n.lesson - 1) % cardinality(s.topics) + 1]),
       n.starts_at, s.minutes,
       case when n.lesson % s.recorded_every = 0 then 'recorded' else 'live' end,
       case when n.lesson % s.recorded_every <> 0 then 'https://meet.example.org/' || s.slug end,
       case when n.lesson % s.recorded_every = 0
            then format('https://videos.example.org/%s/lesson-%s', s.slug, n.lesson) end,
       least(n.starts_at, now()) - interval '14 days'
  from (values
    ('c0a5e000-0000-4000-8000-000000000001', 'spanish-beginners', 'Lesson', 2, 3, 0, 15, 0, 60, 4, -6, 6,
     array['Greetings and introductions', 'Numbers and the alphabet', 'Ser and estar', 'Ordering at a café',
           'My daily routine', 'Asking for directions', 'Family and friends', 'Shopping at the market'],
     'Vocabulary, a short dialogue and speaking practice in pairs: %s.'),
    ('c0a5e000-0000-4000-8000-000000000002', 'business-spanish', 'Clase', 1, 0, 1, 17, 30, 90, 5, -6, 6,
     array['Presentarse en una reunión', 'Presentar cifras', 'El correo formal', 'Negociar precios y plazos',
           'Llamadas con clientes', 'Cerrar un acuerdo'],
     'Role-play with business case material. Topic: %s.'),
    ('c0a5e000-0000-4000-8000-000000000003', 'conversational-spanish', 'Clase', 2, 2, 0, 18, 0, 60, 3, -6, 6,
     array['Viajes y vacaciones', 'En el restaurante', 'Pretérito e imperfecto', 'Hablar de cine',
           'Dar opiniones', 'Costumbres y fiestas', 'El trabajo ideal'],
     'Conversation club with listening from native speakers. Today: %s.'),
    ('c0a5e000-0000-4000-8000-000000000004', 'advanced-spanish', 'Sesión', 1, 0, 2, 19, 0, 90, 100, -6, 6,
     array['Borges: «El Aleph»', 'Cortázar: «Casa tomada»', 'El subjuntivo en la argumentación',
           'Debate: el turismo masivo', 'Pardo Bazán y el naturalismo', 'Escritura de ensayos'],
     'Seminar: read the text beforehand and bring two questions. %s.'),
    ('c0a5e000-0000-4000-8000-000000000005', 'english-foundations', 'Lesson', 2, 2, 0, 13, 0, 60, 4, -6, 6,
     array['Hello and goodbye', 'Present simple', 'Everyday vocabulary', 'At the shop', 'Present continuous',
           'Talking about your week'],
     'Small-group lesson with lots of speaking. Topic: %s.'),
    ('c0a5e000-0000-4000-8000-000000000006', 'business-english', 'Workshop', 1, 0, 0, 18, 0, 90, 3, -6, 6,
     array['Structuring an email', 'Opening a presentation', 'Handling questions', 'Writing a proposal',
           'Meetings that finish on time', 'Follow-up emails'],
     'Bring a real email or slide deck from your job. Focus: %s.'),
    ('c0a5e000-0000-4000-8000-000000000007', 'leadership-english', 'Session', 1, 0, 3, 16, 0, 90, 4, -6, 6,
     array['Giving feedback', 'Difficult conversations', 'Negotiation language', 'Influencing stakeholders',
           'Leading remote teams'],
     'Case discussion and role-play. %s.'),
    ('c0a5e000-0000-4000-8000-000000000008', 'ielts-prep', 'Class', 2, 3, 1, 14, 0, 120, 4, -6, 6,
     array['Writing Task 1: charts', 'Reading: skimming and scanning', 'Listening: section 3',
           'Writing Task 2: argument', 'Speaking part 2', 'Full mock test review'],
     'Timed practice and strategy. Paper focus: %s.'),
    ('c0a5e000-0000-4000-8000-000000000009', 'spanish-business-travel', 'Lesson', 1, 0, 2, 17, 0, 60, 3, -20, -10,
     array['At the airport', 'Checking in at the hotel', 'Small talk with clients', 'The business dinner',
           'Taxis and directions', 'Review and role-play'],
     'Survival phrases for your trip: %s.'),
    ('c0a5e000-0000-4000-8000-000000000010', 'pronunciation-workshop', 'Drill', 1, 0, 4, 12, 0, 45, 2, -6, 6,
     array['The schwa sound', 'Word stress', 'Th sounds', 'Linking words', 'Intonation in questions'],
     'Listen, repeat and record yourself: %s.')
  ) as s(course_id, slug, lesson_word, per_week, second_day, anchor, hour, minute, minutes, recorded_every,
         first_week, last_week, topics, description)
 cross join lateral (
   select row_number() over (order by t.starts_at)::int as lesson, t.starts_at
     from generate_series(s.first_week, s.last_week) as w(week)
    cross join unnest(case when s.per_week = 2 then array[0, s.second_day] else array[0] end) as d(day)
    cross join lateral (
      select date_trunc('day', now())
             + make_interval(days => s.anchor + 7 * w.week + d.day, hours => s.hour, mins => s.minute) as starts_at
    ) as t
 ) as n;

-- A live Q&A for the demo student's business course that is always about to start.
insert into public.classes (course_id, title, description, scheduled_date, duration, type, meeting_link, created_at)
values (
  'c0a5e000-0000-4000-8000-000000000002', 'Q&A: vocabulario de negociación',
  'Drop-in session before the next role-play: bring your questions about negotiation vocabulary.',
  date_trunc('hour', now()) + interval '2 hours', 30, 'live', 'https://meet.example.org/business-spanish-qa',
  now() - interval '3 days'
);

-- 5. Attendance ----------------------------------------------------------------------------------------
-- Every finished lesson has a roster row for each student enrolled by then (active or completed);
-- about four in five attended (the demo student almost always). Marked by the course's teacher.

insert into public.class_attendance (class_id, user_id, attended, attended_at, marked_by, created_at, updated_at)
select c.id, e.user_id, h.attended,
       case when h.attended then c.scheduled_date + make_interval(mins => h.bucket % 7) end,
       coalesce(co.teacher_id, 'a1d9e3f0-0000-4000-8000-000000000001'),
       c.scheduled_date + make_interval(mins => c.duration), c.scheduled_date + make_interval(mins => c.duration)
  from public.classes c
  join public.courses co on co.id = c.course_id
  join public.enrollments e
    on e.course_id = c.course_id and e.status in ('active', 'completed') and e.enrolled_at <= c.scheduled_date
 cross join lateral (select abs(hashtext(c.title || e.user_id::text)) % 100 as bucket) as b
 cross join lateral (
   select b.bucket,
          b.bucket < case when e.user_id = 'c3f7b5d2-0000-4000-8000-000000000003' then 92 else 80 end as attended
 ) as h
 where c.scheduled_date + make_interval(mins => c.duration) < now();

-- 6. Materials -----------------------------------------------------------------------------------------
-- Files (pdf, document, audio, other) are objects in the private `materials` bucket: url and storage_path
-- hold the object name, <course id | general>/<uploader id>/<file> (20261122001100_storage.sql);
-- their bytes are in supabase/seed/storage/materials/. Videos and links are external URLs. Materials without a course are general ("Extra Materials").

insert into public.materials (
  id, title, type, url, storage_path, mime_type, file_size, course_id, language, skill, uploaded_by, uploaded_at
)
select m.id::uuid, m.title, m.type, m.url, m.storage_path, m.mime_type, m.file_size, m.course_id::uuid,
       m.language, m.skill, m.uploaded_by::uuid, now() - make_interval(days => m.days_ago)
  from (values
    ('4a7e41a1-0000-4000-8000-000000000001', 'Present tense cheat sheet', 'pdf',
     'c0a5e000-0000-4000-8000-000000000001/b2e8c4a1-0000-4000-8000-000000000002/1731330000000-v7k2qd.pdf', 'c0a5e000-0000-4000-8000-000000000001/b2e8c4a1-0000-4000-8000-000000000002/1731330000000-v7k2qd.pdf', 'application/pdf', 1363,
     'c0a5e000-0000-4000-8000-000000000001', 'ES', 'grammar', 'b2e8c4a1-0000-4000-8000-000000000002', 40),
    ('4a7e41a1-0000-4000-8000-000000000002', 'Meeting phrases for business English', 'pdf',
     'general/b2e8c4a1-0000-4000-8000-000000000014/1731416400000-m3x9pa.pdf', 'general/b2e8c4a1-0000-4000-8000-000000000014/1731416400000-m3x9pa.pdf', 'application/pdf', 1293,
     null, 'EN', 'reading', 'b2e8c4a1-0000-4000-8000-000000000014', 35),
    ('4a7e41a1-0000-4000-8000-000000000003', 'Flashcard: the colours of the Spanish flag', 'other',
     'general/b2e8c4a1-0000-4000-8000-000000000011/1731502800000-t8w4nc.png', 'general/b2e8c4a1-0000-4000-8000-000000000011/1731502800000-t8w4nc.png', 'image/png', 176,
     null, 'ES', null, 'b2e8c4a1-0000-4000-8000-000000000011', 30),
    ('4a7e41a1-0000-4000-8000-000000000004', 'Intonation warm-up: rising scale', 'audio',
     'general/a1d9e3f0-0000-4000-8000-000000000001/1731589200000-h2r6ye.wav', 'general/a1d9e3f0-0000-4000-8000-000000000001/1731589200000-h2r6ye.wav', 'audio/wav', 38444,
     null, 'EN', 'listening', 'a1d9e3f0-0000-4000-8000-000000000001', 25),
    ('4a7e41a1-0000-4000-8000-000000000005', 'Business email phrases', 'document',
     'c0a5e000-0000-4000-8000-000000000006/b2e8c4a1-0000-4000-8000-000000000002/1731675600000-b5j8uf.txt', 'c0a5e000-0000-4000-8000-000000000006/b2e8c4a1-0000-4000-8000-000000000002/1731675600000-b5j8uf.txt', 'text/plain', 775,
     'c0a5e000-0000-4000-8000-000000000006', 'EN', 'reading', 'b2e8c4a1-0000-4000-8000-000000000002', 20),
    ('4a7e41a1-0000-4000-8000-000000000006', 'Conversation starters', 'document',
     'general/b2e8c4a1-0000-4000-8000-000000000011/1731762000000-p4n7ws.md', 'general/b2e8c4a1-0000-4000-8000-000000000011/1731762000000-p4n7ws.md', 'text/markdown', 860,
     null, 'ES', 'reading', 'b2e8c4a1-0000-4000-8000-000000000011', 12),
    ('4a7e41a1-0000-4000-8000-000000000007', 'Describe what you see: a short nature clip', 'video',
     'https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4', null, 'video/mp4', 0,
     'c0a5e000-0000-4000-8000-000000000003', 'ES', 'listening', 'b2e8c4a1-0000-4000-8000-000000000011', 18),
    ('4a7e41a1-0000-4000-8000-000000000008', 'Diccionario de la lengua española (RAE)', 'link',
     'https://dle.rae.es/', null, null, 0,
     null, 'ES', 'reading', 'b2e8c4a1-0000-4000-8000-000000000012', 60),
    ('4a7e41a1-0000-4000-8000-000000000009', 'Cambridge Dictionary', 'link',
     'https://dictionary.cambridge.org/', null, null, 0,
     null, 'EN', 'reading', 'b2e8c4a1-0000-4000-8000-000000000013', 58),
    ('4a7e41a1-0000-4000-8000-000000000010', 'BBC Learning English: 6 Minute English', 'link',
     'https://www.bbc.co.uk/learningenglish/english/features/6-minute-english', null, null, 0,
     'c0a5e000-0000-4000-8000-000000000005', 'EN', 'listening', 'b2e8c4a1-0000-4000-8000-000000000013', 15),
    ('4a7e41a1-0000-4000-8000-000000000011', 'Instituto Cervantes: Spanish for business resources', 'link',
     'https://cvc.cervantes.es/ensenanza/', null, null, 0,
     'c0a5e000-0000-4000-8000-000000000002', 'ES', 'reading', 'b2e8c4a1-0000-4000-8000-000000000002', 10),
    ('4a7e41a1-0000-4000-8000-000000000012', 'IELTS: official sample test questions', 'link',
     'https://ielts.org/take-a-test/preparation-resources/sample-test-questions', null, null, 0,
     'c0a5e000-0000-4000-8000-000000000008', 'EN', 'reading', 'b2e8c4a1-0000-4000-8000-000000000013', 28)
  ) as m(id, title, type, url, storage_path, mime_type, file_size, course_id, language, skill, uploaded_by, days_ago);

-- 7. Activities ----------------------------------------------------------------------------------------
-- Every type, course-level and class-level, past and future deadlines (21:00 UTC on the day); 05 accepts
-- late work, 16 is a draft (inactive). Class-level activities hang off a lesson of their course: the
-- latest finished one (class = -1) or the next one to come (class = 1).

insert into public.activities (
  id, title, description, type, course_id, class_id, due_date, max_points, instructions,
  allow_late_submission, is_active, created_by, created_at
)
select a.id::uuid, a.title, a.description, a.type,
       case when a.class = 0 then a.course_id::uuid end,
       case when a.class = -1 then (
              select c.id from public.classes c
               where c.course_id = a.course_id::uuid and c.scheduled_date < now()
               order by c.scheduled_date desc limit 1)
            when a.class = 1 then (
              select c.id from public.classes c
               where c.course_id = a.course_id::uuid and c.scheduled_date > now()
               order by c.scheduled_date limit 1)
       end,
       d.due_date, a.max_points, a.instructions, a.late, a.active,
       coalesce(co.teacher_id, 'a1d9e3f0-0000-4000-8000-000000000001'),
       least(d.due_date, now()) - interval '14 days'
  from (values
    ('ac71a1e0-0000-4000-8000-000000000001', 'Describe your daily routine', 'assignment',
     'c0a5e000-0000-4000-8000-000000000001', 0, -10,
     'Write 120–150 words about a normal weekday using reflexive verbs (me levanto, me ducho…).',
     'Use at least five reflexive verbs and three time expressions. Upload a text file or write in the box.',
     100, false, true),
    ('ac71a1e0-0000-4000-8000-000000000002', 'Quiz: ser vs estar', 'quiz',
     'c0a5e000-0000-4000-8000-000000000001', -1, -3,
     'Twenty sentences: choose ser or estar and explain one of your choices.', null, 20, false, true),
    ('ac71a1e0-0000-4000-8000-000000000003', 'Numbers and the alphabet', 'homework',
     'c0a5e000-0000-4000-8000-000000000001', 0, 4,
     'Spell your name and address aloud, then write out ten phone numbers in words.',
     'Record yourself or type the answers.', 30, false, true),
    ('ac71a1e0-0000-4000-8000-000000000004', 'Presentación: tu empresa en tres minutos', 'presentation',
     'c0a5e000-0000-4000-8000-000000000002', 0, 12,
     'Present your company (or a company you admire) to a Spanish-speaking client.',
     'Three minutes, three slides maximum: qué hacemos, para quién, por qué nosotros.', 50, false, true),
    ('ac71a1e0-0000-4000-8000-000000000005', 'Proyecto: plan de negociación', 'project',
     'c0a5e000-0000-4000-8000-000000000002', 0, -5,
     'Prepare a negotiation plan for the supplier case study: objectives, concessions and walk-away point.',
     'Late submissions are accepted with a note explaining the delay.', 100, true, true),
    ('ac71a1e0-0000-4000-8000-000000000006', 'Reseña de un restaurante', 'homework',
     'c0a5e000-0000-4000-8000-000000000003', 0, -7,
     'Write a review of a restaurant you visited, using the preterite and the imperfect.', null, 40, false, true),
    ('ac71a1e0-0000-4000-8000-000000000007', 'Quiz: pretérito o imperfecto', 'quiz',
     'c0a5e000-0000-4000-8000-000000000003', 1, 8,
     'Fifteen gap-fill sentences from a story told in the past.', null, 15, false, true),
    ('ac71a1e0-0000-4000-8000-000000000008', 'Ensayo: realidad y fantasía en Cortázar', 'project',
     'c0a5e000-0000-4000-8000-000000000004', 0, 20,
     'A 1,000-word essay on the boundary between the real and the fantastic in «Casa tomada».',
     'MLA citation style; at least two secondary sources.', 100, false, true),
    ('ac71a1e0-0000-4000-8000-000000000009', 'Present simple practice', 'homework',
     'c0a5e000-0000-4000-8000-000000000005', 0, -2,
     'Ten sentences about your family and your week using the present simple.', null, 20, false, true),
    ('ac71a1e0-0000-4000-8000-000000000010', 'Quiz: everyday vocabulary', 'quiz',
     'c0a5e000-0000-4000-8000-000000000005', 1, 2,
     'Match thirty words to pictures: food, clothes, transport and the home.', null, 30, false, true),
    ('ac71a1e0-0000-4000-8000-000000000011', 'Write a follow-up email', 'assignment',
     'c0a5e000-0000-4000-8000-000000000006', 0, -14,
     'After a client meeting, write the follow-up email: summary, agreed actions, next steps.',
     '150–200 words, neutral-formal register.', 100, false, true),
    ('ac71a1e0-0000-4000-8000-000000000012', 'Pitch your product in five minutes', 'presentation',
     'c0a5e000-0000-4000-8000-000000000006', 1, 9,
     'Give a five-minute pitch and take two questions from the group.', null, 50, false, true),
    ('ac71a1e0-0000-4000-8000-000000000013', 'Case study: leading a remote team', 'project',
     'c0a5e000-0000-4000-8000-000000000007', 0, 25,
     'Analyse the case and write recommendations for the new team lead (800 words).', null, 100, false, true),
    ('ac71a1e0-0000-4000-8000-000000000014', 'Quiz: negotiation idioms', 'quiz',
     'c0a5e000-0000-4000-8000-000000000007', -1, -1,
     'Twelve idioms in context: explain each one and give a neutral alternative.', null, 12, false, true),
    ('ac71a1e0-0000-4000-8000-000000000015', 'Writing Task 2: practice essay', 'assignment',
     'c0a5e000-0000-4000-8000-000000000008', 0, -4,
     'Some people think universities should focus on job skills. Discuss both views and give your opinion.',
     'At least 250 words, 40 minutes. Marked as an IELTS band (0–9).', 9, false, true),
    ('ac71a1e0-0000-4000-8000-000000000016', 'Reading practice: true / false / not given', 'homework',
     'c0a5e000-0000-4000-8000-000000000008', 0, 14,
     'Draft: two passages with thirteen questions each.', null, 26, false, false),
    ('ac71a1e0-0000-4000-8000-000000000017', 'Record five minimal pairs', 'homework',
     'c0a5e000-0000-4000-8000-000000000010', 0, 6,
     'Record ship/sheep, full/fool, bat/bet, think/sink and very/berry and upload the audio.', null, 10, false, true)
  ) as a(id, title, type, course_id, class, due_days, description, instructions, max_points, late, active)
 cross join lateral (
   select date_trunc('day', now()) + make_interval(days => a.due_days, hours => 21) as due_date
 ) as d
  join public.courses co on co.id = a.course_id::uuid;

-- The skills each activity trains (issue 32), so a student's progress by skill has something to show.
update public.activities a
   set skills = k.skills
  from (values
    ('ac71a1e0-0000-4000-8000-000000000001', array['writing', 'grammar']),
    ('ac71a1e0-0000-4000-8000-000000000002', array['grammar']),
    ('ac71a1e0-0000-4000-8000-000000000003', array['speaking', 'writing']),
    ('ac71a1e0-0000-4000-8000-000000000004', array['speaking']),
    ('ac71a1e0-0000-4000-8000-000000000005', array['writing']),
    ('ac71a1e0-0000-4000-8000-000000000006', array['writing', 'grammar']),
    ('ac71a1e0-0000-4000-8000-000000000007', array['grammar', 'reading']),
    ('ac71a1e0-0000-4000-8000-000000000008', array['writing', 'reading']),
    ('ac71a1e0-0000-4000-8000-000000000009', array['grammar', 'writing']),
    ('ac71a1e0-0000-4000-8000-000000000010', array['reading']),
    ('ac71a1e0-0000-4000-8000-000000000011', array['writing']),
    ('ac71a1e0-0000-4000-8000-000000000012', array['speaking']),
    ('ac71a1e0-0000-4000-8000-000000000013', array['reading', 'writing']),
    ('ac71a1e0-0000-4000-8000-000000000014', array['reading']),
    ('ac71a1e0-0000-4000-8000-000000000015', array['writing']),
    ('ac71a1e0-0000-4000-8000-000000000016', array['reading']),
    ('ac71a1e0-0000-4000-8000-000000000017', array['speaking', 'listening'])
  ) as k(id, skills)
 where a.id = k.id::uuid;

-- 8. Submissions ---------------------------------------------------------------------------------------
-- Work handed in on time by the course's active students: for deadlines already behind us about 85% of
-- the class, hours before the deadline, and about 70% of those graded a day or two later by the course's
-- teacher; for deadlines still ahead a few early birds. (The submission trigger lets trusted callers such
-- as this seed record past work and who graded it; the work is never after its deadline.) The demo
-- student's own work is written out below: graded work (one with a file) and work waiting for a grade.

insert into public.activity_submissions (
  activity_id, student_id, submission_text, submitted_at, status, grade, feedback, graded_by, graded_at
)
select a.id, e.user_id,
       (array['Here is my work. I found the second part harder than the first.',
              'Please find my answers below. I checked the vocabulary list twice.',
              'My submission for this week. I would like feedback on my grammar.',
              'Done! I used the new expressions from the last lesson.',
              'My answers are below; some sentences were difficult for me, sorry for any mistakes.'])[b.bucket % 5 + 1],
       s.submitted_at,
       case when g.graded then 'graded' else 'submitted' end,
       case when g.graded then round(a.max_points * (55 + b.bucket % 46) / 100.0) end,
       case when g.graded then
         (array['Well done: clear and well organised. Review the small grammar slips I marked.',
                'Good effort. Pay attention to word order in questions.',
                'Excellent work, keep it up!',
                'Solid answers and your vocabulary is growing. Try longer sentences next time.',
                'Some good ideas, but please check the instructions: part two is missing.'])[b.bucket % 5 + 1]
       end,
       case when g.graded then coalesce(co.teacher_id, 'a1d9e3f0-0000-4000-8000-000000000001') end,
       case when g.graded then least(a.due_date + make_interval(hours => 15 + b.bucket % 30), now() - interval '1 hour') end
  from public.activities a
  left join public.classes cl on cl.id = a.class_id
  join public.courses co on co.id = coalesce(a.course_id, cl.course_id)
  join public.enrollments e on e.course_id = co.id and e.status = 'active'
 cross join lateral (select abs(hashtext(a.title || e.user_id::text)) % 100 as bucket) as b
 cross join lateral (
   select case when a.due_date < now() then a.due_date - make_interval(hours => 2 + b.bucket % 70)
               else now() - make_interval(hours => 1 + b.bucket % 30) end as submitted_at
 ) as s
 cross join lateral (select a.due_date < now() and b.bucket % 10 < 7 as graded) as g
 where a.is_active
   and e.user_id <> 'c3f7b5d2-0000-4000-8000-000000000003'
   and b.bucket < case when a.due_date < now() then 85 else 30 end;

insert into public.activity_submissions (
  activity_id, student_id, submission_text, file_urls, submitted_at, status, grade, feedback, graded_by, graded_at
)
select s.activity_id::uuid, 'c3f7b5d2-0000-4000-8000-000000000003', s.submission_text, s.file_urls,
       least(a.due_date, now()) - s.before_due, s.status, s.grade, s.feedback, s.graded_by::uuid,
       a.due_date + s.graded_after
  from (values
    ('ac71a1e0-0000-4000-8000-000000000001',
     'Mi rutina diaria: me levanto a las siete y me ducho. Desayuno café con tostadas y salgo de casa a las '
     || 'ocho. Trabajo en una oficina en el centro. Por la tarde voy al gimnasio y por la noche leo un libro y '
     || 'me acuesto a las once. Los fines de semana me despierto más tarde. (Full text in the attached file.)',
     array['c3f7b5d2-0000-4000-8000-000000000003/ac71a1e0-0000-4000-8000-000000000001/1731934800000-r9d3kz.txt'],
     interval '26 hours', 'graded', 88,
     'Muy bien, Emma. Great range of reflexive verbs and time expressions. Watch the accents: «después», '
     || '«más». Next step: add a sentence about what you usually do at the weekend with «suelo».',
     'b2e8c4a1-0000-4000-8000-000000000002', interval '1 day 2 hours'),
    ('ac71a1e0-0000-4000-8000-000000000006',
     'El sábado pasado fui a una taberna en Bristol. Hacía frío y el local estaba lleno. Pedimos croquetas y '
     || 'una tortilla; la tortilla estaba perfecta, pero el servicio fue lento. Volveré, pero no un sábado.',
     '{}'::text[], interval '2 days', 'graded', 34,
     'Buen uso del imperfecto para describir el ambiente. Revisa la estructura: opinión al final.',
     'b2e8c4a1-0000-4000-8000-000000000011', interval '20 hours'),
    ('ac71a1e0-0000-4000-8000-000000000002',
     '1. es  2. está  3. es  4. estamos  5. son … Ejemplo explicado: «La sopa está fría» lleva estar porque es '
     || 'un estado temporal.',
     '{}'::text[], interval '20 hours', 'submitted', null, null, null, null),
    ('ac71a1e0-0000-4000-8000-000000000003',
     'Me llamo Emma Collins: E-M-M-A, C-O-L-L-I-N-S. Números: seiscientos doce, treinta y cuatro, noventa y nueve…',
     '{}'::text[], interval '20 hours', 'submitted', null, null, null, null)
  ) as s(activity_id, submission_text, file_urls, before_due, status, grade, feedback, graded_by, graded_after)
  join public.activities a on a.id = s.activity_id::uuid;

-- 9. Reviews -------------------------------------------------------------------------------------------

insert into public.course_reviews (course_id, student_id, rating, comment, created_at)
select ('c0a5e000-0000-4000-8000-' || lpad(r.course::text, 12, '0'))::uuid,
       case when r.student = 0 then 'c3f7b5d2-0000-4000-8000-000000000003'::uuid
            else ('c3f7b5d2-0000-4000-8000-' || lpad((100 + r.student)::text, 12, '0'))::uuid end,
       r.rating, r.comment, now() - make_interval(days => r.days_ago)
  from (values
    (9, 0, 5, 'Exactly what I needed before my trip to Bogotá. The hotel and dinner role-plays saved me.', 110),
    (9, 14, 4, 'Practical and fun. I would have liked one more lesson on numbers and prices.', 112),
    (9, 21, 5, 'Lucía is a fantastic teacher — patient and full of real-life tips.', 108),
    (1, 0, 4, 'Daniel explains grammar really clearly. The pace is fast but the cheat sheets help.', 6),
    (1, 13, 5, 'I can finally order coffee without switching to English!', 9),
    (1, 17, 4, null, 12),
    (3, 13, 5, 'The conversation club format is brilliant; I speak much more than in other courses.', 7),
    (3, 25, 3, 'Good content, but the evening time slot is tough for me.', 15),
    (5, 1, 5, 'Small group, lots of speaking. Sarah makes everyone feel comfortable.', 10),
    (5, 3, 4, 'Muy buen curso para empezar. Me gustaría más tarea.', 14),
    (6, 8, 5, 'My emails at work are shorter and clearer now. Very practical.', 5),
    (6, 11, 4, 'Useful workshops; bringing our own documents is a great idea.', 8),
    (7, 9, 5, 'Challenging in the best way. The feedback role-plays were eye-opening.', 11),
    (8, 10, 4, 'Good strategies for Writing Task 2; the mock tests are realistic.', 4)
  ) as r(course, student, rating, comment, days_ago);
