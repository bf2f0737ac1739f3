import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number as a person types it (`+44 20 7946 0000`, `0044 20 7946 0000`, `(+1) 415-555-0100`) in the E.164
 * form the service takes (`+442079460000`), read by libphonenumber-js; null when it is no phone number it can read
 * (then the form says so). Loaded with the form's first check, not with the screen (lib/phone-resolver.ts).
 */
export function e164(typed: string): string | null {
  const written = typed.trim().replace(/^00(?=[1-9])/, '+');
  const parsed = parsePhoneNumberFromString(written);
  return parsed?.isValid() ? parsed.number : null;
}
