/**
 * The oldest Node the console runs on: Node 24 LTS (decision 001). Node 20 ended in April 2026, and the locked
 * eventsource-parser, Vite and Lighthouse need 22.12 or more. Held equal to package.json's `engines.node` by a test.
 */
export const MIN_NODE = [24, 11, 0] as const;

/** Whether `version` (as in `process.versions.node`) is at least MIN_NODE. */
export function isSupportedNode(version: string): boolean {
  const have = version.split('.').map(Number);
  const index = MIN_NODE.findIndex((part, i) => have[i] !== part);
  return index < 0 || (have[index] ?? 0) > (MIN_NODE[index] ?? 0);
}

/** The first thing the BFF's entry points do: stop at once, saying why, on an older Node. */
export function requireSupportedNode(version = process.versions.node): void {
  if (isSupportedNode(version)) return;
  console.error(
    `The booking console needs Node ${MIN_NODE.join('.')} or later (Node 24 LTS); this is Node ${version}. ` +
      'Install Node 24 LTS and start it again (the README says how).',
  );
  process.exit(1);
}
