import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH } from './primitives.ts';

describe('the JSON depth of a request', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonDepth('{"a":[{"b":1}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"quote \\" then [[[["}')).toBe(1);
    expect(jsonDepth('"plain"')).toBe(0);
  });

  it('finds nesting thousands of levels deep without parsing it', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(jsonDepth(deep)).toBe(5000);
    expect(jsonDepth(deep)).toBeGreaterThan(MAX_JSON_DEPTH);
  });
});
