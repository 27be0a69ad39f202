// Supabase Auth's Send Email hook (supabase/config.toml [auth.hook.send_email]): the auth server calls
// this function instead of mailing with its own English templates, for a password reset and for each
// link of an email change. The call is signed with the hook's secret (Standard Webhooks,
// SEND_EMAIL_HOOK_SECRET); an unsigned or wrongly signed call is refused (401) and mails nothing.
// The mail is written in the recipient's language with the school's name and colours
// (../_shared/mail.ts), carries only the link (the portal has nowhere to type the code) and is queued
// for send-mail, which sends it from System Settings' sender through the school's SMTP server.
// Hosted: the same function, deployed with the others, and the hook set in the dashboard (README,
// deploy). Locally the stack's auth server calls it the same way (local-supabase/src/auth-hooks.ts).
import { createClient } from '@supabase/supabase-js';
import { requiredEnv, serve } from '../_shared/env.ts';
import {
  type ErrorCode,
  FunctionError as SharedFunctionError,
  errorResponse,
  json,
  readJsonObject,
} from '../_shared/http.ts';
import { type MailContent, queueMail, recipientOf, render } from '../_shared/mail.ts';
import { verifyWebhook } from '../_shared/standard-webhooks.ts';
import { CLIENT_OPTIONS } from '../_shared/supabase-client.ts';

class FunctionError extends SharedFunctionError<ErrorCode | 'UNSUPPORTED_EMAIL_ACTION'> {}

/** The auth server calls this function, never a browser. */
const HEADERS: Record<string, string> = {};

interface HookUser {
  id: string;
  email: string;
  new_email?: string;
}

/** GoTrue's SendEmailInput.email_data (internal/hooks). */
interface EmailData {
  token_hash: string;
  redirect_to: string;
  email_action_type: string;
  token_hash_new?: string;
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function inputOf(body: Record<string, unknown>): { user: HookUser; data: EmailData } {
  const user = (body.user ?? {}) as Record<string, unknown>;
  const data = (body.email_data ?? {}) as Record<string, unknown>;
  const id = stringOf(user.id);
  const type = stringOf(data.email_action_type);
  if (!id || !type || !stringOf(data.token_hash)) {
    throw new FunctionError(400, 'INVALID_REQUEST', 'user.id and email_data are required');
  }
  return {
    user: { id, email: stringOf(user.email), new_email: stringOf(user.new_email) || undefined },
    data: {
      token_hash: stringOf(data.token_hash),
      redirect_to: stringOf(data.redirect_to),
      email_action_type: type,
      token_hash_new: stringOf(data.token_hash_new) || undefined,
    },
  };
}

/** The auth server's verify link, as its own templates build it ({{ .ConfirmationURL }}). */
function verifyLink(tokenHash: string, type: string, redirectTo: string): string {
  const link = new URL('/auth/v1/verify', requiredEnv('SUPABASE_URL'));
  link.searchParams.set('token', tokenHash);
  link.searchParams.set('type', type);
  if (redirectTo) link.searchParams.set('redirect_to', redirectTo);
  return link.toString();
}

/**
 * The mails of one hook call: one for a reset; for an email change one to the new address and, with
 * secure email change, one to the current address. (GoTrue sends the new address's link as
 * `token_hash` and the current address's as `token_hash_new`.) Other actions (sign-up confirmation,
 * magic link, invitation, reauthentication) are not part of the portal: refused.
 */
function mailsOf(user: HookUser, data: EmailData): Array<{ to: string; content: MailContent }> {
  const { token_hash: tokenHash, redirect_to: redirectTo } = data;
  switch (data.email_action_type) {
    case 'recovery':
      return [{ to: user.email, content: { kind: 'recovery', link: verifyLink(tokenHash, 'recovery', redirectTo) } }];
    case 'email_change': {
      const next = user.new_email ?? '';
      if (!next) throw new FunctionError(400, 'INVALID_REQUEST', 'user.new_email is required');
      const mails: Array<{ to: string; content: MailContent }> = [
        {
          to: next,
          content: {
            kind: 'email_change_new',
            link: verifyLink(tokenHash, 'email_change', redirectTo),
            from: user.email,
            to: next,
          },
        },
      ];
      if (data.token_hash_new && user.email) {
        mails.push({
          to: user.email,
          content: {
            kind: 'email_change_current',
            link: verifyLink(data.token_hash_new, 'email_change', redirectTo),
            from: user.email,
            to: next,
          },
        });
      }
      return mails;
    }
    default:
      throw new FunctionError(400, 'UNSUPPORTED_EMAIL_ACTION', `The portal sends no ${data.email_action_type} mail`);
  }
}

/** POST, signed by the auth server: { user, email_data }. Answers {} once the mail is queued. */
export default async function handler(request: Request): Promise<Response> {
  try {
    if (request.method !== 'POST') throw new FunctionError(405, 'METHOD_NOT_ALLOWED', 'Use POST');
    const secret = requiredEnv('SEND_EMAIL_HOOK_SECRET');
    const payload = await request.text();
    if (!(await verifyWebhook(secret, request.headers, payload))) {
      throw new FunctionError(401, 'UNAUTHENTICATED', 'The call is not signed with the hook secret');
    }
    // The signature covers the exact bytes, so the body is read once as text and parsed from it.
    const { user, data } = inputOf(
      await readJsonObject(new Request(request.url, { method: 'POST', body: payload })),
    );
    const mails = mailsOf(user, data);
    const db = createClient(requiredEnv('SUPABASE_URL'), requiredEnv('SUPABASE_SERVICE_ROLE_KEY'), CLIENT_OPTIONS);
    const recipient = await recipientOf(db, user.id);
    for (const mail of mails) await queueMail(db, 'auth', mail.to, render(recipient, mail.content));
    return json(200, {}, HEADERS);
  } catch (error) {
    // GoTrue shows the hook's error message to nobody: it answers its own 500.
    return errorResponse('auth-mail', error, HEADERS);
  }
}

serve(handler);
