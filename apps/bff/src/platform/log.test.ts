import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const logModule = fileURLToPath(new URL('./log.ts', import.meta.url));
const bffDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A process that logs `first`, then, when told on its standard input, `last`, and at once exits (`exit`) or dies of
 * an uncaught exception (`throw`).
 */
function logger(end: 'exit' | 'throw') {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { createLog, createAccessLog } from ${JSON.stringify(logModule)};
       const log = createLog('info');
       const access = createAccessLog('info');
       log.info('first');
       process.stdin.once('data', () => {
         access.info('last');
         ${end === 'exit' ? 'process.exit(0);' : "throw new Error('boom');"}
       });`,
    ],
    { cwd: bffDir, stdio: ['pipe', 'pipe', 'ignore'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

describe('the log, written in pieces', () => {
  it.each([
    ['exits', 'exit', 0],
    ['dies of an uncaught exception', 'throw', 1],
  ] as const)(
    'writes a lone line within a second or so, though it does not fill a piece, and what it holds when the process %s',
    async (_, end, code) => {
      const { child, output, exited } = logger(end);
      // One short line is far below the 4 KiB piece: only the timer writes it.
      await expect.poll(output, { timeout: 10_000, interval: 50 }).toContain('"msg":"first"');
      expect(output()).not.toContain('"msg":"last"');
      child.stdin.write('go\n');
      expect(await exited).toBe(code);
      // Written on exit, though no timer ran after it.
      await expect.poll(output, { timeout: 2000, interval: 20 }).toContain('"msg":"last"');
      const lines = output().trim().split('\n');
      expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['first', 'last']);
    },
    20_000,
  );
});
