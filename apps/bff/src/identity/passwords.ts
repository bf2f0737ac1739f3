import { argon2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes (decision 028): argon2id at OWASP's parameters (19 MiB, two passes, one lane), from Node's own
 * crypto (Node 24). About 30 ms a hash on this two-core machine. Hashes made before, with scrypt at N=2^15 (below
 * OWASP's floor), are still verified and are replaced at the person's next sign-in (`needsRehash`).
 */
const ARGON2 = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function argon2id(
  password: string,
  nonce: Buffer,
  params: { memory: number; passes: number; parallelism: number },
) {
  return new Promise<Buffer>((resolve, reject) =>
    argon2(
      'argon2id',
      { message: password.normalize('NFKC'), nonce, tagLength: ARGON2.tagLength, ...params },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` (the PHC string format, base64 without padding). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await argon2id(password, salt, ARGON2);
  return `$argon2id$v=19$m=${ARGON2.memory},t=${ARGON2.passes},p=${ARGON2.parallelism}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const phc = PHC.exec(stored);
  if (phc) {
    const [, m, t, p, salt = '', hash = ''] = phc;
    const expected = Buffer.from(hash, 'base64');
    const params = { memory: Number(m), passes: Number(t), parallelism: Number(p) };
    // A hash whose parameters are out of any sane range is refused rather than run (a stored value is not trusted).
    if (params.memory > 262_144 || params.passes > 10 || params.parallelism > 8) return false;
    const key = await argon2id(password, Buffer.from(salt, 'base64'), params);
    return key.length === expected.length && timingSafeEqual(key, expected);
  }
  return verifyScrypt(password, stored);
}

/** Whether a hash that just verified should be made again at today's parameters (at the same sign-in). */
export function needsRehash(stored: string): boolean {
  const phc = PHC.exec(stored);
  return (
    !phc ||
    Number(phc[1]) < ARGON2.memory ||
    Number(phc[2]) < ARGON2.passes ||
    Number(phc[3]) !== ARGON2.parallelism
  );
}

/** The hashes of before decision 028: `scrypt$N$r$p$salt$hash`. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n);
  if (!Number.isInteger(N) || N > 2 ** 17) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(salt, 'base64'),
      expected.length,
      { N, r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    ),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the user does not exist, so a wrong email takes as long as a wrong password. */
export const DUMMY_HASH = hashPassword('not-a-real-password');
