import { Hono } from 'hono';
import { hashString } from '../lib/rng.ts';
import type { AppEnv } from '../lib/types.ts';

const PALETTES = [
  ['#0b6e99', '#7fc8e8'],
  ['#2f6b3a', '#a6d49f'],
  ['#8a3b12', '#f2b279'],
  ['#4b2d7f', '#c3a6ef'],
  ['#7a1f3d', '#f0a3b9'],
  ['#1f4e5f', '#9fd3c7'],
];

/** Placeholder photos as SVG, drawn from the path, so hotel and activity images work with no network. */
function picture(seed: string, label: string): string {
  const h = hashString(seed);
  const [dark, light] = PALETTES[h % PALETTES.length] ?? ['#333', '#ccc'];
  const hill = 160 + (h % 60);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400" role="img" aria-label="${label}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="640" height="400" fill="url(#g)"/>
<circle cx="${480 + (h % 90)}" cy="${90 + (h % 40)}" r="38" fill="#fff" opacity="0.55"/>
<path d="M0 ${hill + 120} Q 160 ${hill} 320 ${hill + 90} T 640 ${hill + 60} V 400 H 0 Z" fill="${dark}" opacity="0.55"/>
<rect x="${120 + (h % 200)}" y="${200 - (h % 50)}" width="120" height="${200 + (h % 50)}" fill="#fff" opacity="0.25"/>
</svg>`;
}

export function mediaRoutes() {
  return new Hono<AppEnv>().get('/:kind/:id/:file', (c) => {
    const { kind, id, file } = c.req.param();
    if (!/^(hotels|activities)$/.test(kind) || !/^[\w-]{1,40}$/.test(id) || !/^\d\.svg$/.test(file))
      return c.notFound();
    return c.body(picture(`${kind}${id}${file}`, `${kind === 'hotels' ? 'Hotel' : 'Activity'} photo`), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400, immutable',
    });
  });
}
