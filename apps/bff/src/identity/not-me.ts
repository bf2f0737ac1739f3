import type { IdentityDeps } from './deps.ts';
import type { NoticeEnding } from './notices.ts';

/**
 * "This was not me" (decision 035): the way in the notice is about is removed (a passkey or an app, the identity at
 * the provider, the recovery codes an attacker saw), every session and waiting sign-in of the person ends, and the
 * browsers known for them are forgotten. It is in the audit log.
 */
export async function takeBack(
  d: Pick<IdentityDeps, 'users' | 'sessions' | 'factors' | 'identities' | 'knownBrowsers' | 'audit'>,
  ending: NoticeEnding,
  origin: { address: string; browser: string | null },
): Promise<void> {
  const user = await d.users.get(ending.userId);
  if (!user) return;
  if (ending.kind === 'factor_added' && ending.removed) await d.factors.remove(user.id, ending.removed);
  if (ending.kind === 'identity_connected' && ending.removed)
    await d.identities.disconnect(user.id, ending.removed);
  if (ending.kind === 'recovery_codes_renewed') await d.factors.voidRecoveryCodes(user.id);
  await d.sessions.endSessionsOf(user.id);
  await d.knownBrowsers.forget(user.id);
  await d.audit.write(
    user,
    { action: `security.not_me.${ending.kind}`, resourceId: ending.removed, ...origin },
    'succeeded',
    200,
    null,
  );
}
