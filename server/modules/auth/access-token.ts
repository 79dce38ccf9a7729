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

/** The claims of a valid token, or null (expired, forged, malformed). */
export async function verifyAccessToken(app: AppContext, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, app.jwtSecret, { algorithms: ['HS256'] });
    const userPk = Number(payload.sub);
    if (!Number.isInteger(userPk)) return null;
    return { userPk, family: String(payload.fam ?? '') };
  } catch {
    return null;
  }
}
