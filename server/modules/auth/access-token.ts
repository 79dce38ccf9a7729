import { SignJWT, jwtVerify } from 'jose';
import type { AppContext } from '../../context';

export interface AccessClaims {
  userPk: number;
  family: string;
}

export async function signAccessToken(app: AppContext, claims: AccessClaims): Promise<string> {
  return new SignJWT({ fam: claims.family })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userPk))
    .setIssuedAt()
    .setExpirationTime(`${app.config.accessTokenSeconds}s`)
    .sign(app.jwtSecret);
}

// A client sends the same token with every request for minutes: its signature is checked once,
// then the claims are reused until the token expires. Bounded, and per secret (tests use several).
const VERIFIED_MAX = 10_000;
const verified = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expiresAt: number }>>();

/** The claims of a valid token, or null (expired, forged, malformed). */
export async function verifyAccessToken(app: AppContext, token: string): Promise<AccessClaims | null> {
  let cache = verified.get(app.jwtSecret);
  if (!cache) verified.set(app.jwtSecret, (cache = new Map()));
  const hit = cache.get(token);
  if (hit) {
    if (hit.expiresAt > Date.now()) return hit.claims;
    cache.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, app.jwtSecret, { algorithms: ['HS256'] });
    const userPk = Number(payload.sub);
    if (!Number.isInteger(userPk) || typeof payload.exp !== 'number') return null;
    const claims = { userPk, family: String(payload.fam ?? '') };
    if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(token, { claims, expiresAt: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
