import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const log = fileURLToPath(new URL('./log.ts', import.meta.url));

/** A process that logs `lines` access lines and then ends as `end` says, and what it wrote to standard output. */
async function accessLines(lines: number, end: string): Promise<string[]> {
  const script = `
    import { createAccessLog } from ${JSON.stringify(log)};
    const accessLog = createAccessLog('info');
    for (let i = 0; i < ${lines}; i += 1) accessLog.info({ request_id: 'req_' + i, status: 200 }, 'request');
    ${end}
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  return stdout.split('\n').filter((line) => line.includes('"request"'));
}

describe('the access log, written off the request’s path', () => {
  it('loses no line that was logged when the process exits at once, whatever it says', async () => {
    expect(await accessLines(1, 'process.exit(0);')).toHaveLength(1);
    expect(
      await accessLines(2000, 'process.exit(3);').catch((e: { stdout: string }) =>
        e.stdout.split('\n').filter((line) => line.includes('"request"')),
      ),
    ).toHaveLength(2000);
  });

  it('writes every line of a process that ends by itself, each a JSON object of its own', async () => {
    const lines = await accessLines(500, '');
    expect(lines).toHaveLength(500);
    expect(lines.map((line) => JSON.parse(line).request_id)).toEqual(
      Array.from({ length: 500 }, (_, i) => `req_${i}`),
    );
  });
});
