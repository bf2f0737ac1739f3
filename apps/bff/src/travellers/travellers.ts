import {
  newId,
  type Traveller,
  type TravellerDuplicate,
  type TravellerInputSchema,
  type TravellerMatch,
  type TravellerSaveSchema,
  TravellerSchema,
  type TravellerSummary,
  travellerNameKey,
} from '@console/contract';
import type { z } from 'zod';
import { type Database, type Db, historyReads, sql } from '../db/index.ts';
import { ConsoleError } from '../platform/errors.ts';
import { decodeCursor, type Page, pageFrom, searchWords } from '../platform/pages.ts';
import { type KeysetOrder, searchPage } from '../platform/search.ts';
import type { Actor } from '../platform/types.ts';

/** A directory row as the console writes and reads it (the search document is the database's). */
type Row = Omit<Database['travellers'], 'search_doc'>;
type Input = z.output<typeof TravellerInputSchema>;
type SaveInput = z.output<typeof TravellerSaveSchema>;
type Documents = Traveller['documents'];

const DocumentsSchema = TravellerSchema.shape.documents;

function searchText(input: Input): string {
  return [
    input.given_name,
    input.family_name,
    input.email ?? '',
    ...input.documents.flatMap((d) => [d.number, d.given_name ?? '', d.family_name ?? '']),
  ]
    .join(' ')
    .toLowerCase();
}

/** The directory's order: by family name, given name, id (the index `travellers_by_name`). */
const BY_NAME: KeysetOrder<Row> = {
  name: 'travellers.name',
  after: (q, key) =>
    key
      ? q.where(
          sql<boolean>`(travellers.family_name, travellers.given_name, travellers.id) > (${String(key[0])}, ${String(key[1])}, ${String(key[2])})`,
        )
      : q,
  sorted: (q) =>
    q
      .orderBy(sql.ref('travellers.family_name'))
      .orderBy(sql.ref('travellers.given_name'))
      .orderBy(sql.ref('travellers.id')),
  keyOf: (row) => [row.family_name, row.given_name, row.id],
};

/** A row of the list: no document numbers, contact or notes (those come with one traveller). */
function toSummary(row: Row): TravellerSummary {
  const traveller = toTraveller(row);
  const expiries = traveller.documents.map((d) => d.expires_on).sort();
  return {
    id: traveller.id,
    given_name: traveller.given_name,
    family_name: traveller.family_name,
    date_of_birth: traveller.date_of_birth,
    nationality: traveller.nationality,
    document_expires_on: expiries[0] ?? null,
  };
}

