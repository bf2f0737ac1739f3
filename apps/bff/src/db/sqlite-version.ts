import { closeSync, openSync, readSync, realpathSync } from 'node:fs';
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
 * Where the header cannot be read or is not the format described (no WAL, an in-memory file, another SQLite, Windows,
 * where reading a file another process maps is not promised to see its writes), every call asks the pragma, as before.
 *
 * Four things a review found and this guards against (decision 038, seventh pass):
 * - `seen` moves on only once the pragma has answered: a pragma that throws leaves the next call asking again.
 * - Inside a transaction on this connection the pragma answers from the transaction's snapshot: then it is asked and
 *   not kept.
 * - The shared-memory file is the one SQLite uses: next to the database's real path (SQLite follows links), not a
 *   leftover one next to a link.
 * - Closing a descriptor drops every POSIX lock the process holds on that file, SQLite's own on the shared memory
 *   among them (another process would then take the live file for a new one and reset it). So one descriptor is kept
 *   per file and process, shared by every watcher of it, and closed only when the last of them is, after its database
 *   connection; one opened for a header not understood stays open all the same until then.
 */
export function sqliteVersion(
  file: string,
  ask: () => number,
  inTransaction: () => boolean = () => false,
): SqliteVersion {
  // Asked first: the first read transaction makes the shared-memory file if it is not there yet.
  let version = ask();
  const everyTime = (release: () => void) => Object.assign(() => ask(), { watched: false, close: release });
  if (file === ':memory:' || file === '' || process.platform === 'win32') return everyTime(() => undefined);
  const shared = openShared(file);
  if (!shared) return everyTime(() => undefined);
  let open = true;
  const release = () => {
    if (!open) return;
    open = false;
    releaseShared(shared);
  };
  const seen = Buffer.alloc(HEADER_BYTES);
  const now = Buffer.alloc(HEADER_BYTES);
  const read = () => {
    try {
      return readSync(shared.fd, now, 0, HEADER_BYTES, 0) === HEADER_BYTES;
    } catch {
      return false;
    }
  };
  const iVersion = () => (endianness() === 'LE' ? now.readUInt32LE(0) : now.readUInt32BE(0));
  try {
    if (!read() || iVersion() !== WAL_INDEX_VERSION) return everyTime(release);
    now.copy(seen);
    version = ask();
  } catch (error) {
    release();
    throw error;
  }
  const current = () => {
    if (!open || inTransaction() || !read()) return ask();
    if (now.equals(seen)) return version;
    // The header read above, then the pragma: `seen` is moved on only once it has answered.
    const answer = ask();
    now.copy(seen);
    version = answer;
    return answer;
  };
  return Object.assign(current, { watched: true, close: release });
}

interface Shared {
  path: string;
  fd: number;
  users: number;
}
/** One descriptor per shared-memory file in this process (see above: closing one drops the process's locks on it). */
const descriptors = new Map<string, Shared>();

function openShared(file: string): Shared | null {
  let path: string;
  try {
    path = `${realpathSync(file)}-shm`;
  } catch {
    return null;
  }
  const kept = descriptors.get(path);
  if (kept) {
    kept.users += 1;
    return kept;
  }
  try {
    const shared = { path, fd: openSync(path, 'r'), users: 1 };
    descriptors.set(path, shared);
    return shared;
  } catch {
    return null;
  }
}

function releaseShared(shared: Shared): void {
  shared.users -= 1;
  if (shared.users > 0) return;
  descriptors.delete(shared.path);
  closeSync(shared.fd);
}
