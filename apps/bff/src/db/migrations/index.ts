import type { Migration } from 'kysely';
import { migration as m001 } from './001-initial.ts';
import { migration as m002 } from './002-shared-state.ts';
import { migration as m003 } from './003-shared-upstream-session.ts';
import { migration as m004 } from './004-office-wide-access.ts';
import { migration as m005 } from './005-customer-reference.ts';
import { migration as m006 } from './006-travellers-trips-settings.ts';
import { migration as m007 } from './007-history-indexes.ts';
import { migration as m008 } from './008-directory-and-trip-search.ts';
import { migration as m009 } from './009-sign-in-history-and-sessions.ts';
import { migration as m010 } from './010-second-factors.ts';
import { migration as m011 } from './011-account-links.ts';
import { migration as m012 } from './012-passkeys-and-single-sign-on.ts';
import { migration as m013 } from './013-service-fees.ts';
import { migration as m014 } from './014-booking-totals.ts';
import { migration as m015 } from './015-quotes.ts';
import { migration as m016 } from './016-desk-by-money.ts';
import { migration as m017 } from './017-sign-in-hardening.ts';
import { migration as m018 } from './018-the-watch.ts';
import { migration as m019 } from './019-identity-push.ts';
import { migration as m020 } from './020-wallet-moves.ts';
import { migration as m021 } from './021-invitation-revoked.ts';
import { migration as m022 } from './022-one-profile-per-traveller.ts';
import { migration as m023 } from './023-trip-reference-per-agent.ts';
import { migration as m024 } from './024-agent-time-zone.ts';
import { migration as m025 } from './025-booking-timeline.ts';
import { migration as m026 } from './026-change-queue.ts';
import { migration as m027 } from './027-change-actions.ts';
import { migration as m028 } from './028-booking-timeline-history.ts';
import { migration as m029 } from './029-one-action-per-change.ts';

/**
 * Every migration, one file each, in order. Imported statically (not read from a folder at run time): the built BFF is
 * one bundle. A new one takes the next number, its own file and a line here.
 */
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-shared-state': m002,
  '003-shared-upstream-session': m003,
  '004-office-wide-access': m004,
  '005-customer-reference': m005,
  '006-travellers-trips-settings': m006,
  '007-history-indexes': m007,
  '008-directory-and-trip-search': m008,
  '009-sign-in-history-and-sessions': m009,
  '010-second-factors': m010,
  '011-account-links': m011,
  '012-passkeys-and-single-sign-on': m012,
  '013-service-fees': m013,
  '014-booking-totals': m014,
  '015-quotes': m015,
  '016-desk-by-money': m016,
  '017-sign-in-hardening': m017,
  '018-the-watch': m018,
  '019-identity-push': m019,
  '020-wallet-moves': m020,
  '021-invitation-revoked': m021,
  '022-one-profile-per-traveller': m022,
  '023-trip-reference-per-agent': m023,
  '024-agent-time-zone': m024,
  '025-booking-timeline': m025,
  '026-change-queue': m026,
  '027-change-actions': m027,
  '028-booking-timeline-history': m028,
  '029-one-action-per-change': m029,
};
