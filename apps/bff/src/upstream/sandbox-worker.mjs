// Worker threads on Node 20 ignore --import in execArgv, so the TypeScript worker is loaded through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./sandbox-worker.ts', import.meta.url);