function toTraveller(row: Row): Traveller {
  return {
    id: row.id,
    given_name: row.given_name,
    family_name: row.family_name,
    date_of_birth: row.date_of_birth,
    gender: row.gender,
    nationality: row.nationality,
    documents: DocumentsSchema.parse(JSON.parse(row.documents)),
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const columns = (input: Input) => ({
  given_name: input.given_name,
  family_name: input.family_name,
  date_of_birth: input.date_of_birth,
  gender: input.gender ?? null,
  nationality: input.nationality ?? null,
  documents: JSON.stringify(
    input.documents.map((d) => ({
      kind: d.kind,
      number: d.number,
      country: d.country,
      issued_on: d.issued_on ?? null,
      expires_on: d.expires_on,
      given_name: d.given_name ?? null,
      family_name: d.family_name ?? null,
    })),
  ),
  email: input.email ?? null,
  phone: input.phone ?? null,
  notes: input.notes || null,
  search_text: searchText(input),
});

/**
 * The office's traveller directory (decision 018). Every agent of the office reads it (the console serves one office);
 * the list carries no document numbers, contact or notes: those come with one traveller, when a screen shows them.
 */
export class Travellers {
  constructor(private readonly db: Db) {}

  /** A page of the directory by name (family, given, id: the index's order); `q` matches part of a name, email or document. */
  async list(query: {
    q?: string | undefined;
    after?: string | undefined;
    limit: number;
  }): Promise<Page<TravellerSummary>> {
    const key = decodeCursor(query.after, BY_NAME.name, ['string', 'string', 'string'])?.slice();
    const words = searchWords(query.q);
    if (words.length > 0)
      return searchPage(this.db, {
        table: 'travellers',
        words,
        key,
        limit: query.limit,
        order: BY_NAME,
        filtered: (q) => q,
        toItem: toSummary,
      });
    const rows = await BY_NAME.sorted(
      BY_NAME.after(historyReads(this.db).selectFrom('travellers').selectAll(), key),
    )
      .limit(query.limit + 1)
      .execute();
    return pageFrom(rows, query.limit, BY_NAME.name, BY_NAME.keyOf, toSummary);
  }

  /** One traveller, whole; a merged profile's id leads to the profile it was merged into. */
  async get(id: string): Promise<Traveller | undefined> {
    const row = await this.db.selectFrom('travellers').selectAll().where('id', '=', id).executeTakeFirst();
    if (row) return toTraveller(row);
    const merged = await this.db
      .selectFrom('traveller_merges')
      .select('into_id')
      .where('merged_id', '=', id)
      .executeTakeFirst();
    if (!merged) return undefined;
    const into = await this.db
      .selectFrom('travellers')
      .selectAll()
      .where('id', '=', merged.into_id)
      .executeTakeFirst();
    return into ? toTraveller(into) : undefined;
  }

  /** Who saved a profile: an agent without the office's bookings merges only the profiles they saved (decision 043). */
  async createdBy(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('travellers')
      .select('created_by')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.created_by;
  }

  /**
   * The profiles a person matches (decision 043): the same name as the office compares names and date of birth, or
   * the same document (issuer and number). Looked up by key in `traveller_keys`; the name's matches first.
   */
  async matches(
    person: {
      given_name: string;
      family_name: string;
      date_of_birth: string;
      documents: readonly { number: string; country: string }[];
    },
    options: { except?: string; bookingId?: string | undefined } = {},
    db: Db = this.db,
  ): Promise<TravellerMatch[]> {
    const found = await db
      .selectFrom('traveller_keys')
      .select(['key', 'traveller_id'])
      .where('key', 'in', keysOf(person))
      .execute();
    const why = new Map<string, TravellerMatch['matched_on']>();
    for (const hit of found) {
      if (hit.traveller_id === options.except) continue;
      if (hit.key.startsWith('n:') || !why.has(hit.traveller_id))
        why.set(hit.traveller_id, hit.key.startsWith('n:') ? 'name_and_birth' : 'document');
    }
    if (why.size === 0) return [];
    if (options.bookingId) {
      const linked = await db
        .selectFrom('traveller_bookings')
        .select('traveller_id')
        .where('booking_id', '=', options.bookingId)
        .where('traveller_id', 'in', [...why.keys()])
        .execute();
      for (const link of linked) why.set(link.traveller_id, 'booking');
    }
    const rows = await db
      .selectFrom('travellers')
      .selectAll()
      .where('id', 'in', [...why.keys()])
      .execute();
    const rank = { booking: 0, name_and_birth: 1, document: 2 } as const;
    return rows
      .map((row) => ({ ...toSummary(row), matched_on: why.get(row.id) ?? 'document' }))
      .sort((a, b) => rank[a.matched_on] - rank[b.matched_on] || a.id.localeCompare(b.id));
  }

  /**
   * Saves a traveller once (decision 043). Already there (`matches`): `ask` refuses with 409 `traveller_exists` naming
   * them, `update` fills the one named (or the closest) with what is sent, `new` saves another person anyway. A new
   * profile claims its keys in the same transaction: of two saves of one new person at once, the second finds the
   * claim taken and is answered as if it had found the first.
   */
  async save(
    input: SaveInput,
    who: Actor,
  ): Promise<{ traveller: Traveller; outcome: 'created' | 'updated' }> {
    const found = await this.matches(input);
    if (input.on_match === 'update' && (input.update_id || found.length > 0)) {
      const id = input.update_id ?? found[0]?.id ?? '';
      const traveller = await this.fill(id, input);
      if (!traveller)
        throw new ConsoleError('resource_not_found', { param: 'update_id', message: 'No such traveller.' });
      await this.link(traveller.id, input.booking_id);
      return { traveller, outcome: 'updated' };
    }
    if (input.on_match === 'ask' && found.length > 0) throw exists(found);
    const at = new Date().toISOString();
    const row: Row = {
      id: newId('traveller'),
      ...columns(input),
      created_by: who.id,
      created_at: at,
      updated_at: at,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('travellers').values(row).execute();
        await rekey(trx, row.id, keysOf(input), input.on_match === 'new' ? 'if_free' : 'must');
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw exists(await this.matches(input));
    }
    await this.link(row.id, input.booking_id);
    return { traveller: toTraveller(row), outcome: 'created' };
  }

  /** Changes a traveller; a change that makes them match another profile lists the two as likely one person. */
  async update(id: string, input: Input): Promise<Traveller | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('travellers')
        .set({ ...columns(input), updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return undefined;
      await rekey(trx, id, keysOf(input), 'if_free', true);
      return toTraveller(updated);
    });
  }

  /** A profile filled with what a booking said of them: what was sent wins, the rest of the profile stays. */
  private async fill(id: string, input: SaveInput): Promise<Traveller | undefined> {
    const current = await this.get(id);
    if (!current) return undefined;
    const sent = toTraveller({ ...columns(input), id, created_by: '', created_at: '', updated_at: '' });
    const documents = [
      ...sent.documents,
      ...current.documents.filter((d) => !sent.documents.some((s) => sameDocument(s, d))),
    ]
      .sort((a, b) => b.expires_on.localeCompare(a.expires_on))
      .slice(0, 5);
    return this.update(current.id, {
      given_name: sent.given_name,
      family_name: sent.family_name,
      date_of_birth: sent.date_of_birth,
      gender: sent.gender ?? current.gender,
      nationality: sent.nationality ?? current.nationality,
      documents,
      email: sent.email ?? current.email,
      phone: sent.phone ?? current.phone,
      notes: sent.notes ?? current.notes,
    });
  }

  /** Links a profile to a booking it was saved from or picked for (once). */
  async link(travellerId: string, bookingId: string | undefined): Promise<void> {
    if (!bookingId) return;
    await this.db
      .insertInto('traveller_bookings')
      .values({ traveller_id: travellerId, booking_id: bookingId, linked_at: new Date().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** A page of the bookings linked to a profile, newest link first (the index `traveller_bookings_newest`). */
  async bookingIds(
    id: string,
    query: { after?: string | undefined; limit: number },
  ): Promise<{ ids: string[]; has_more: boolean; next_cursor: string | null }> {
    const key = decodeCursor(query.after, 'traveller.bookings', ['string', 'string']);
    let q = this.db
      .selectFrom('traveller_bookings')
      .select(['booking_id', 'linked_at'])
      .where('traveller_id', '=', id);
    if (key)
      q = q.where(
        sql<boolean>`(traveller_bookings.linked_at, traveller_bookings.booking_id) < (${key[0]}, ${key[1]})`,
      );
    const rows = await q
      .orderBy('linked_at', 'desc')
      .orderBy('booking_id', 'desc')
      .limit(query.limit + 1)
      .execute();
    const page = pageFrom(
      rows,
      query.limit,
      'traveller.bookings',
      (r) => [r.linked_at, r.booking_id],
      (r) => r.booking_id,
    );
    return { ids: page.data, has_more: page.has_more, next_cursor: page.next_cursor };
  }

  /**
   * The likely duplicates: pairs of profiles sharing a name and birth date or a document, a page at a time in the
   * pairs' key order. `mayMerge` says whether this user may merge a pair (from who saved each).
   */
  async duplicates(
    query: { after?: string | undefined; limit: number },
    mayMerge: (createdBy: readonly string[]) => boolean,
  ): Promise<Page<TravellerDuplicate>> {
    const key = decodeCursor(query.after, 'traveller.duplicates', ['string', 'string']);
    let q = this.db
      .selectFrom('traveller_duplicates as d')
      .innerJoin('travellers as a', 'a.id', 'd.first_id')
      .innerJoin('travellers as b', 'b.id', 'd.second_id')
      .select(['d.first_id', 'd.second_id', 'd.matched_on'])
      .select((eb) => [
        eb.ref('a.given_name').as('a_given_name'),
        eb.ref('a.family_name').as('a_family_name'),
        eb.ref('a.date_of_birth').as('a_date_of_birth'),
        eb.ref('a.nationality').as('a_nationality'),
        eb.ref('a.documents').as('a_documents'),
        eb.ref('a.created_by').as('a_created_by'),
        eb.ref('a.created_at').as('a_created_at'),
        eb.ref('b.given_name').as('b_given_name'),
        eb.ref('b.family_name').as('b_family_name'),
        eb.ref('b.date_of_birth').as('b_date_of_birth'),
        eb.ref('b.nationality').as('b_nationality'),
        eb.ref('b.documents').as('b_documents'),
        eb.ref('b.created_by').as('b_created_by'),
        eb.ref('b.created_at').as('b_created_at'),
      ]);
    if (key) q = q.where(sql<boolean>`(d.first_id, d.second_id) > (${key[0]}, ${key[1]})`);
    const rows = await q
      .orderBy('d.first_id')
      .orderBy('d.second_id')
      .limit(query.limit + 1)
      .execute();
    const summary = (
      id: string,
      r: {
        given_name: string;
        family_name: string;
        date_of_birth: string;
        nationality: string | null;
        documents: string;
        created_at: string;
      },
    ): TravellerSummary & { created_at: string } => {
      const expiries = DocumentsSchema.parse(JSON.parse(r.documents))
        .map((d) => d.expires_on)
        .sort();
      return {
        id,
        given_name: r.given_name,
        family_name: r.family_name,
        date_of_birth: r.date_of_birth,
        nationality: r.nationality,
        document_expires_on: expiries[0] ?? null,
        created_at: r.created_at,
      };
    };
    return pageFrom(
      rows,
      query.limit,
      'traveller.duplicates',
      (r) => [r.first_id, r.second_id],
      (r) => ({
        first: summary(r.first_id, {
          given_name: r.a_given_name,
          family_name: r.a_family_name,
          date_of_birth: r.a_date_of_birth,
          nationality: r.a_nationality,
          documents: r.a_documents,
          created_at: r.a_created_at,
        }),
        second: summary(r.second_id, {
          given_name: r.b_given_name,
          family_name: r.b_family_name,
          date_of_birth: r.b_date_of_birth,
          nationality: r.b_nationality,
          documents: r.b_documents,
          created_at: r.b_created_at,
        }),
        matched_on: r.matched_on,
        can_merge: mayMerge([r.a_created_by, r.b_created_by]),
      }),
    );
  }

  /**
   * Merges `otherId` into `keptId` (decision 043), in one transaction: the kept profile's own fields win, it takes the
   * other's where it has none, and the documents of both (the five valid longest); the other's bookings follow it; the
   * other's row goes and its id leads to the kept one.
   */
  async merge(keptId: string, otherId: string, who: Actor): Promise<Traveller | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('travellers')
        .selectAll()
        .where('id', 'in', [keptId, otherId])
        .execute();
      const keptRow = rows.find((r) => r.id === keptId);
      const otherRow = rows.find((r) => r.id === otherId);
      if (!keptRow || !otherRow) return undefined;
      const kept = toTraveller(keptRow);
      const other = toTraveller(otherRow);
      const input: Input = {
        given_name: kept.given_name,
        family_name: kept.family_name,
        date_of_birth: kept.date_of_birth,
        gender: kept.gender ?? other.gender,
        nationality: kept.nationality ?? other.nationality,
        documents: [
          ...kept.documents,
          ...other.documents.filter((d) => !kept.documents.some((k) => sameDocument(k, d))),
        ]
          .sort((a, b) => b.expires_on.localeCompare(a.expires_on))
          .slice(0, 5),
        email: kept.email ?? other.email,
        phone: kept.phone ?? other.phone,
        notes: kept.notes ?? other.notes,
      };
      const at = new Date().toISOString();
      await trx
        .updateTable('travellers')
        .set({ ...columns(input), updated_at: at })
        .where('id', '=', keptId)
        .execute();
      // The other's bookings follow (a booking linked to both stays linked once).
      await trx
        .updateTable('traveller_bookings')
        .set({ traveller_id: keptId })
        .where('traveller_id', '=', otherId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('traveller_bookings as k')
                .select('k.booking_id')
                .where('k.traveller_id', '=', keptId)
                .whereRef('k.booking_id', '=', 'traveller_bookings.booking_id'),
            ),
          ),
        )
        .execute();
      await forget(trx, otherId);
      await trx
        .updateTable('traveller_merges')
        .set({ into_id: keptId })
        .where('into_id', '=', otherId)
        .execute();
      await trx
        .insertInto('traveller_merges')
        .values({ merged_id: otherId, into_id: keptId, merged_by: who.id, merged_at: at })
        .execute();
      await trx.deleteFrom('travellers').where('id', '=', otherId).execute();
      await rekey(trx, keptId, keysOf(input), 'if_free', true);
      const merged = await trx
        .selectFrom('travellers')
        .selectAll()
        .where('id', '=', keptId)
        .executeTakeFirst();
      return merged ? toTraveller(merged) : undefined;
    });
  }

  /** Removes the traveller and every field of theirs; the audit log keeps only that it happened, and the id. */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await forget(trx, id);
      await trx.deleteFrom('traveller_merges').where('into_id', '=', id).execute();
      const result = await trx.deleteFrom('travellers').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }
}

