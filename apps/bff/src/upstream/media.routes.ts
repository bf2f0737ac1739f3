import { upstreamApi } from '@console/contract';
import { router } from '../platform/route.ts';
import type { UpstreamDeps } from './deps.ts';

/** Images the service links to by path (/media/...), relayed so the browser talks only to the console. */
export function mediaRoutes(d: UpstreamDeps) {
  return router('/media').handle(upstreamApi.media, async (c, { params: { kind, id, file } }) => {
    // Narrower than any id: only the service's own image paths are relayed.
    if (
      !/^(hotels|activities)$/.test(kind) ||
      !/^[\w-]{1,40}$/.test(id) ||
      !/^[\w-]{1,20}\.(svg|jpg|png|webp)$/.test(file)
    )
      return c.notFound();
    const media = await d.upstream.service.media(`/media/${kind}/${id}/${file}`);
    if (media.status !== 200) return c.notFound();
    const type = media.contentType.startsWith('image/') ? media.contentType : 'application/octet-stream';
    return c.body(new Uint8Array(media.body), 200, {
      'Content-Type': type,
      'Cache-Control': media.cacheControl ?? 'public, max-age=3600',
      // An SVG opened on its own runs no script, loads nothing and takes no style from outside itself: its own policy,
      // stricter than the console's, which the headers middleware leaves in place.
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    });
  }).app;
}
