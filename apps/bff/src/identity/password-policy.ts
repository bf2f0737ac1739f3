import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * Whether a new password may be used (decision 028, OWASP ASVS 6.2): at least 12 characters (the schema), and not a
 * well-known or easily guessed one. zxcvbn-ts (maintained, offline) matches it against its common-password list
 * (tens of thousands of breached passwords) and names, keyboard walks, dates, repeats and l33t spellings of them, and
 * estimates the guesses it would take; the console refuses a password it finds in the common list, or one it scores
 * below 3 of 4 ("safely unguessable" is 3). The check runs on the server: the list is not sent to browsers.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary },
  graphs: common.adjacencyGraphs,
});

/**
 * Why the password may not be used, in words for the person choosing it; null when it may. `personal`: the person's
 * name and email, which a password must not hold.
 */
export function passwordProblem(password: string, personal: readonly string[] = []): string | null {
  const lower = password.toLowerCase();
  if (personal.some((word) => word.length >= 4 && lower.includes(word.toLowerCase())))
    return 'must not hold your name or email address';
  const result = zxcvbn.check(password, [...personal]);
  const known = result.sequence.some(
    (match) =>
      match.pattern === 'dictionary' &&
      'dictionaryName' in match &&
      String(match.dictionaryName).startsWith('passwords'),
  );
  if (known && password.length < 20) return 'is a well-known password: choose one that is not on any list';
  if (result.score < 3) return 'is too easy to guess: make it longer, or a few unrelated words';
  return null;
}
