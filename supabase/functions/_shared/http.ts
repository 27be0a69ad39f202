// What every function answers with: JSON that is never cached, and errors as { code, message,
// details? } (the shape Supabase's runtime uses for its own function errors).

export type HeaderMap = Record<string, string>;

/** The codes every function may answer; a function adds its own (see admin-users). */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'METHOD_NOT_ALLOWED'
  | 'INVALID_REQUEST'
  | 'VALIDATION_ERROR'
  | 'INTERNAL_ERROR';

/** A refusal the caller is told about: its status, code, English message and details. */
export class FunctionError<Code extends string = ErrorCode> extends Error {
  constructor(
    readonly status: number,
    readonly code: Code,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A JSON answer with the function's CORS headers; never cached (answers may hold a one-time password). */
export function json(status: number, body: unknown, headers: HeaderMap): Response {
  return Response.json(body, { status, headers: { ...headers, 'cache-control': 'no-store' } });
}

/** The provider's message of an unexpected error (Supabase client errors are not always Error instances). */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : 'Unexpected error';
}

/**
 * The answer to what a handler threw: a FunctionError as its status and { code, message, details? };
 * anything else is logged under the function's name and answered 500 INTERNAL_ERROR with its message.
 */
export function errorResponse(
  name: string,
  error: unknown,
  headers: HeaderMap,
  internalMessage: (error: unknown) => string = messageOf,
): Response {
  if (error instanceof FunctionError) {
    return json(
      error.status,
      {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
      headers,
    );
  }
  console.error(`[${name}]`, error);
  return json(500, { code: 'INTERNAL_ERROR', message: internalMessage(error) }, headers);
}

/** The path (`users[0].lastName`) of the first string, value or key, holding a NUL character. */
function nulCharacterAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [`${path}[${index}]`, item])
    : Object.entries(value).map(([key, item]) => [path ? `${path}.${key}` : key, item]);
  for (const [at, item] of entries) {
    // A NUL in a key: the path names it as \u0000, so the answer carries no NUL itself.
    if (at.includes('\0')) return at.replaceAll('\0', '\\u0000');
    const found = nulCharacterAt(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The request body, which must be a JSON object (else 400 INVALID_REQUEST). With `blankIsEmpty`, an
 * empty body reads as `{}` (a schedule may post nothing). Every function reads its body here, so a
 * NUL character (which Postgres cannot store in text) is refused once for all of them: 400
 * VALIDATION_ERROR with the field it is in, instead of a database error further on.
 */
export async function readJsonObject(
  request: Request,
  { blankIsEmpty = false }: { blankIsEmpty?: boolean } = {},
): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (blankIsEmpty && !text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new FunctionError(400, 'INVALID_REQUEST', 'The request body must be JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FunctionError(400, 'INVALID_REQUEST', 'The request body must be a JSON object');
  }
  const field = nulCharacterAt(body, '');
  if (field !== undefined) {
    throw new FunctionError(400, 'VALIDATION_ERROR', `${field} contains a NUL character`, {
      field,
    });
  }
  return body as Record<string, unknown>;
}
