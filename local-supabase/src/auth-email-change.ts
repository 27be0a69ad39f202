import type pg from 'pg';
import { API_URL, AUTH_ISSUER, authLimits } from './config';
import { callSendEmailHook, sendEmailHook } from './auth-hooks';
import { codeMatches, linkDigest, newMailedCode } from './auth-codes';
import { type UserRow, USER_COLUMNS, authError, findUserByEmail, findUserById, userJson } from './auth-users';
import type { Outbox } from './outbox';

// GoTrue's secure email change (config.toml `double_confirm_changes = true`): changing the sign-in email
// mails a link (and a code) to the new address and another to the current one; the email changes only
// when both are confirmed. GoTrue skips the links when mail confirmation is off (autoconfirm); this
// server never does, so a stolen session alone cannot move an account to another address.

type Db = pg.Pool | pg.PoolClient;

/** GoTrue's answer when the first of the two links is confirmed. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function changeMail(to: string, from: string, next: string, link: string, code: string) {
  const intro = `Follow this link to confirm the update of your email from ${from} to ${next}:`;
  return {
    to,
    subject: 'Confirm Email Change',
    text: [
      'Confirm Change of Email',
      '',
      intro,
      link,
      '',
      `Alternatively, enter the code: ${code}`,
      '',
      'If you did not ask for this change, do not follow the link and change your password.',
    ].join('\n'),
    html: [
      '<h2>Confirm Change of Email</h2>',
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(link)}">Change Email</a></p>`,
      `<p>Alternatively, enter the code: ${code}</p>`,
      '<p>If you did not ask for this change, do not follow the link and change your password.</p>',
    ].join('\n'),
  };
}

/** Refuses an address another account signs in with (422 email_exists, as GoTrue). */
export async function assertEmailFree(db: Db, userId: string, email: string): Promise<void> {
  const taken = await findUserByEmail(db, email);
  if (taken && taken.id !== userId) {
    throw authError(422, 'email_exists', 'A user with this email address has already been registered');
  }
}

/**
 * Starts a change of `user`'s sign-in email to `next`: stores one token per address and mails the
 * links. Nothing about the account's email changes until both are confirmed.
 */
export async function requestEmailChange(
  db: Db,
  outbox: Outbox,
  user: UserRow,
  next: string,
  redirectTo: string,
): Promise<void> {
  await assertEmailFree(db, user.id, next);
  const current = user.email ?? '';
  // One code and link per address (auth-codes.ts).
  const toNew = newMailedCode(next);
  const toCurrent = current ? newMailedCode(current) : undefined;
  await db.query(
    `update auth.users
        set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
            email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now()
      where id = $1`,
    [user.id, next, toNew.stored, toCurrent?.stored ?? ''],
  );
  const linkFor = (token: string) => {
    const link = new URL('/auth/v1/verify', API_URL);
    link.searchParams.set('token', token);
    link.searchParams.set('type', 'email_change');
    link.searchParams.set('redirect_to', redirectTo);
    return link.toString();
  };
  const hook = sendEmailHook();
  if (hook) {
    // The school's own mail (supabase/functions/auth-mail), one hook call for both addresses. As in
    // GoTrue, `token_hash` is the new address's link and `token_hash_new` the current address's.
    const pending = (await findUserById(db, user.id, true)) as UserRow;
    await callSendEmailHook(hook, {
      user: await userJson(db, pending),
      email_data: {
        token: toNew.code,
        token_hash: toNew.linkToken,
        redirect_to: redirectTo,
        email_action_type: 'email_change',
        site_url: AUTH_ISSUER,
        token_new: toCurrent?.code ?? '',
        token_hash_new: toCurrent?.linkToken ?? '',
      },
    });
    return;
  }
  // Without the hook: GoTrue's own template.
  await outbox.send(changeMail(next, current, next, linkFor(toNew.linkToken), toNew.code), db);
  if (toCurrent) await outbox.send(changeMail(current, current, next, linkFor(toCurrent.linkToken), toCurrent.code), db);
}

/** One of the two confirmations: a mailed link's token, or an address with the code mailed to it. */
export type EmailChangeMatch = { linkToken: string } | { address: string; code: string };

