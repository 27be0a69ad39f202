// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// The texts live in shared-ui (shared-data renders nothing); this test only reads its catalogue.
import * as errorTexts from '../../../shared-ui/src/i18n/namespaces/errors';
import type { ErrorCode } from '../errors';
import type { ServiceError } from '../result';
import {
  CONSTRAINT_MESSAGES,
  ERROR_MESSAGE_KEYS,
  SERVER_REFUSALS,
  errorMessageKey,
} from './error-messages';
// The class form's own texts, which the database's refusals of a class repeat.
import * as validationTexts from '../../../shared-ui/src/i18n/namespaces/validation';

const failure = (code: ErrorCode, message: string, details?: unknown): ServiceError =>
  details === undefined ? { code, message } : { code, message, details };

describe('errorMessageKey: auth provider codes', () => {
  it.each([
    ['invalid_credentials', 'invalidCredentials'],
    ['user_already_exists', 'userAlreadyRegistered'],
    ['email_exists', 'userAlreadyRegistered'],
    ['email_not_confirmed', 'emailNotConfirmed'],
    ['weak_password', 'weakPassword'],
    ['same_password', 'samePassword'],
    ['over_request_rate_limit', 'rateLimited'],
    ['session_not_found', 'sessionExpired'],
    ['session_expired', 'sessionExpired'],
    ['current_password_invalid', 'invalidCredentials'],
    ['current_password_required', 'missingValue'],
  ])('%s → %s, whatever the provider wrote', (providerCode, key) => {
    expect(
      errorMessageKey(
        failure('AUTH_ERROR', 'Some English text', { status: 400, code: providerCode }),
      ),
    ).toBe(key);
  });

  it('reads "Invalid login credentials" in the user language even on the register path', () => {
    expect(
      errorMessageKey(
        failure('REGISTER_ERROR', 'Invalid login credentials', { code: 'invalid_credentials' }),
      ),
    ).toBe('invalidCredentials');
  });

  it('is rateLimited for an HTTP 429 without a code', () => {
    expect(
      errorMessageKey(failure('LOGIN_ERROR', 'Request rate limit reached', { status: 429 })),
    ).toBe('rateLimited');
  });
});

describe('errorMessageKey: database codes', () => {
  it.each([
    [
      '23514',
      // A check with no message of its own (courses_price_check has one: see course-form.test.ts).
      'new row for relation "courses" violates check constraint "courses_level_check"',
      'invalidValue',
    ],
    ['42501', 'new row violates row-level security policy for table "courses"', 'notAllowed'],
    ['22001', 'value too long for type character varying(200)', 'tooLong'],
    ['23505', 'duplicate key value violates unique constraint "enrollments_pkey"', 'duplicate'],
    ['23502', 'null value in column "title" violates not-null constraint', 'missingValue'],
    ['PGRST116', 'JSON object requested, multiple (or no) rows returned', 'notFound'],
    ['PGRST301', 'JWT expired', 'sessionExpired'],
    // The pre-request hook's refusal of a signed-out or deactivated session (20261128004200).
    ['PT401', 'Your session has ended: sign in again', 'sessionExpired'],
    ['PT401', 'Some other text', 'sessionExpired'],
  ])('%s ("%s") → %s', (code, message, key) => {
    expect(errorMessageKey(failure('CREATE_COURSES_ERROR', message, { code }))).toBe(key);
  });

  it('says why a review is refused to a student who dropped the course', () => {
    expect(
      errorMessageKey(
        failure(
          'QUERY_ERROR',
          'Only students who are taking or have completed this course can review it',
          { code: '42501' },
        ),
      ),
    ).toBe('reviewNotAllowed');
  });

  it('says the grade is too high for the grading trigger, whatever the maximum', () => {
    expect(
      errorMessageKey(
        failure(
          'UPDATE_SUBMISSIONS_ERROR',
          "The grade cannot be higher than the activity's maximum of 20 points",
          { code: '23514' },
        ),
      ),
    ).toBe('gradeTooHigh');
  });

  it('prefers a known server refusal over its generic SQL code', () => {
    expect(
      errorMessageKey(
        failure('UPDATE_SUBMISSIONS_ERROR', 'This submission has already been graded', {
          code: '23514',
        }),
      ),
    ).toBe('alreadyGraded');
  });

  it("says a past class's roster did not include a student who enrolled after it", () => {
    expect(
      errorMessageKey(
        failure(
          'MARK_ATTENDANCE_ERROR',
          'This student was not enrolled in the course when this class took place',
          { code: '23514' },
        ),
      ),
    ).toBe('notOnClassRoster');
  });
});