/** What makes a person one (decision 043): the name as compared with the date of birth, each document. */
function keysOf(person: {
  given_name: string;
  family_name: string;
  date_of_birth: string;
  documents: readonly { number: string; country: string }[];
}): string[] {
  return [
    ...new Set([
      `n:${travellerNameKey(person.given_name, person.family_name)}|${person.date_of_birth}`,
      ...person.documents.map((d) => `d:${d.country.toUpperCase()}:${d.number.toUpperCase()}`),
    ]),
  ];
}

const sameDocument = (a: Documents[number], b: Documents[number]) =>
  a.country === b.country && a.number === b.number;

/**
 * A profile's keys written again. `must`: each key is claimed or the save fails (a new person saved once); `if_free`:
 * claimed where no profile holds it yet (saved as another person, changed, merged). `pairs`: the profiles sharing a
 * key with it are listed as likely the same person.
 */
async function rekey(
  db: Db,
  id: string,
  keys: string[],
  claim: 'must' | 'if_free',
  pairs = false,
): Promise<void> {
  await db.deleteFrom('traveller_keys').where('traveller_id', '=', id).execute();
  await db.deleteFrom('traveller_claims').where('traveller_id', '=', id).execute();
  await db
    .deleteFrom('traveller_duplicates')
    .where((eb) => eb.or([eb('first_id', '=', id), eb('second_id', '=', id)]))
    .execute();
  await db
    .insertInto('traveller_keys')
    .values(keys.map((key) => ({ key, traveller_id: id })))
    .execute();
  const claims = db.insertInto('traveller_claims').values(keys.map((key) => ({ key, traveller_id: id })));
  await (claim === 'must' ? claims : claims.onConflict((oc) => oc.doNothing())).execute();
  if (!pairs) return;
  const others = await db
    .selectFrom('traveller_keys')
    .select(['key', 'traveller_id'])
    .where('key', 'in', keys)
    .where('traveller_id', '!=', id)
    .execute();
  const found = new Map<string, 'name_and_birth' | 'document'>();
  for (const o of others)
    if (o.key.startsWith('n:') || !found.has(o.traveller_id))
      found.set(o.traveller_id, o.key.startsWith('n:') ? 'name_and_birth' : 'document');
  if (found.size === 0) return;
  const at = new Date().toISOString();
  await db
    .insertInto('traveller_duplicates')
    .values(
      [...found].map(([other, matched_on]) => ({
        first_id: other < id ? other : id,
        second_id: other < id ? id : other,
        matched_on,
        found_at: at,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A profile's keys, claims, pairs and booking links gone (deleted or merged away). */
async function forget(db: Db, id: string): Promise<void> {
  await db.deleteFrom('traveller_keys').where('traveller_id', '=', id).execute();
  await db.deleteFrom('traveller_claims').where('traveller_id', '=', id).execute();
  await db
    .deleteFrom('traveller_duplicates')
    .where((eb) => eb.or([eb('first_id', '=', id), eb('second_id', '=', id)]))
    .execute();
  await db.deleteFrom('traveller_bookings').where('traveller_id', '=', id).execute();
}

/** The 409 of a save that found the traveller already saved: the profiles matched, for the agent to choose. */
function exists(matches: TravellerMatch[]): ConsoleError {
  const first = matches[0];
  return new ConsoleError('traveller_exists', {
    message: first
      ? `${first.given_name} ${first.family_name} (born ${first.date_of_birth}) is already in the directory.`
      : 'This traveller is already in the directory.',
    details: { matches },
  });
}

/** A unique index refused a row: PostgreSQL's 23505, SQLite's constraint codes. */
function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = String(error.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
