// The link of an administrator's email correction (admin-users `correctEmail`): followed from the mail
// sent to the new address, it moves the account's sign-in email there, and only then (until then the
// account keeps signing in with its current address). The link's token is the only credential, so the
// function is called without a user's token (supabase/config.toml: verify_jwt = false); it is valid
// once, for 24 hours. The browser lands on the portal's sign-in page, told how it went
// (`?emailCorrection=confirmed | invalid | taken`).
import { createClient } from '@supabase/supabase-js';
import { env, requiredEnv, serve } from '../_shared/env.ts';
import { errorResponse } from '../_shared/http.ts';
import { linkTokenHash } from '../_shared/link-token.ts';
import { CLIENT_OPTIONS } from '../_shared/supabase-client.ts';

/** The portal's sign-in page when the link names none: the shell's origin (ALLOWED_ORIGINS' first). */
function defaultSignInPage(): string {
  const first = env('ALLOWED_ORIGINS')?.split(',')[0]?.trim().replace(/\/+$/, '');
  return `${first || 'http://localhost:3000'}/auth`;
}

function redirect(target: string, outcome: 'confirmed' | 'invalid' | 'taken'): Response {
  const url = new URL(target);
  url.searchParams.set('emailCorrection', outcome);
  return new Response(null, {
    status: 303,
    headers: { location: url.toString(), 'cache-control': 'no-store' },
  });
}

export default async function handler(request: Request): Promise<Response> {
  try {
    const token = new URL(request.url).searchParams.get('token') ?? '';
    if (request.method !== 'GET' || !token) return redirect(defaultSignInPage(), 'invalid');
    const admin = createClient(
      requiredEnv('SUPABASE_URL'),
      requiredEnv('SUPABASE_SERVICE_ROLE_KEY'),
      CLIENT_OPTIONS,
    );
    const { data, error } = await admin.rpc('confirm_email_correction', {
      token_hash: await linkTokenHash(token),
    });
    if (error) throw error;
    const pending = data as { userId: string; newEmail: string; redirectTo: string } | null;
    if (!pending) return redirect(defaultSignInPage(), 'invalid');
    const target = pending.redirectTo || defaultSignInPage();
    const moved = await admin.auth.admin.updateUserById(pending.userId, {
      email: pending.newEmail,
      email_confirm: true,
    });
    // The address was taken while the mail was on its way: the account stays as it was.
    if (moved.error?.code === 'email_exists') return redirect(target, 'taken');
    if (moved.error) throw moved.error;
    return redirect(target, 'confirmed');
  } catch (error) {
    return errorResponse('confirm-email', error, {});
  }
}

serve(handler);
