import { request } from 'node:http';

/**
 * The local stack's ports follow LOCAL_SUPABASE_PORT_OFFSET, as local-supabase and scripts/lib.mjs do,
 * so a run can use a stack of its own beside another (the served shell's portal.config.json must then
 * name the same API, as a deployment's would).
 */
export const PORT_OFFSET = Number.parseInt(process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '0', 10) || 0;

/** Direct calls to the local stack for test set-up (the UI is what the tests exercise). */
export const API_URL = `http://127.0.0.1:${54321 + PORT_OFFSET}`;
export const OUTBOX_URL = `http://127.0.0.1:${54324 + PORT_OFFSET}`;
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const DEMO_PASSWORD = 'password123';
export const DEMO = {
  admin: 'admin@school.test',
  teacher: 'teacher@school.test',
  student: 'student@school.test',
} as const;

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

let nextHost = Math.floor(Math.random() * 50_000);

/**
 * Sign-ups are limited per IP (30 in 5 minutes), so each set-up sign-up comes from its own loopback
 * address (all of 127.0.0.0/8 is local), as people signing up from their own machines do.
 */
function freshLoopbackAddress(): string {
  nextHost += 1;
  return `127.${100 + ((nextHost >> 16) % 50)}.${(nextHost >> 8) & 255}.${nextHost & 255 || 1}`;
}

export async function signUpThroughApi(
  email: string,
  password: string,
  firstName: string,
  lastName: string,
) {
  const payload = JSON.stringify({
    email,
    password,
    data: { first_name: firstName, last_name: lastName, role: 'student' },
  });
  const { status, text } = await new Promise<{ status: number; text: string }>(
    (resolve, reject) => {
      const req = request(
        `${API_URL}/auth/v1/signup`,
        {
          method: 'POST',
          localAddress: freshLoopbackAddress(),
          headers: {
            apikey: ANON_KEY,
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
  if (status !== 200) throw new Error(`sign-up failed: ${status} ${text}`);
}

type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

export async function waitForMail(to: string, timeoutMs = 10_000): Promise<OutboxMessage> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const response = await fetch(`${OUTBOX_URL}/api/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as OutboxMessage[];
    const [latest] = messages;
    if (latest) return latest;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail for ${to}`);
}

export function firstLink(text: string): string {
  const match = /https?:\/\/[^\s"'<>]+/.exec(text);
  if (!match) throw new Error('mail has no link');
  return match[0].replace(/&amp;/g, '&');
}

/** A password sign-in through the API: the token and user id for set-up calls. */
export async function passwordGrant(
  email: string,
  password: string,
): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

/** A PostgREST call as the token's user. */
export function rest(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${API_URL}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}

// Set-up through the API for journeys that need people and a course of their own (so the demo
// accounts stay as the other tests expect them): a person, a course, an enrolment.

/** The response, or an error naming the set-up step with the server's status and answer. */
export async function must(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** A database function called as the token's user: its JSON answer. */
export async function rpc(name: string, token: string, body: object): Promise<unknown> {
  const response = await must(
    await rest(`rpc/${name}`, token, { method: 'POST', body: JSON.stringify(body) }),
    name,
  );
  return response.json();
}

export interface Person {
  email: string;
  token: string;
  userId: string;
  /** 'First Last', as the screens show it. */
  name: string;
}

/** A new student with the demo password, signed up through the API from an address of its own. */
export async function newStudent(firstName: string, lastName: string): Promise<Person> {
  const email = uniqueEmail(`${lastName}-${firstName}`.toLowerCase());
  await signUpThroughApi(email, DEMO_PASSWORD, firstName, lastName);
  const { token, userId } = await passwordGrant(email, DEMO_PASSWORD);
  return { email, token, userId, name: `${firstName} ${lastName}` };
}

/** A new teacher: signed up as a student (sign-up makes only students), then made a teacher. */
export async function newTeacher(
  adminToken: string,
  firstName: string,
  lastName: string,
): Promise<Person> {
  const person = await newStudent(firstName, lastName);
  await must(
    await rest(`users?id=eq.${person.userId}`, adminToken, {
      method: 'PATCH',
      body: JSON.stringify({ role: 'teacher' }),
    }),
    'make teacher',
  );
  return person;
}

/** A Spanish course taught by `teacherId`, created by the administrator: its id. */
export async function createCourse(
  adminToken: string,
  course: { title: string; description: string; teacherId: string; maxStudents?: number },
): Promise<string> {
  const created = await must(
    await rest('courses?select=id', adminToken, {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        title: course.title,
        description: course.description,
        language: 'Spanish',
        teacher_id: course.teacherId,
        max_students: course.maxStudents ?? 10,
      }),
    }),
    'create course',
  );
  const [row] = (await created.json()) as { id: string }[];
  if (!row) throw new Error(`create course: no row returned for ${course.title}`);
  return row.id;
}

/** Enrols the student as the administrator; throws unless the database answers success. */
export async function enrol(adminToken: string, studentId: string, courseId: string) {
  const reply = await rpc('enroll_user_in_course', adminToken, {
    user_uuid: studentId,
    course_uuid: courseId,
  });
  if ((reply as { success?: unknown } | null)?.success !== true)
    throw new Error(`enrol ${studentId} in ${courseId}: ${JSON.stringify(reply)}`);
}

/**
 * What the live journeys start from, so the demo accounts stay as the other tests expect them: the
 * administrator's token, a new teacher `teacher lastName`, a course of theirs (max 10 students
 * unless told) and new students `first lastName`, one per first name, enrolled in it.
 */
export async function courseOfTheirOwn<const Students extends readonly string[]>({
  lastName,
  teacher,
  students,
  ...course
}: {
  lastName: string;
  teacher: string;
  /** First names, one student each, in this order. */
  students: Students;
  title: string;
  description: string;
  maxStudents?: number;
}) {
  const admin = (await passwordGrant(DEMO.admin, DEMO_PASSWORD)).token;
  const [teacherPerson, studentPeople] = await Promise.all([
    newTeacher(admin, teacher, lastName),
    Promise.all(students.map((firstName) => newStudent(firstName, lastName))),
  ]);
  const courseId = await createCourse(admin, { ...course, teacherId: teacherPerson.userId });
  for (const student of studentPeople) await enrol(admin, student.userId, courseId);
  return {
    admin,
    teacher: teacherPerson,
    /** One per first name given, in its order. */
    students: studentPeople as { [Index in keyof Students]: Person },
    courseId,
  };
}
