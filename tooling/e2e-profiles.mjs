#!/usr/bin/env node
// The journeys on both sandbox profiles at once (decision 060): two Playwright runs side by side, each with one browser
// worker and its own console, sandbox, mail catcher, OpenID provider, database and results folder. The journeys wait
// on the service's pacing and the console's jobs far more than on the two cores, so two runs together take little
// more than the longer one. Arguments go to both runs (`node tooling/e2e-profiles.mjs specs/trips.spec.ts`).
// Ports: the default run on E2E_CONSOLE_PORT / E2E_SANDBOX_PORT (3100 / 4110; the sandbox's port +10, +20, +21 too),
// the variant run on the console's port +1 and the sandbox's port +30 (+40, +50, +51).
import { spawn } from 'node:child_process';

const consolePort = Number(process.env.E2E_CONSOLE_PORT ?? 3100);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
const runs = [
  { profile: 'default', consolePort, sandboxPort },
  { profile: 'variant', consolePort: consolePort + 1, sandboxPort: sandboxPort + 30 },
];

function run({ profile, consolePort, sandboxPort }) {
  const env = { ...process.env };
  // Each run makes its own database and derives its provider's and catcher's ports from its sandbox's port.
  for (const name of ['E2E_DATABASE_URL', 'E2E_OIDC_PORT', 'E2E_SMTP_PORT']) delete env[name];
  Object.assign(env, {
    E2E_SANDBOX_PROFILE: profile,
    E2E_CONSOLE_PORT: String(consolePort),
    E2E_SANDBOX_PORT: String(sandboxPort),
  });
  const child = spawn('pnpm', ['--filter', '@console/e2e', 'test', ...process.argv.slice(2)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = Date.now();
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    from.setEncoding('utf8');
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(`[${profile}] ${line}\n`);
    });
    from.on('end', () => {
      if (rest) to.write(`[${profile}] ${rest}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`[${profile}] journeys ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      resolve(code === 0 && !signal);
    });
  });
}

const passed = await Promise.all(runs.map(run));
process.exit(passed.every(Boolean) ? 0 : 1);