describe('errorMessageKey: a class the database refuses to save', () => {
  const refusal = (code: ErrorCode, message: string, providerCode: string) =>
    failure(code, message, { code: providerCode, details: 'Failing row contains (…)' });

  it.each<[string, string, string]>([
    [
      '23514',
      'new row for relation "classes" violates check constraint "classes_meeting_link_required_for_live"',
      'classMeetingLinkRequired',
    ],
    [
      '23514',
      'new row for relation "classes" violates check constraint "classes_duration_check"',
      'classDurationMin',
    ],
    [
      '23514',
      'new row for relation "classes" violates check constraint "classes_title_check"',
      'classTitleInvalid',
    ],
    [
      '23514',
      'new row for relation "classes" violates check constraint "classes_description_check"',
      'classDescriptionTooLong',
    ],
    [
      '23514',
      'new row for relation "classes" violates check constraint "classes_meeting_link_check"',
      'classLinkTooLong',
    ],
    [
      '23514',
      'new row for relation "classes" violates check constraint "classes_recording_url_check"',
      'classLinkTooLong',
    ],
    [
      '23503',
      'insert or update on table "classes" violates foreign key constraint "classes_course_id_fkey"',
      'classCourseNotFound',
    ],
    ['42501', 'new row violates row-level security policy for table "classes"', 'notAllowed'],
  ])('%s "%s" → %s', (providerCode, message, key) => {
    expect(errorMessageKey(refusal('CREATE_CLASSES_ERROR', message, providerCode))).toBe(key);
    expect(errorMessageKey(refusal('UPDATE_CLASSES_ERROR', message, providerCode))).toBe(key);
  });

  it('says what the form says for the same mistake', () => {
    const errors: Record<string, unknown> = errorTexts.en;
    expect(errors.classMeetingLinkRequired).toBe(validationTexts.en.classMeetingLinkRequired);
    expect(errors.classDurationMin).toBe(validationTexts.en.classDurationMin);
    const errorsEs: Record<string, unknown> = errorTexts.es;
    expect(errorsEs.classMeetingLinkRequired).toBe(validationTexts.es.classMeetingLinkRequired);
    expect(errorsEs.classDurationMin).toBe(validationTexts.es.classDurationMin);
  });

  it('falls back to the generic message for constraints and tables it does not know', () => {
    expect(
      errorMessageKey(
        refusal(
          'CREATE_CLASSES_ERROR',
          'new row for relation "classes" violates check constraint "classes_type_check"',
          '23514',
        ),
      ),
    ).toBe('invalidValue');
    expect(
      errorMessageKey(
        refusal(
          'CREATE_COURSES_ERROR',
          'new row violates row-level security policy for table "courses"',
          '42501',
        ),
      ),
    ).toBe('notAllowed');
    expect(
      errorMessageKey(
        refusal(
          'CREATE_COURSES_ERROR',
          'new row for relation "courses" violates check constraint "constructor"',
          '23514',
        ),
      ),
    ).toBe('invalidValue');
    expect(
      errorMessageKey(
        refusal(
          'UPDATE_CLASSES_ERROR',
          'value "99999999999" is out of range for type integer',
          '22003',
        ),
      ),
    ).toBe('invalidValue');
  });

  it('reads a refusal thrown by a class mutation the same way', () => {
    const thrown = Object.assign(
      new Error(
        'new row for relation "classes" violates check constraint "classes_meeting_link_required_for_live"',
      ),
      { code: 'UPDATE_CLASSES_ERROR', details: { code: '23514' } },
    );
    expect(errorMessageKey(thrown)).toBe('classMeetingLinkRequired');
  });

  it('lists every constraint key among the message keys', () => {
    const keys: readonly string[] = ERROR_MESSAGE_KEYS;
    expect(Object.values(CONSTRAINT_MESSAGES).filter((key) => !keys.includes(key))).toEqual([]);
  });
});

