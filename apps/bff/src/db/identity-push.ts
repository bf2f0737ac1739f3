import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * What PostgreSQL tells every instance about its sessions and people (decision 038, sixth pass), so an instance may
 * keep a session read in memory as SQLite's instances do, and still refuse a session another instance ended.
 *
 * The migration `019-identity-push` has PostgreSQL announce, as each write commits, that something about sessions or
 * people changed (`*`), or that a session was only touched (`t:<id>:<last seen>`). Each instance listens on its own
 * connection and counts what it heard; a session read is taken from memory only while that count is the one it was read under, and
 * only while the listener is known to be current: its own announcement (`p:<instance>:<n>`), sent at most a second
 * ago, has come back. PostgreSQL delivers the announcements of different transactions in the order they committed,
 * so an instance that has heard its own announcement has heard every change committed before it was sent.
 *
 * A write that ends or changes sessions (sign-out, disabling, a role change, a rotation…) is not answered until every
 * instance has heard it: the writer announces a barrier (`b:<instance>:<n>`), each listening instance answers it
 * (`a:<instance>:<writer>:<n>`) once it has heard all before it, and the writer waits for the answers of every
 * instance it heard from in the last second. An instance that does not answer cannot go on keeping sessions for
 * longer than a second after its last announcement, so the writer waits at most that (and exactly that when its own
 * listener is down); one stopping says so (`x:<instance>`) and is not waited for. From the moment such a write's
 * answer arrives, no instance lets the ended session in: the same as when every request read its session from the
 * database.
 */

/** How long an instance's own announcement keeps its memory of sessions usable, and the longest a write waits. */
export const IDENTITY_FRESH_MS = 1_000;
/** Node's timers count whole milliseconds: every wait is this much longer than the second it must outlast. */
const TIMER_MARGIN_MS = 5;
/** An announcement not back after this long means the listener's connection is dead without having said so. */
const LISTENER_DEAD_MS = 5_000;
/** How often an instance serving requests announces itself (an idle one does not). */
const ANNOUNCE_EVERY_MS = 200;
/** How long before a lost listener is tried again. */
const RECONNECT_MS = 1_000;
const CHANNEL = 'console_identity';

export interface IdentityPush {
  /**
   * The count of changes heard, or null when the listener is not known to be current (then nothing may be taken from
   * memory). Asking announces this instance when it has not lately.
   */
  version(): number | null;
  /** Whether what is kept may be taken now (as `version` would say), without announcing anything: for the metrics. */
  isCurrent(): boolean;
  /** Called with a session's id and its new "last seen" when an instance (this one too) only touched it. */
  onTouch(listener: (sessionId: string, lastSeenAt: number) => void): void;
  /** Resolves once every instance that may be keeping sessions has heard every change committed before the call. */
  settled(): Promise<void>;
  /** Announces this instance now and resolves once the announcement has come back (for tests and readiness). */
  current(): Promise<void>;
  close(): Promise<void>;
  /** How the barriers (one per turn of writes that may end a session) ended: all answered, or a second ran out. */
  readonly settledBy: { answered: number; waited: number };
  /** For tests: the listener's server process (null while it is not listening). */
  readonly listenerPid: number | null;
  /**
   * For tests: holds what the listener hears, as a listener falling behind would, until the returned function lets
   * it go (heard then, in order).
   */
  hold(): () => void;
}

/** The server process a client is connected to (pg sets it from the server's key data; its types leave it out). */
const processOf = (client: pg.Client | null): number | undefined =>
  (client as (pg.Client & { processID?: number }) | null)?.processID;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

interface Barrier {
  /** The instances it waits for, with when each was last heard from (known once this instance hears it back). */
  waiting: Map<string, number> | null;
  /**
   * Not before then: an instance that announced itself before this listener's `LISTEN` took effect was never heard,
   * and may keep sessions for up to a second after that announcement.
   */
  notBefore: number;
  /** Whether an instance's second ran out instead of its answer coming. */
  outwaited: boolean;
  done: (by: 'answered' | 'waited') => void;
}

