import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, databaseInfo, openDatabase } from '../db/index.ts';
import { freshDatabaseUrl, testDatabase } from '../testing/console.ts';
import { Leases } from './lease.ts';

let db: Db;
let now = 1_000_000;
beforeAll(async () => {
  db = await openDatabase(await freshDatabaseUrl());
});
afterAll(() => closeDatabase(db));

describe('leases', () => {
  it('run on the store this test run names', () => {
    expect(databaseInfo(db).kind).toBe(testDatabase());
  });

  it('are held by one instance at a time, renewed by their holder, and taken over once they lapse', async () => {
    const a = new Leases(db, () => now);
    const b = new Leases(db, () => now);
    expect(await a.acquire('jobs', 60_000)).toBe(true);
    expect(await b.acquire('jobs', 60_000)).toBe(false);
    now += 30_000;
    expect(await a.acquire('jobs', 60_000)).toBe(true);
    now += 59_000;
    expect(await b.acquire('jobs', 60_000)).toBe(false);
    now += 2_000;
    expect(await b.acquire('jobs', 60_000)).toBe(true);
    expect(await b.holderOf('jobs')).toBe(b.holder);
    expect(await a.acquire('jobs', 60_000)).toBe(false);
  });

  it('are given up on release, so another instance takes them at once', async () => {
    const a = new Leases(db, () => now);
    const b = new Leases(db, () => now);
    expect(await a.acquire('release', 60_000)).toBe(true);
    await b.release('release');
    expect(await b.acquire('release', 60_000)).toBe(false);
    await a.release('release');
    expect(await b.acquire('release', 60_000)).toBe(true);
  });

  it('go to exactly one of 20 instances asking at once', async () => {
    const instances = Array.from({ length: 20 }, () => new Leases(db, () => now));
    const won = await Promise.all(instances.map((l) => l.acquire('contested', 60_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});