/** A pending change a wrong code was typed for (the caller counts it, see voidEmailChange). */
export interface PendingEmailChange {
  id: string;
  /** One count of wrong codes per change requested. */
  key: string;
}

export type EmailChangeOutcome =
  | { state: 'invalid'; wrongCodeFor?: PendingEmailChange }
  | { state: 'one-of-two'; user: UserRow }
  | { state: 'changed'; user: UserRow };

type PendingRow = UserRow & {
  email_change_confirm_status: number;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
};

/** Voids the change `pending` names (both codes and links), if it is still the one pending. */
export async function voidEmailChange(db: Db, pending: PendingEmailChange): Promise<void> {
  await db.query(
    `update auth.users set email_change = '', email_change_token_new = '', email_change_token_current = '',
            email_change_confirm_status = 0, updated_at = now()
      where id = $1 and email_change <> '' and $2 = 'email_change:' || id || ':' || email_change_sent_at::text`,
    [pending.id, pending.key],
  );
}

/**
 * Confirms one of the two tokens of a pending email change (valid once, for as long as a recovery
 * token). The first confirmation only records itself; the second moves the account, its email
 * identity and (through the users trigger) the profile's email to the new address.
 */
export async function confirmEmailChange(
  db: Db,
  match: EmailChangeMatch,
  /** Throws to refuse the account (a banned one) before anything is written. */
  check: (user: UserRow) => void,
): Promise<EmailChangeOutcome> {
  const byLink = 'linkToken' in match;
  if (byLink ? !match.linkToken : !match.address || !match.code) return { state: 'invalid' };
  const { rows } = await db.query<PendingRow & { key: string }>(
    `select ${USER_COLUMNS}, email_change_confirm_status, email_change_token_new, email_change_token_current,
            'email_change:' || id || ':' || email_change_sent_at::text as key
       from auth.users
      where ${
        byLink
          ? `(split_part(email_change_token_new, ':', 1) = $1 or split_part(email_change_token_current, ':', 1) = $1)`
          : '(lower(email_change) = $1 or lower(email) = $1)'
      }
        and email_change <> '' and deleted_at is null
        and email_change_sent_at > now() - make_interval(secs => $2)
      for update`,
    [byLink ? linkDigest(match.linkToken) : match.address, authLimits().recoveryTokenLifetimeSeconds],
  );
  const found = rows[0];
  if (!found) return { state: 'invalid' };
  let isNew: boolean;
  if ('linkToken' in match) {
    isNew = found.email_change_token_new?.split(':')[0] === linkDigest(match.linkToken);
  } else if (found.email_change === match.address && codeMatches(found.email_change_token_new, match.address, match.code)) {
    isNew = true;
  } else if (found.email === match.address && codeMatches(found.email_change_token_current, match.address, match.code)) {
    isNew = false;
  } else {
    return { state: 'invalid', wrongCodeFor: { id: found.id, key: found.key } };
  }
  const pending = { ...found, is_new: isNew };
  check(pending);
  const bothNeeded = Boolean(pending.email);
  if (bothNeeded && pending.email_change_confirm_status === 0) {
    await db.query(
      `update auth.users
          set email_change_confirm_status = 1, updated_at = now(),
              email_change_token_new = case when $2 then '' else email_change_token_new end,
              email_change_token_current = case when $2 then email_change_token_current else '' end
        where id = $1`,
      [pending.id, pending.is_new],
    );
    return { state: 'one-of-two', user: pending };
  }
  // The address may have been taken while the links were on their way.
  const next = pending.email_change ?? '';
  const taken = await findUserByEmail(db, next);
  if (taken && taken.id !== pending.id) return { state: 'invalid' };
  const { rows: changed } = await db.query<UserRow>(
    `update auth.users
        set email = email_change, email_confirmed_at = coalesce(email_confirmed_at, now()),
            email_change = '', email_change_token_new = '', email_change_token_current = '',
            email_change_confirm_status = 0, updated_at = now()
      where id = $1
      returning ${USER_COLUMNS}`,
    [pending.id],
  );
  await db.query(
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
            updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [pending.id, next],
  );
  return { state: 'changed', user: changed[0] as UserRow };
}
