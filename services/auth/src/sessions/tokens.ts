import { randomBytes, randomUUID } from 'node:crypto';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, type TokenType } from '@trove/service-core';
import { SignJWT } from 'jose';
import type { SigningKeys } from '../keys/signing-keys';

export interface SignedToken {
  token: string;
  jti: string;
  csrf: string;
  expiresAt: Date;
  /** The claims that make this token, so the same token can be signed again (Ed25519 is deterministic). */
  claims: TokenClaims;
}

/** What a session token is made of, besides the fixed issuer, audience and key. */
export interface TokenClaims {
  type: TokenType;
  sub: string;
  fid: string;
  jti: string;
  csrf: string;
  iat: number;
  exp: number;
}

/** A token in the flask-jwt-extended shape: sub, type, jti, csrf (plus fid, the session family). */
export function signToken(
  keys: SigningKeys,
  claims: { type: TokenType; sub: string; fid: string; ttlSeconds: number; jti?: string },
): Promise<SignedToken> {
  const iat = Math.floor(Date.now() / 1000);
  return signClaims(keys, {
    type: claims.type,
    sub: claims.sub,
    fid: claims.fid,
    jti: claims.jti ?? randomUUID(),
    csrf: randomBytes(24).toString('base64url'),
    iat,
    exp: iat + claims.ttlSeconds,
  });
}

/**
 * Signs exactly these claims. Signing the same claims with the same Ed25519 key gives the same token, which
 * is how a refresh replayed inside the grace window gets the successor it already had (issue 18 item 9).
 */
export async function signClaims(keys: SigningKeys, claims: TokenClaims): Promise<SignedToken> {
  const token = await new SignJWT({ type: claims.type, fid: claims.fid, csrf: claims.csrf })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: keys.kid, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(keys.privateKey);
  return { token, jti: claims.jti, csrf: claims.csrf, expiresAt: new Date(claims.exp * 1000), claims };
}
