import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';

/**
 * Secrets the console must read back (an authenticator app's key) sealed at rest (decision 031): AES-256-GCM with the
 * operator's SECRETS_KEY, kept outside the database, so a copy of the database alone does not give away anyone's
 * codes. Each value is bound to its owner (the additional data), so a sealed key moved to another person's row does
 * not open. Without a key, values are kept as they are, and read either way: setting a key later seals the old ones
 * at the next start.
 */
export class SecretBox {
  readonly #key: Buffer | null;

  constructor(key: Buffer | null) {
    if (key && key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes');
    this.#key = key;
  }

  get sealing(): boolean {
    return this.#key !== null;
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  seal(plain: string, owner: string): string {
    if (!this.#key) return plain;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(owner, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
  }

  /** The value as it was sealed; throws when it was sealed with another key or for another owner. */
  open(stored: string, owner: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    if (!this.#key) throw new Error('a sealed secret needs SECRETS_KEY to be read');
    const [iv, tag, body] = stored.slice(PREFIX.length).split(':');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** SECRETS_KEY as an operator writes it: 64 hex digits, or 32 bytes in base64. */
export function parseSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}
