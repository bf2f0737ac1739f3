import { type Db, databaseInfo } from '../db/index.ts';

/**
 * How a session is read (decision 038): by its id or, through a rotation's grace, its previous id; on PostgreSQL the
 * reads of one turn of the event loop go as one named statement.
 */
/** A session and its person, by the session's id or (a rotation's grace) its previous id. */
export const sessionQuery = (db: Db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.previous_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.disabled',
      'users.office_wide',
      'users.time_zone',
      'sessions.factor_setup',
      'sessions.proved_at',
      'sessions.proved_with',
      'sessions.previous_until',
      'sessions.created_at',
    ]);
export type SessionRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof sessionQuery>['executeTakeFirst']>>
>;
export type SessionKey = 'sessions.id' | 'sessions.previous_id';

/**
 * Reads a session: on PostgreSQL through the turn's batch (below), on SQLite as any query (its statements are kept
 * compiled, and a read a moment ago is usually kept in memory anyway).
 */
export function readSession(db: Db, by: SessionKey, hashed: string): Promise<SessionRow | undefined> {
  const named = databaseInfo(db).named;
  if (!named) return sessionQuery(db).where(by, '=', hashed).executeTakeFirst();
  const turn = sessionTurns.get(db) ?? new Map<SessionKey, SessionBatch>();
  sessionTurns.set(db, turn);
  const batch: SessionBatch = turn.get(by) ?? new Map();
  if (!turn.has(by)) {
    turn.set(by, batch);
    // Sent once this turn of the event loop has read what arrived: the batch is closed as it is sent, so a request
    // arriving while it is on its way starts a read of its own (it never takes an answer older than itself).
    setImmediate(() => {
      turn.delete(by);
      void sendSessionBatch(db, named, by, batch);
    });
  }
  return new Promise((resolve, reject) => {
    const list = batch.get(hashed);
    if (list) list.push({ resolve, reject });
    else batch.set(hashed, [{ resolve, reject }]);
  });
}

type SessionBatch = Map<
  string,
  { resolve: (row: SessionRow | undefined) => void; reject: (error: unknown) => void }[]
>;
/** The sessions asked for in this turn of the event loop, per store and key, not yet sent. */
const sessionTurns = new WeakMap<Db, Map<SessionKey, SessionBatch>>();
/** At most this many tokens in one statement. */
const SESSION_BATCH_SIZE = 200;
/** How many statements the batched session reads have sent (for tests and the bench). */
export const sessionReadStatements = { count: 0 };

/**
 * The session reads of one turn of the event loop on PostgreSQL, as one named statement (parsed and planned once per
 * connection) for all their tokens: under load a turn reads several requests, often of the same person (decision
 * 038). Each request's read still starts after the request arrived, as it did when every request sent its own.
 */
async function sendSessionBatch(
  db: Db,
  named: NonNullable<ReturnType<typeof databaseInfo>['named']>,
  by: SessionKey,
  batch: SessionBatch,
): Promise<void> {
  const hashes = [...batch.keys()];
  const parts: string[][] = [];
  for (let from = 0; from < hashes.length; from += SESSION_BATCH_SIZE)
    parts.push(hashes.slice(from, from + SESSION_BATCH_SIZE));
  // Every waiter is answered: with its row, or with the failure of its statement (never left waiting).
  const fail = (part: readonly string[], error: unknown) => {
    for (const hash of part) for (const w of batch.get(hash) ?? []) w.reject(error);
  };
  let text: string;
  try {
    // The statement's text is the same for every batch: compiled once per store, only the tokens sent each time.
    const texts = sessionTexts.get(db) ?? {};
    text =
      texts[by] ??
      sessionQuery(db)
        .where(by, '=', (eb) => eb.fn<string>('any', [eb.val<string[]>([])]))
        .compile().sql;
    texts[by] = text;
    sessionTexts.set(db, texts);
  } catch (error) {
    fail(hashes, error);
    return;
  }
  // Parts of a very large turn go side by side, not one after another.
  await Promise.all(
    parts.map(async (part) => {
      try {
        sessionReadStatements.count += 1;
        const rows = await named<SessionRow>(
          by === 'sessions.id' ? 'sessions_by_id' : 'sessions_by_previous_id',
          { sql: text, parameters: [part] },
        );
        const found = new Map<string, SessionRow>();
        for (const row of rows) {
          const key = by === 'sessions.id' ? row.sessionId : row.previous_id;
          if (key !== null && !found.has(key)) found.set(key, row);
        }
        // Each request gets its own copy: `resume` keeps and touches the row it was given.
        for (const hash of part) {
          const row = found.get(hash);
          for (const w of batch.get(hash) ?? []) w.resolve(row && { ...row });
        }
      } catch (error) {
        fail(part, error);
      }
    }),
  );
}
const sessionTexts = new WeakMap<Db, Partial<Record<SessionKey, string>>>();
