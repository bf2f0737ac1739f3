import {
  newId,
  type Traveller,
  type TravellerInputSchema,
  TravellerSchema,
  type TravellerSummary,
} from '@console/contract';
import type { z } from 'zod';
import { type Database, type Db, historyReads, sql } from '../db/index.ts';
import { decodeCursor, type Page, pageFrom, searchWords } from '../platform/pages.ts';
import { type KeysetOrder, searchPage } from '../platform/search.ts';
import type { Actor } from '../platform/types.ts';

/** A directory row as the console writes and reads it (the search document is the database's). */
type Row = Omit<Database['travellers'], 'search_doc'>;
type Input = z.output<typeof TravellerInputSchema>;

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

  async get(id: string): Promise<Traveller | undefined> {
    const row = await this.db.selectFrom('travellers').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toTraveller(row) : undefined;
  }

  async create(input: Input, who: Actor): Promise<Traveller> {
    const at = new Date().toISOString();
    const row: Row = {
      id: newId('traveller'),
      ...columns(input),
      created_by: who.id,
      created_at: at,
      updated_at: at,
    };
    await this.db.insertInto('travellers').values(row).execute();
    return toTraveller(row);
  }

  async update(id: string, input: Input): Promise<Traveller | undefined> {
    const updated = await this.db
      .updateTable('travellers')
      .set({ ...columns(input), updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return updated ? toTraveller(updated) : undefined;
  }

  /** Removes the traveller and every field of theirs; the audit log keeps only that it happened, and the id. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('travellers').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