export function listenForIdentity(connectionString: string): IdentityPush {
  const me = randomBytes(6).toString('hex');
  let client: pg.Client | null = null;
  let listening = false;
  /** When the current connection's `LISTEN` took effect. */
  let listeningSince = Number.POSITIVE_INFINITY;
  let closed = false;
  let generation = 0;
  /** Send time of the latest own announcement heard back. */
  let freshAsOf = Number.NEGATIVE_INFINITY;
  let lastAnnounced = Number.NEGATIVE_INFINITY;
  let announcing = false;
  /** Whether this connection has once heard its own announcement from its own process (not behind a pooler). */
  let proven = false;
  /** Since when an announcement has been on its way without one coming back. */
  let unansweredSince = Number.POSITIVE_INFINITY;
  let sequence = 0;
  const announcedAt = new Map<number, number>();
  /** When each instance's announcement was last heard (by this instance's clock). */
  const heardFrom = new Map<string, number>();
  const barriers = new Map<number, Barrier>();
  /** Who waits for an announcement to come back, by its number. */
  const awaiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  /** Who waits for the listener to be connected. */
  let onListening: (() => void)[] = [];
  const touched = new Set<(sessionId: string, lastSeenAt: number) => void>();
  let reconnect: NodeJS.Timeout | null = null;
  let held: { payload: string; fromListener: boolean }[] | null = null;
  const settledBy = { answered: 0, waited: 0 };

  /** The listener's statements, one after another on its connection (a client runs one query at a time). */
  let queue: Promise<void> = Promise.resolve();
  const notify = (payload: string) => {
    const current = client;
    if (!current || !listening) return Promise.resolve();
    queue = queue.then(() =>
      current.query('select pg_notify($1, $2)', [CHANNEL, payload]).then(
        () => undefined,
        () => undefined,
      ),
    );
    return queue;
  };

  /** Announces this instance; its number, whose return `heard` waits for. */
  const announce = (): number => {
    if (!announcing) unansweredSince = performance.now();
    announcing = true;
    const n = ++sequence;
    const at = performance.now();
    lastAnnounced = at;
    announcedAt.set(n, at);
    void notify(`p:${me}:${n}`);
    return n;
  };

  let shared: Promise<void> | null = null;
  const barrier = async () => {
    const longest = sleep(IDENTITY_FRESH_MS + TIMER_MARGIN_MS);
    if (!listening) {
      settledBy.waited += 1;
      return longest;
    }
    const n = ++sequence;
    const answered = new Promise<'answered' | 'waited'>((resolve) => {
      barriers.set(n, { waiting: null, notBefore: 0, outwaited: false, done: resolve });
    });
    void notify(`b:${me}:${n}`);
    const by = await Promise.race([answered, longest.then(() => 'waited' as const)]);
    settledBy[by] += 1;
    barriers.delete(n);
  };

  const checkBarrier = (barrier: Barrier) => {
    if (!barrier.waiting) return;
    const now = performance.now();
    // An instance that has not answered keeps nothing past a second after its last announcement.
    for (const [instance, lastHeard] of barrier.waiting)
      if (now >= lastHeard + IDENTITY_FRESH_MS + TIMER_MARGIN_MS) {
        barrier.waiting.delete(instance);
        barrier.outwaited = true;
      }
    if (barrier.waiting.size === 0 && now >= barrier.notBefore)
      barrier.done(barrier.outwaited || barrier.notBefore > 0 ? 'waited' : 'answered');
  };

  /**
   * `fromListener`: the announcement was made by the listener's own server process. Only such an announcement of this
   * instance's own says it is current: behind a pooler (PgBouncer) the connection is not one server process, what it
   * hears is not all that was announced, and its process id is the pooler's own, never matching.
   */
  const heard = (payload: string, fromListener = true) => {
    if (payload === '*') {
      generation += 1;
      return;
    }
    const [kind, a, b, c] = payload.split(':');
    if (kind === 't' && a !== undefined && b !== undefined) {
      for (const listener of touched) listener(a, Number(b));
    } else if (kind === 'p' && a !== undefined && b !== undefined) {
      heardFrom.set(a, performance.now());
      if (a === me) {
        const n = Number(b);
        const at = announcedAt.get(n);
        if (at !== undefined) {
          // Back: the connection is alive (whatever it is), and current only if it is the listener's own process.
          for (const k of announcedAt.keys()) if (k <= n) announcedAt.delete(k);
          announcing = false;
          if (fromListener) {
            freshAsOf = Math.max(freshAsOf, at);
            proven = true;
          }
        }
        if (fromListener)
          for (const [k, waiter] of awaiting)
            if (k <= n) {
              awaiting.delete(k);
              waiter.resolve();
            }
      }
    } else if (kind === 'b' && a !== undefined && b !== undefined) {
      // Everything committed before this barrier has been heard: say so to whoever set it.
      if (a !== me) void notify(`a:${me}:${a}:${b}`);
      if (a === me && fromListener) {
        const barrier = barriers.get(Number(b));
        if (barrier) {
          const now = performance.now();
          // Listening for less than a second: someone may have announced itself before this listener could hear it.
          if (now - listeningSince < IDENTITY_FRESH_MS)
            barrier.notBefore = listeningSince + IDENTITY_FRESH_MS;
          barrier.waiting = new Map();
          for (const [instance, at] of heardFrom)
            if (instance !== me && now - at <= IDENTITY_FRESH_MS) barrier.waiting.set(instance, at);
          checkBarrier(barrier);
        }
      }
    } else if (kind === 'x' && a !== undefined && a !== me) {
      // An instance stopping: it keeps nothing any more, so no barrier waits for it.
      heardFrom.delete(a);
      for (const barrier of barriers.values()) {
        barrier.waiting?.delete(a);
        checkBarrier(barrier);
      }
    } else if (kind === 'a' && a !== undefined && b === me && c !== undefined) {
      const barrier = barriers.get(Number(c));
      if (barrier?.waiting) {
        barrier.waiting.delete(a);
        checkBarrier(barrier);
      }
    }
  };

  const lost = () => {
    listening = false;
    // What was heard before may have missed something: nothing read under it is taken again.
    generation += 1;
    freshAsOf = Number.NEGATIVE_INFINITY;
    announcing = false;
    announcedAt.clear();
    for (const waiter of awaiting.values())
      waiter.reject(new Error('The identity listener lost its connection.'));
    awaiting.clear();
    const old = client;
    client = null;
    if (old) old.end().catch(() => undefined);
    if (!closed && !reconnect)
      reconnect = setTimeout(() => {
        reconnect = null;
        void connect();
      }, RECONNECT_MS).unref();
  };

  const connect = async () => {
    if (closed) return;
    // Kept alive by TCP (probing after 10 s idle), so a connection whose other end vanished is found out even when no
    // request is announcing.
    const next = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    next.on('error', () => {
      if (client === next) lost();
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', (message) => {
      if (client !== next || message.channel !== CHANNEL) return;
      const fromListener = message.processId === processOf(next);
      if (held) held.push({ payload: message.payload ?? '', fromListener });
      else heard(message.payload ?? '', fromListener);
    });
    try {
      client = next;
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      if (closed || client !== next) {
        await next.end().catch(() => undefined);
        return;
      }
      generation += 1;
      listening = true;
      proven = false;
      listeningSince = performance.now();
      for (const resolve of onListening) resolve();
      onListening = [];
    } catch {
      if (client === next) lost();
      else await next.end().catch(() => undefined);
    }
  };
  void connect();

  /** Whether what is kept may be taken at `now`: its own announcement, sent under a second before, has come back. */
  const currentAt = (now: number) => listening && now - freshAsOf < IDENTITY_FRESH_MS;

  // Barriers waiting on instances that went quiet are looked at again as time passes.
  const sweep = setInterval(() => {
    for (const barrier of barriers.values()) checkBarrier(barrier);
    // An announcement that never came back on a connection that has not failed: it is taken for dead and replaced.
    // (Only on a connection that has worked: behind a pooler nothing ever comes back, and it is not replaced in a loop.)
    if (listening && proven && announcing && performance.now() - unansweredSince > LISTENER_DEAD_MS) lost();
    const now = performance.now();
    for (const [instance, at] of heardFrom) if (now - at > IDENTITY_FRESH_MS) heardFrom.delete(instance);
    // Announcements that never came back (behind a pooler) are forgotten.
    for (const [n, at] of announcedAt) if (now - at > IDENTITY_FRESH_MS) announcedAt.delete(n);
  }, 50).unref();

  return {
    version() {
      if (!listening) return null;
      const now = performance.now();
      // One announcement on its way at a time; one lost (its connection gone) is given up after a second.
      const since = now - lastAnnounced;
      if (since >= ANNOUNCE_EVERY_MS && (!announcing || since > IDENTITY_FRESH_MS)) announce();
      return currentAt(now) ? generation : null;
    },
    isCurrent() {
      return currentAt(performance.now());
    },
    onTouch(listener) {
      touched.add(listener);
    },
    async current() {
      if (closed) throw new Error('The identity listener is closed.');
      if (!listening) await new Promise<void>((resolve) => onListening.push(resolve));
      const n = announce();
      await new Promise<void>((resolve, reject) => awaiting.set(n, { resolve, reject }));
    },
    settled() {
      // Waiting the whole second after the write is always enough (see above); a barrier usually ends it sooner. The
      // writes that finished in this turn of the event loop share one barrier, sent once the turn is over: it is sent
      // after each of them committed, so it covers them all, and its second (or, with the listener down, the plain
      // wait) is counted from then.
      shared ??= new Promise<void>((resolve) => {
        setImmediate(() => {
          shared = null;
          void barrier().then(resolve, resolve);
        });
      });
      return shared;
    },
    async close() {
      // Nothing is taken from memory from here on; the others are told not to wait for this instance.
      const wasListening = listening;
      closed = true;
      listening = false;
      clearInterval(sweep);
      if (reconnect) clearTimeout(reconnect);
      if (client && wasListening)
        await client.query('select pg_notify($1, $2)', [CHANNEL, `x:${me}`]).catch(() => undefined);
      const old = client;
      client = null;
      for (const barrier of barriers.values()) barrier.done('waited');
      for (const waiter of awaiting.values()) waiter.reject(new Error('The identity listener is closed.'));
      awaiting.clear();
      if (old) await old.end().catch(() => undefined);
    },
    settledBy,
    hold() {
      held ??= [];
      return () => {
        const payloads = held ?? [];
        held = null;
        for (const { payload, fromListener } of payloads) heard(payload, fromListener);
      };
    },
    get listenerPid() {
      const pid = processOf(client);
      return listening && pid !== undefined ? pid : null;
    },
  };
}
