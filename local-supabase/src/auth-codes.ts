import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { JWT_SECRET } from './config';
import { randomToken, sixDigitCode } from './auth-users';

// What a verification mail carries (password recovery, email change) and how it is stored. GoTrue
// stores SHA-224(address + 6-digit code) and mails that same hash as the link's token, so anyone who
// guesses a code can also build its link or token_hash, and only the attempts that name the address
// are counted. Here the two are separate secrets (docs/security.md "Verification codes"):
//   - the link token is 32 random bytes: it cannot be guessed, whatever the code;
//   - the code is stored keyed with the stack's secret (HMAC), so it is not derivable from the column;
//   - wrong codes are counted against the pending code (CodeGuesses, one count per code sent), and the
//     5th voids it together with its link.
// Both live in the one column GoTrue uses (recovery_token, email_change_token_new/current) as
// `<SHA-256 of the link token>:<HMAC of the code>`.

export interface MailedCode {
  /** The 6-digit code the mail shows. */
  code: string;
  /** The token of the mailed link (and what verifyOtp({ token_hash }) sends). */
  linkToken: string;
  /** What the users row keeps. */
  stored: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const codeDigest = (address: string, code: string) =>
  createHmac('sha256', JWT_SECRET).update(`${address}\n${code}`).digest('hex');

/** A new code and link token for a mail to `address`. */
export function newMailedCode(address: string): MailedCode {
  const code = sixDigitCode();
  const linkToken = randomToken(32);
  return { code, linkToken, stored: `${sha256(linkToken)}:${codeDigest(address, code)}` };
}

/** The stored form of a link token: compare it with `split_part(<column>, ':', 1)`. */
export function linkDigest(linkToken: string): string {
  return sha256(linkToken);
}

/** Whether `code` is the code stored in `stored` for `address` (constant time). */
export function codeMatches(stored: string | null, address: string, code: string): boolean {
  const expected = stored?.split(':')[1];
  if (!expected || !/^\d{6}$/.test(code)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(codeDigest(address, code), 'hex'));
}
