import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSecretsKey, SecretBox } from './secret-box.ts';

describe('a secret box', () => {
  const key = randomBytes(32);

  it('seals a value so that neither it nor its length in clear is in what is stored, and opens it again', () => {
    const box = new SecretBox(key);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'usr_1');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'usr_1')).not.toBe(sealed);
    expect(box.open(sealed, 'usr_1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('does not open for another owner, with another key, or without a key', () => {
    const sealed = new SecretBox(key).seal('JBSWY3DPEHPK3PXP', 'usr_1');
    expect(() => new SecretBox(key).open(sealed, 'usr_2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'usr_1')).toThrow();
    expect(() => new SecretBox(null).open(sealed, 'usr_1')).toThrow(/SECRETS_KEY/);
  });

  it('keeps values as they are without a key, and reads an unsealed value with one', () => {
    expect(new SecretBox(null).seal('ABC', 'usr_1')).toBe('ABC');
    expect(new SecretBox(key).open('ABC', 'usr_1')).toBe('ABC');
  });

  it('reads the key as 64 hex digits or 32 bytes of base64, and nothing shorter', () => {
    expect(parseSecretsKey(key.toString('hex'))?.equals(key)).toBe(true);
    expect(parseSecretsKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(parseSecretsKey('too-short')).toBeNull();
  });
});
