import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './app.ts';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('the sandbox test controls', () => {
  it('are every one in the README, by method and path', () => {
    const controls = createSandbox()
      .app.routes.filter((route) => route.path.startsWith('/_sandbox/') && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(controls.length).toBeGreaterThan(10);
    const missing = controls.filter((control) => {
      const [method, path] = control.split(' ');
      // A row names a control as `POST /_sandbox/x`, or lists a second method of the same path (`GET`/`DELETE`).
      return !readme.includes(`${method} ${path}`) && !new RegExp(`\`${method}\`[^|]*${path}`).test(readme);
    });
    expect(missing).toEqual([]);
  });
});
