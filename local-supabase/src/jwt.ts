import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import { JWT_SECRET } from './config';

const key = new TextEncoder().encode(JWT_SECRET);

export interface JwtClaims extends JWTPayload {
  role?: string;
  email?: string;
  session_id?: string;
}

export type VerifiedJwt = { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid' };

export async function signJwt(claims: JwtClaims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

/** Verifies an HS256 token with the stack's secret, as PostgREST and GoTrue do. */
export async function verifyJwt(token: string): Promise<VerifiedJwt> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return { ok: true, claims: payload as JwtClaims };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
