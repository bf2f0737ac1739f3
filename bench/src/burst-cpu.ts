import { readFileSync } from 'node:fs';
import { BENCH_USER, startBff, startSandbox } from './console-process.ts';
import { control, signIn, sseLatency } from './relay.ts';
import { Tap } from './tap.ts';

const ticks = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) * 10; // ms (CLK_TCK 100)
};
const sandbox = await startSandbox(4391);
const tap = new Tap(sandbox.origin);
const tapUrl = await tap.listen();
const bff = await startBff(3391, `${tapUrl}/v3`);
try {
  const cookie = await signIn(bff.base, BENCH_USER.email, BENCH_USER.password);
  await control(sandbox.origin, '/settings', { stream_interval_ms: 20 });
  await sseLatency(bff.base, cookie, tap, 10, 1);
  for (let i = 0; i < 3; i++) {
    const b0 = ticks(bff.pid),
      s0 = ticks(sandbox.pid),
      me0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await sseLatency(bff.base, cookie, tap, 100, 3);
    const wall = performance.now() - t0;
    const me = process.cpuUsage(me0);
    console.log(
      `100x3: p50 ${r.added_p50_ms.toFixed(2)} p99 ${r.added_p99_ms.toFixed(1)} events ${r.events} wall ${wall.toFixed(0)} ms · cpu bff ${ticks(bff.pid) - b0} sandbox ${ticks(sandbox.pid) - s0} bench ${((me.user + me.system) / 1000).toFixed(0)} ms`,
    );
  }
  const r1 = await sseLatency(bff.base, cookie, tap, 1, 30);
  console.log(`1x30: p50 ${r1.added_p50_ms.toFixed(2)} p99 ${r1.added_p99_ms.toFixed(1)}`);
} finally {
  await bff.stop();
  await tap.close();
  await sandbox.stop();
}