describe('errorMessageKey: unreachable server', () => {
  it.each([
    'Failed to fetch',
    'TypeError: Failed to fetch',
    'NetworkError when attempting to fetch resource.',
    'Load failed',
  ])('"%s" is the network message', (message) => {
    expect(errorMessageKey(failure('FETCH_COURSES_ERROR', message))).toBe('network');
  });

  it.each([
    ['FETCH_MATERIALS_ERROR', 'Failed to fetch materials'],
    ['FETCH_COURSES_ERROR', 'Failed to fetch course'],
  ] as const)(
    "a service's own fallback text (%s: %s) is not a network failure",
    (code, message) => {
      expect(errorMessageKey(failure(code, message))).toBe('loadFailed');
    },
  );
});

describe('errorMessageKey: fallback by the operation that failed', () => {
  it.each<[ErrorCode, string]>([
    ['FETCH_COURSES_ERROR', 'loadFailed'],
    ['FETCH_USERS_ERROR', 'loadFailed'],
    ['QUERY_ERROR', 'loadFailed'],
    ['GET_ATTENDANCE_ERROR', 'loadFailed'],
    ['COURSE_STATS_ERROR', 'loadFailed'],
    ['USER_STATS_ERROR', 'loadFailed'],
    ['SIGNED_URL_ERROR', 'loadFailed'],
    ['DOWNLOAD_ERROR', 'loadFailed'],
    ['DELETE_COURSES_ERROR', 'deleteFailed'],
    ['DELETE_MATERIALS_ERROR', 'deleteFailed'],
    ['CREATE_CLASSES_ERROR', 'saveFailed'],
    ['UPDATE_ACTIVITIES_ERROR', 'saveFailed'],
    ['MARK_ATTENDANCE_ERROR', 'saveFailed'],
    ['UPLOAD_FILE_ERROR', 'uploadFailed'],
    ['UPLOAD_AVATAR_ERROR', 'uploadFailed'],
    ['ENROLL_ERROR', 'enrollFailed'],
    ['UNKNOWN_ERROR', 'unknown'],
  ])('%s with an unknown text → %s', (code, key) => {
    expect(errorMessageKey(failure(code, 'Something only the logs should see'))).toBe(key);
  });
});

// Every refusal an enrollment function answers with `{ success: false, error }`, read from the
// migrations, so a new refusal in SQL without a translated message fails here.
const MIGRATIONS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../supabase/migrations',
);
const SQL_TEXT = `'((?:[^']|'')*)'`;
const REFUSAL = new RegExp(
  `'success',\\s*false,\\s*'error',\\s*(?:${SQL_TEXT}|case\\s+when\\s+\\w+\\s+then\\s+${SQL_TEXT}\\s+else\\s+${SQL_TEXT}\\s+end)`,
  'gi',
);
const ROW_REPORT = /'success',\s*false,\s*'error',\s*null/gi;
const unquote = (text: string) => text.replace(/''/g, "'");

function refusalsInMigrations(): { texts: string[]; replies: number; understood: number } {
  const texts: string[] = [];
  let replies = 0;
  let understood = 0;
  for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    replies += sql.match(/'success',\s*false/gi)?.length ?? 0;
    // A bulk enrolment's report (nobody enrolled): each row's status says why, in the dialog's words.
    understood += sql.match(ROW_REPORT)?.length ?? 0;
    for (const match of sql.matchAll(REFUSAL)) {
      understood += 1;
      texts.push(
        ...match
          .slice(1)
          .filter((text): text is string => text !== undefined)
          .map(unquote),
      );
    }
  }
  return { texts, replies, understood };
}

