import type { SessionRecord, SessionStore } from '@console/client';
import type { Db } from '../db/index.ts';
import type { Leases } from '../platform/lease.ts';

const NAME = 'session-interface';
const CREATE_LEASE = 'session-interface-create';

/**
 * The session-based interface's SessionId in the database, shared by every instance (decision 014): one
 * CreateSession for all, made by whichever instance holds a short lease; the others wait for it and reuse it. The
 * SessionId is a credential: it stays on the server, in this table, and never reaches a browser.
 */
export class DatabaseSessionStore implements SessionStore {
  #pending: Promise<SessionRecord> | null = null;

  constructor(
    private readonly db: Db,
    private readonly leases: Leases,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<SessionRecord | null> {
    const row = await this.db
      .selectFrom('upstream_sessions')
      .selectAll()
      .where('name', '=', NAME)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.session_id,
      createdAt: Number(row.created_at),
      lastRenewedAt: row.last_renewed_at === null ? null : Number(row.last_renewed_at),
      lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
      renewals: Number(row.renewals),
    };
  }

  replace(stale: string | null, create: () => Promise<string>): Promise<SessionRecord> {
    // Callers in this process share one attempt; instances share one through the lease.
    this.#pending ??= this.#replace(stale, create).finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  async #replace(stale: string | null, create: () => Promise<string>): Promise<SessionRecord> {
    const giveUpAt = this.now() + 15_000;
    for (;;) {
      const found = await this.current();
      if (found && found.id !== stale) return found;
      if (await this.leases.acquire(CREATE_LEASE, 30_000)) {
        try {
          const again = await this.current();
          if (again && again.id !== stale) return again;
          const id = await create();
          const at = this.now();
          const record: SessionRecord = {
            id,
            createdAt: at,
            lastRenewedAt: again ? at : null,
            lastUsedAt: null,
            renewals: again ? again.renewals + 1 : 0,
          };
          await this.db
            .insertInto('upstream_sessions')
            .values({
              name: NAME,
              session_id: id,
              created_at: at,
              last_renewed_at: record.lastRenewedAt,
              last_used_at: null,
              renewals: record.renewals,
            })
            .onConflict((oc) =>
              oc.column('name').doUpdateSet({
                session_id: id,
                created_at: at,
                last_renewed_at: record.lastRenewedAt,
                last_used_at: null,
                renewals: record.renewals,
              }),
            )
            .execute();
          return record;
        } finally {
          await this.leases.release(CREATE_LEASE);
        }
      }
      // Another instance is creating it: wait for it to appear.
      if (this.now() > giveUpAt) throw new Error('no session-based session appeared within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async used(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('upstream_sessions')
      .set({ last_used_at: at })
      .where('name', '=', NAME)
      .where('session_id', '=', id)
      .execute();
  }

  async forget(id: string): Promise<void> {
    await this.db
      .deleteFrom('upstream_sessions')
      .where('name', '=', NAME)
      .where('session_id', '=', id)
      .execute();
  }
}
