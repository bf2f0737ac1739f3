import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { Toasts } from '../components/toasts.tsx';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { useDeadlineNotices } from '../features/bookings/deadline-notices.ts';
import { onFactorSetupRequired, onSignedOut } from '../lib/api.ts';
import { meQuery, useMe } from '../lib/me.ts';
import { loadOrReload } from '../lib/new-version.ts';
import { screenTarget, watchScreenFocus } from '../lib/screen-focus.ts';
import { useScreenSettled } from '../lib/screen-settled.ts';
import { runShellKey } from '../lib/shell-keys.ts';
import { setAgentTimeZone } from '../lib/time-zone.ts';
import { forgetWayBack, signInPath } from '../lib/way-back.ts';
import { KeysDialog } from './keys-dialog.tsx';
import { ProofHost } from './proof-host.tsx';
import { TopNav } from './top-nav.tsx';

/**
 * A sign-out under way: whatever meets the ended sign-in meanwhile sends to a sign-in page with no way back (the next
 * person at this browser is not sent to this one's screen: decision 042).
 */
let signingOut = false;
/**
 * A sign-in found ended: where it sends (the sign-in page saying so, with the way back for that person). The shell may
 * draw once with nobody signed in before that navigation lands; it sends to the same place, never to a plain sign-in.
 */
let endedTo: string | null = null;

/** The account popover closes when one of its links is followed (the page changes under it). */
const closeAccount = () => document.getElementById('account')?.hidePopover();

import { onPaletteKey, requestPalette } from './palette-signal.ts';

// The banner and the command palette come after the screen is up (app/shell-extras.tsx, lib/screen-settled.ts).
const ShellExtras = lazy(async () => ({
  default: (await loadOrReload(() => import('./shell-extras.tsx'))).ShellExtras,
}));

