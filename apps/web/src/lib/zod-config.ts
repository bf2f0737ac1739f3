import { z } from 'zod';

/**
 * Zod without its compiled parsers (decision 038): the console's Content-Security-Policy refuses `eval`, so zod's
 * probe for it (`new Function("")`) only failed, and every page reported that refusal as a CSP issue (Lighthouse's
 * best practices 92–96). With `jitless` there is no probe; parsing is what it already was under the policy.
 * Imported first by the entry and the search-stream worker, before any schema parses.
 */
z.config({ jitless: true });
