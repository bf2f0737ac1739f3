import { describe, expect, it } from 'vitest';
import { LeadImages } from './lead-images.ts';

describe('the first pictures of product pages', () => {
  it('keeps the console address of a product’s first picture, the way the page shows it', () => {
    const images = new LeadImages();
    images.note('act_1', ['/media/activities/louvre/1.svg', '/media/activities/louvre/2.svg']);
    images.note('any id at all', ['https://cdn.example/a.jpg']);
    expect(images.of('act_1')).toBe('/api/media/activities/louvre/1.svg');
    expect(images.of('any id at all')).toBe('https://cdn.example/a.jpg');
    expect(images.of('act_2')).toBeUndefined();
  });

  it('forgets a product that no longer has a picture, and the least recently read beyond its size', () => {
    const images = new LeadImages(2);
    images.note('a', ['/media/a.svg']);
    images.note('b', ['/media/b.svg']);
    images.note('a', ['/media/a2.svg']);
    images.note('c', ['/media/c.svg']);
    expect(images.of('b')).toBeUndefined();
    expect(images.of('a')).toBe('/api/media/a2.svg');
    images.note('a', []);
    expect(images.of('a')).toBeUndefined();
    expect(images.of('c')).toBe('/api/media/c.svg');
  });
});
