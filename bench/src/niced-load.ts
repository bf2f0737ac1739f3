import { getPriority, setPriority } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type LoadResult, load } from './load.ts';

type Options = Parameters<typeof load>[1];
interface Job {
  nicedLoad: true;
  url: string;
  options: Options;
  nice: number;
}

/**
 * The closed loop of `load`, sent from a thread of its own that the system schedules after the console's (nice 10,
 * on Linux a thread's own). On two cores the bench's load generator is a third busy thread beside the BFF's and the
 * sandbox's, and a fair scheduler gives each a third of the time; with the generator yielding, the console's two
 * threads get the cores when they want them, as they would with the agents' browsers on machines of their own
 * (decision 038, eighth pass). The direct run is sent the same way, so the ratio compares like with like.
 */
export function nicedLoad(url: string, options: Options, nice = 10): Promise<LoadResult & { nice: number }> {
  return new Promise((resolve, reject) => {
    const job: Job = { nicedLoad: true, url, options, nice };
    const worker = new Worker(new URL(import.meta.url), { workerData: job, execArgv: ['--import', 'tsx'] });
    worker.once('message', (result: LoadResult & { nice: number }) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load thread ended with ${code}`));
    });
  });
}

if (!isMainThread && (workerData as Partial<Job> | null)?.nicedLoad) {
  const job = workerData as Job;
  setPriority(0, job.nice);
  const result = await load(job.url, job.options);
  parentPort?.postMessage({ ...result, nice: getPriority(0) });
}