describe('server refusals written in the migrations', () => {
  const { texts, replies, understood } = refusalsInMigrations();

  it('are all understood by this test (a new reply shape must be added to it)', () => {
    expect(understood).toBe(replies);
    // The enrollment and unenrollment functions refuse in more than ten ways today.
    expect(new Set(texts).size).toBeGreaterThan(10);
  });

  it('each have a translated message', () => {
    const untranslated = [...new Set(texts)].filter((text) => !(text in SERVER_REFUSALS));
    expect(untranslated).toEqual([]);
  });

  it('are shown by that message, not by the operation fallback', () => {
    for (const text of texts) {
      expect(errorMessageKey(failure('ENROLLMENT_ERROR', text))).toBe(SERVER_REFUSALS[text]);
    }
  });
});

describe('the errors namespace', () => {
  it.each(['en', 'es'] as const)(
    'has a %s text for every key errorMessageKey can answer',
    (language) => {
      const catalogue: Record<string, unknown> = errorTexts[language];
      const missing = ERROR_MESSAGE_KEYS.filter(
        (key) => typeof catalogue[key] !== 'string' || (catalogue[key] as string).trim() === '',
      );
      expect(missing).toEqual([]);
    },
  );

  it('lists every refusal key among the message keys', () => {
    const keys: readonly string[] = ERROR_MESSAGE_KEYS;
    expect(Object.values(SERVER_REFUSALS).filter((key) => !keys.includes(key))).toEqual([]);
  });
});

describe('errorMessageKey: whatever a query or mutation threw', () => {
  it('reads a thrown service failure like the plain error', () => {
    const thrown = Object.assign(new Error('new row violates row-level security policy'), {
      code: 'CREATE_COURSES_ERROR',
      details: { code: '42501' },
    });
    expect(errorMessageKey(thrown)).toBe('notAllowed');
  });

  it("names the browser's own fetch failure and anything else it cannot read", () => {
    expect(errorMessageKey(new TypeError('Failed to fetch'))).toBe('network');
    expect(errorMessageKey(new Error('boom'))).toBe('unknown');
    expect(errorMessageKey('boom')).toBe('unknown');
    expect(errorMessageKey(null)).toBe('unknown');
  });
});

describe('errorMessageKey: the admin-users edge function', () => {
  it.each([
    ['EMAIL_TAKEN', 'CREATE_USERS_ERROR', 'emailTaken'],
    ['EMAIL_NOT_EDITABLE', 'UPDATE_USERS_ERROR', 'emailNotEditable'],
    ['CANNOT_DEMOTE_SELF', 'UPDATE_USERS_ERROR', 'cannotDemoteSelf'],
    ['CANNOT_DELETE_SELF', 'DELETE_USERS_ERROR', 'cannotDeleteSelf'],
    ['FORBIDDEN', 'DELETE_USERS_ERROR', 'notAllowed'],
    ['UNAUTHENTICATED', 'CREATE_USERS_ERROR', 'sessionExpired'],
    ['USER_NOT_FOUND', 'UPDATE_USERS_ERROR', 'notFound'],
    ['VALIDATION_ERROR', 'CREATE_USERS_ERROR', 'invalidValue'],
  ] as const)('%s → %s, by the code, whatever the message', (functionCode, code, key) => {
    expect(
      errorMessageKey(
        failure(code, 'English text for the logs', { status: 400, code: functionCode }),
      ),
    ).toBe(key);
  });

  it("reads the database's self-protection refusals by their text (a direct write)", () => {
    expect(
      errorMessageKey(
        failure(
          'UPDATE_USERS_ERROR',
          'Administrators cannot remove their own admin role or deactivate themselves',
          { code: '42501' },
        ),
      ),
    ).toBe('cannotDemoteSelf');
    expect(
      errorMessageKey(
        failure('DELETE_USERS_ERROR', 'Administrators cannot delete their own account', {
          code: '42501',
        }),
      ),
    ).toBe('cannotDeleteSelf');
  });

  it('leaves an unknown function code to the operation', () => {
    expect(
      errorMessageKey(
        failure('CREATE_USERS_ERROR', 'boom', { status: 500, code: 'INTERNAL_ERROR' }),
      ),
    ).toBe('saveFailed');
  });
});
