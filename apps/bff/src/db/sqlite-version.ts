import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';

/**
 * The first 96 bytes of a WAL database's shared-memory file (`<file>-shm`): the WAL-index header, twice
 * (https://www.sqlite.org/walformat.html, "The WAL-Index Header"). Every commit to the file rewrites it (its `iChange`
 * counts transactions, `mxFrame` the frames, and a reset WAL gets new salts), and SQLite's own readers notice other
 * connections' commits by comparing it, as `PRAGMA data_version` does.
 */
const HEADER_BYTES = 96;
/** `iVersion`, the header's first field, in the machine's byte order: the only WAL-index format there is. */
const WAL_INDEX_VERSION = 3007000;

export interface SqliteVersion {
  /** `PRAGMA data_version` of this connection: it changes when another connection commits to the file. */
  (): number;
  /** Whether the shared-memory header is read (false: every call asks SQLite). */
  readonly watched: boolean;
  close(): void;
}

/**
 * `PRAGMA data_version`, asked only when the WAL-index header has changed since it was last asked (decision 038,
 * seventh pass). Asking SQLite takes its locks (two `fcntl` and an `fstat`: about a tenth of the relay's time under
 * load); reading the header is one `pread`. The header is read before the pragma is asked, so a commit between the
 * two is either in the pragma's answer or changes the header again before the next call: nothing committed before a
 * call goes unseen by it. Any commit changes the header, this connection's own included, so the pragma is asked
 * again after those too: it, not the header, says whether another connection wrote.
 *
 * Where the header cannot be read or is not the format described (no WAL, an in-memory file, another SQLite), every
 * call asks the pragma, as before.
 */
export function sqliteVersion(file: string, ask: () => number): SqliteVersion {
  // Asked first: the first read transaction makes the shared-memory file if it is not there yet.
  let version = ask();
  const fallback = Object.assign(() => ask(), { watched: false, close: () => undefined });
  if (file === ':memory:' || file === '') return fallback;
  let fd: number;
  try {
    fd = openSync(`${file}-shm`, 'r');
  } catch {
    return fallback;
  }
  const seen = Buffer.alloc(HEADER_BYTES);
  const now = Buffer.alloc(HEADER_BYTES);
  const read = () => {
    try {
      return readSync(fd, now, 0, HEADER_BYTES, 0) === HEADER_BYTES;
    } catch {
      return false;
    }
  };
  const iVersion = () => (endianness() === 'LE' ? now.readUInt32LE(0) : now.readUInt32BE(0));
  if (!read() || iVersion() !== WAL_INDEX_VERSION) {
    closeSync(fd);
    return fallback;
  }
  now.copy(seen);
  version = ask();
  let open = true;
  const current = () => {
    if (!open || !read()) return ask();
    if (now.equals(seen)) return version;
    now.copy(seen);
    version = ask();
    return version;
  };
  return Object.assign(current, {
    watched: true,
    close: () => {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  });
}