/** The signed-in shell: navigation, who is signed in, and an environment badge that cannot be missed. */
export function Layout() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const navigationType = useNavigationType();
  const here = `${location.pathname}${location.search}`;
  const settled = useScreenSettled();

  // A session held to its account page until a second step is set up reaches nothing the shell would read.
  const held = me.data?.session.factor_setup_required ?? false;
  useDeadlineNotices(Boolean(me.data) && settled && !held);
  // Signed in and in the shell: a way back to here is used up.
  useEffect(() => {
    if (me.data) {
      signingOut = false;
      endedTo = null;
      forgetWayBack();
    }
  }, [me.data]);
  useEffect(() => {
    window.addEventListener('keydown', onPaletteKey);
    return () => window.removeEventListener('keydown', onPaletteKey);
  }, []);

  // The keys of every screen (lib/shell-keys.ts); `?` lists them, and focus goes back where it was when it closes.
  const main = useRef<HTMLElement>(null);
  const [keys, setKeys] = useState<Element | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const screen = main.current;
      if (screen)
        runShellKey(
          event,
          screen,
          () => setKeys(document.activeElement ?? document.body),
          () => screenTarget(screen)?.focus(),
        );
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const closeKeys = () => {
    const back = keys instanceof HTMLElement && keys.isConnected && keys !== document.body ? keys : null;
    setKeys(null);
    // After the dialog has given focus back itself (to where it was, or to nothing): the place it was, or the screen.
    requestAnimationFrame(() => (back ?? (main.current && screenTarget(main.current)))?.focus());
  };

  // Each new screen puts focus on its work and says its title (lib/screen-focus.ts, decision 046).
  const signedIn = Boolean(me.data);
  const announcer = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!signedIn || !location.pathname || !main.current) return;
    return watchScreenFocus(main.current, (title) => {
      document.title = `${title} · Booking console`;
      if (announcer.current) announcer.current.textContent = title;
    });
  }, [location.pathname, signedIn]);

  // A new screen opens at its top; back and forward leave the browser to restore where the agent was.
  useEffect(() => {
    if (navigationType !== 'POP' && location.pathname) window.scrollTo(0, 0);
  }, [location.pathname, navigationType]);

  useEffect(
    () =>
      onSignedOut(() => {
        // Only a sign-in that existed can have ended; a first visit is sent to sign in by the check below.
        const ended = queryClient.getQueryData(meQuery.queryKey);
        if (ended === undefined) return;
        // Nothing of the ended sign-in is kept, including who it was; the way back is for that person only.
        endedTo = signingOut
          ? '/sign-in'
          : signInPath(`${window.location.pathname}${window.location.search}`, {
              expired: true,
              for: ended.user.id,
            });
        queryClient.clear();
        void navigate(endedTo, { replace: true });
      }),
    [navigate, queryClient],
  );

  useEffect(
    () => onFactorSetupRequired(() => void queryClient.invalidateQueries({ queryKey: meQuery.queryKey })),
    [queryClient],
  );

  if (me.isPending) return <p className="loading">Loading the console…</p>;
  if (!me.data)
    return <Navigate to={signingOut ? '/sign-in' : (endedTo ?? signInPath(here, { for: null }))} replace />;
  // The office's policy wants a second factor this person has not set up: their account page, until they do, which
  // says why and goes on to where they were going after (never a silent bounce: decision 042).
  if (held && location.pathname !== '/account')
    return <Navigate to={`/account?then=${encodeURIComponent(here)}`} replace />;

  // The console's own times are shown in the zone the person chose, else the browser's (decision 049).
  setAgentTimeZone(me.data.user.time_zone);
  const live = me.data.environment === 'live';
  return (
    <div className={live ? 'shell live' : 'shell'}>
      {/* The first tab stop: past the top bar to the screen's work. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a link to the page's main section; the script only keeps "#main" out of the app's URL and lands on the screen's work */}
      <a
        href="#main"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          if (main.current) screenTarget(main.current)?.focus();
        }}
      >
        Skip to main content
      </a>
      {live && (
        <div className="live-banner" role="note">
          LIVE: bookings here spend the office's real money.
        </div>
      )}
      <header className="topbar">
        <span className="brand">Booking console</span>
        <TopNav isAdmin={me.data.user.role === 'admin'} />
        <button
          type="button"
          className="button palette-button"
          onClick={requestPalette}
          aria-keyshortcuts="Control+K Meta+K"
        >
          Go to… <kbd>Ctrl K</kbd>
        </button>
        <span className={live ? 'badge badge-live' : 'badge badge-test'}>
          <span className="visually-hidden">Environment: </span>
          {live ? 'LIVE' : 'TEST'}
        </span>
        {/* The account: who is signed in, and signing out, one click away in the browser's own popover (no script). */}
        <button
          type="button"
          className="button who"
          popoverTarget="account"
          aria-label={`Account: ${me.data.user.name}`}
        >
          {me.data.user.name} <span aria-hidden="true">▾</span>
        </button>
        <section id="account" popover="auto" className="account" aria-label="Account">
          <p>
            <strong>{me.data.user.name}</strong>
            <br />
            <span className="muted small">
              {me.data.user.email} · {me.data.user.role}
            </span>
          </p>
          <Link to="/account" className="button" onClick={closeAccount}>
            Your account
          </Link>{' '}
          <button
            type="button"
            className="button"
            onClick={() => {
              signingOut = true;
              forgetWayBack();
              signOut.mutate(undefined, { onSettled: () => navigate('/sign-in', { replace: true }) });
            }}
          >
            Sign out
          </button>
        </section>
      </header>
      <ProofHost />
      {settled && !held && (
        <Suspense fallback={null}>
          <ShellExtras isAdmin={me.data.user.role === 'admin'} />
        </Suspense>
      )}
      <main className="content" id="main" ref={main}>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" ref={announcer} />
      {keys && <KeysDialog onClose={closeKeys} />}
      <Toasts />
    </div>
  );
}
