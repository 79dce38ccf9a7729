import argon2 from 'argon2';

// argon2id with the library's defaults (64 MiB, 3 passes): OWASP's recommended family.
const PRODUCTION = { type: argon2.argon2id } as const;

// The test suites sign in and create accounts several hundred times; at the production cost each hash
// or check takes 0.1 s of CPU on a quiet machine and about 1 s when the suites share the cores. The
// test runner asks for a cheap profile; it is honoured only under NODE_ENV=test, so a stray variable
// can never weaken a deployment. argon2.verify reads the cost from the stored hash: both kinds verify.
const TEST_ONLY_CHEAP = { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 } as const;

export function passwordHashOptions(env: NodeJS.ProcessEnv = process.env) {
  return env.NODE_ENV === 'test' && env.TEST_PASSWORD_HASH === 'cheap' ? TEST_ONLY_CHEAP : PRODUCTION;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, passwordHashOptions());
}

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
