/**
 * How `node` runs the built BFF (`pnpm start`, `start:built`, the README's production line, the tests' and the
 * bench's processes):
 * - a 64 MiB young generation: a relayed search's buffers and each request's objects live a few hundred
 *   milliseconds, longer than the default young generation holds them under a burst, so they were promoted and
 *   collected by full mark-compacts (7-11 in the bench's stream section against 2), each pausing every stream; the
 *   price is about 130 MiB more resident memory under load (decision 022);
 * - source maps, so a logged stack names the TypeScript file and line.
 * A unit test holds package.json's start scripts to this list.
 */
export const BFF_NODE_FLAGS = ['--max-semi-space-size=64', '--enable-source-maps'] as const;
