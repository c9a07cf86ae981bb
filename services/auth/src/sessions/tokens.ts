import { randomBytes, randomUUID } from 'node:crypto';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenType } from '@trove/service-core';
import { SignJWT } from 'jose';
import type { SigningKeys } from '../keys/signing-keys';

export interface SignedToken {
  token: string;
  jti: string;
  csrf: string;
  expiresAt: Date;
}

/** A token in the flask-jwt-extended shape: sub, type, jti, csrf (plus fid, the session family). */
export async function signToken(
  keys: SigningKeys,
  claims: { type: TokenType; sub: string; fid: string; ttlSeconds: number; jti?: string },
): Promise<SignedToken> {
  const jti = claims.jti ?? randomUUID();
  const csrf = randomBytes(24).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ type: claims.type, fid: claims.fid, csrf })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: keys.kid, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(claims.sub)
    .setJti(jti)
    .setIssuedAt(now)
    .setExpirationTime(now + claims.ttlSeconds)
    .sign(keys.privateKey);
  return { token, jti, csrf, expiresAt: new Date((now + claims.ttlSeconds) * 1000) };
}
