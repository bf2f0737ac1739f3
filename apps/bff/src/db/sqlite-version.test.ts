import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteVersion } from './sqlite-version.ts';

const opened: { close(): void }[] = [];
let dir = '';
afterEach(() => {
  for (const item of opened.splice(0)) item.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** A WAL file with two connections: this instance's and another's (another instance, or the users command). */
function twoConnections() {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-version-'));
  const file = join(dir, 'console.db');
  const mine = new SQLite(file);
  mine.pragma('journal_mode = WAL');
  mine.exec('create table sessions (id text primary key)');
  const other = new SQLite(file);
  opened.push(other, mine);
  const pragma = mine.prepare('pragma data_version').pluck();
  let asked = 0;
  const version = sqliteVersion(file, () => {
    asked += 1;
    return Number(pragma.get());
  });
  opened.unshift(version);
  return { mine, other, version, asked: () => asked };
}

describe('the SQLite data version read from the WAL index', () => {
  it('changes with every commit of another connection, without asking SQLite while nothing was committed', () => {
    const { other, version, asked } = twoConnections();
    expect(version.watched).toBe(true);
    const before = version();
    const askedBefore = asked();
    for (let i = 0; i < 50; i += 1) expect(version()).toBe(before);
    expect(asked()).toBe(askedBefore);
    let last = before;
    for (let i = 0; i < 20; i += 1) {
      other.prepare('insert into sessions values (?)').run(`s${i}`);
      const now = version();
      expect(now).not.toBe(last);
      last = now;
    }
  });

  it('sees a commit made after the WAL was checkpointed and started again', () => {
    const { other, version } = twoConnections();
    other.prepare('insert into sessions values (?)').run('a');
    const before = version();
    other.pragma('wal_checkpoint(TRUNCATE)');
    other.prepare('delete from sessions').run();
    expect(version()).not.toBe(before);
    const after = version();
    other.pragma('wal_checkpoint(RESTART)');
    other.prepare('insert into sessions values (?)').run('b');
    expect(version()).not.toBe(after);
  });

  it('stays the same after this connection’s own commits, as the pragma does, and still sees the other’s next', () => {
    const { mine, other, version } = twoConnections();
    const before = version();
    mine.prepare('insert into sessions values (?)').run('own');
    expect(version()).toBe(before);
    other.prepare('delete from sessions').run();
    expect(version()).not.toBe(before);
  });

  it('asks SQLite every time where there is no shared-memory file to read', () => {
    let asked = 0;
    const version = sqliteVersion(':memory:', () => {
      asked += 1;
      return 7;
    });
    expect(version.watched).toBe(false);
    version();
    version();
    expect(asked).toBe(3);
  });
});
