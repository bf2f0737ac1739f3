import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
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
  // Closed after the connections, as the dialect does.
  opened.push(version);
  return { file, mine, other, pragma, version, asked: () => asked };
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

  it('asks again after a pragma that failed, rather than keeping the answer from before the commit', () => {
    const { mine, other } = twoConnections();
    const pragma = mine.prepare('pragma data_version').pluck();
    let failNext = false;
    const version = sqliteVersion(join(dir, 'console.db'), () => {
      if (failNext) {
        failNext = false;
        throw new Error('SQLITE_BUSY');
      }
      return Number(pragma.get());
    });
    opened.push(version);
    const before = version();
    other.prepare('insert into sessions values (?)').run('x');
    failNext = true;
    expect(() => version()).toThrow('SQLITE_BUSY');
    expect(version()).not.toBe(before);
  });

  it('does not keep what the pragma said inside a transaction of this connection, from its older snapshot', () => {
    const { mine, other } = twoConnections();
    const pragma = mine.prepare('pragma data_version').pluck();
    const version = sqliteVersion(
      join(dir, 'console.db'),
      () => Number(pragma.get()),
      () => mine.inTransaction,
    );
    opened.push(version);
    const before = version();
    mine.exec('begin');
    mine.prepare('select count(*) from sessions').get();
    other.prepare('insert into sessions values (?)').run('y');
    version();
    mine.exec('commit');
    expect(version()).not.toBe(before);
  });

  it('reads the shared memory SQLite uses for a database opened through a link, not a leftover file beside the link', () => {
    const { file, other } = twoConnections();
    const elsewhere = join(dir, 'link');
    mkdirSync(elsewhere);
    const link = join(elsewhere, 'console.db');
    symlinkSync(file, link);
    // A stale shared-memory file of a valid format beside the link (an old deployment's, say).
    copyFileSync(`${file}-shm`, `${link}-shm`);
    const linked = new SQLite(link);
    opened.unshift(linked);
    const pragma = linked.prepare('pragma data_version').pluck();
    const version = sqliteVersion(link, () => Number(pragma.get()));
    opened.push(version);
    const before = version();
    other.prepare('insert into sessions values (?)').run('z');
    expect(version()).not.toBe(before);
  });

  it('keeps SQLite’s locks on the shared memory when one of two watchers of the file is closed', () => {
    const { file, mine, other, pragma } = twoConnections();
    for (let i = 0; i < 5; i += 1) other.prepare('insert into sessions values (?)').run(`k${i}`);
    const second = sqliteVersion(file, () => Number(pragma.get()));
    second.close();
    // Read by another process: opening and closing the file here would itself drop this process's locks on it.
    const iChange = () =>
      Number(
        execFileSync(process.execPath, [
          '-e',
          `process.stdout.write(String(require('fs').readFileSync(${JSON.stringify(`${file}-shm`)}).readUInt32LE(8)))`,
        ]),
      );
    const before = iChange();
    // Another process opening the file now must find it in use: had the locks gone, it would rebuild the live
    // shared memory as the first to open it (its transaction counter starting again from nothing).
    execFileSync(
      process.execPath,
      [
        '-e',
        `const D=require('better-sqlite3');new D(${JSON.stringify(file)}).prepare('select count(*) from sessions').get()`,
      ],
      { cwd: join(import.meta.dirname, '..', '..') },
    );
    expect(iChange()).toBe(before);
    expect(mine.open).toBe(true);
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
