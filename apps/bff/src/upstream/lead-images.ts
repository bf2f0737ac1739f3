import { consoleMediaUrl } from '@console/contract';

/**
 * The first picture of each product page this instance has served, by product id: the page's largest element, which
 * the SPA asks for only once the page's scripts ran and its product arrived. A signed-in page of a product seen before
 * names it in a preload hint, so a slow link fetches it alongside the scripts (issue 20: it was the activity page's
 * LCP, found by Lighthouse as "not discoverable in the initial document"). Catalogue pictures, the same for every
 * office; a stale one costs one unused fetch. At most `max` products, the least recently read forgotten first.
 */
export class LeadImages {
  readonly #byProduct = new Map<string, string>();

  constructor(private readonly max = 2000) {}

  note(productId: string, images: readonly string[]): void {
    const first = images[0];
    this.#byProduct.delete(productId);
    if (first === undefined) return;
    this.#byProduct.set(productId, consoleMediaUrl(first));
    if (this.#byProduct.size > this.max) {
      const oldest = this.#byProduct.keys().next().value;
      if (oldest !== undefined) this.#byProduct.delete(oldest);
    }
  }

  of(productId: string): string | undefined {
    return this.#byProduct.get(productId);
  }
}
