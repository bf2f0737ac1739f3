import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy.ts';

describe('a new password', () => {
  it('is refused when it is a well-known one, however long', () => {
    for (const password of ['password123456', 'qwertyuiop123', '123456789012', 'iloveyou1234'])
      expect(passwordProblem(password), password).toMatch(/well-known|too easy/);
  });

  it('is refused when it is easily guessed: a repeat, a keyboard walk, the person’s own name', () => {
    expect(passwordProblem('aaaaaaaaaaaa')).not.toBeNull();
    expect(passwordProblem('qazwsxedcrfv')).not.toBeNull();
    expect(passwordProblem('ameliahart1985', ['amelia', 'hart'])).not.toBeNull();
  });

  it('is taken when it is long and not on any list', () => {
    for (const password of ['violet tram harbour 42', 'Kq7#mP2vL9xR', 'copper-lantern-orbit-sleet'])
      expect(passwordProblem(password), password).toBeNull();
  });
});
