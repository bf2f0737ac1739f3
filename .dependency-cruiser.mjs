// The arrows between the console's files, checked by dependency-cruiser in `pnpm lint` (decision 056).
// Paths are relative to the folder depcruise runs in (the repository's root). Every arrow counts, type-only
// imports included: a type is a dependency on the file that declares it. A rule here replaces the folder lists
// biome.json used to carry; a new BFF domain or SPA feature is covered by the patterns, with nothing to regenerate.

/** The BFF's folders that are not domains: what every domain stands on, and what composes them. */
const BFF_SHARED = 'platform|db';
const BFF_COMPOSITION = 'cli|drills|testing';
const BFF_DOMAIN = `^apps/bff/src/(?!(?:${BFF_SHARED}|${BFF_COMPOSITION})/)([^/]+)/`;

const DOMAIN_CIRCLE = {
  name: 'no-circular-domains',
  severity: 'error',
  comment:
    'Two BFF folders (domains, platform/, db/) reach each other, directly or through others: one of the arrows runs back up. The folder that should not know the other declares what it needs as an interface in its own deps.ts, composed in app.ts.',
  scope: 'folder',
};

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'This file reaches itself through its imports. Cut the arrow that runs back: move what both need to a file both import, or hand it in.',
      from: {},
      to: {
        circular: true,
      },
    },
    {
      ...DOMAIN_CIRCLE,
      from: { path: '^apps/bff/src/[^/]+$' },
      to: { circular: true },
    },
    {
      name: 'bff-domain-through-index',
      severity: 'error',
      comment:
        "A BFF domain reaches another domain only through its index.ts: take what you need from the other domain's index, or be handed it in your own deps.ts.",
      from: { path: BFF_DOMAIN },
      to: {
        path: BFF_DOMAIN,
        pathNot: ['^apps/bff/src/$1/', '^apps/bff/src/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'bff-domain-not-composition',
      severity: 'error',
      comment:
        'A BFF domain never imports the composition (app.ts, deps.ts, openapi.ts and the other files at the root of src, cli/, drills/): be handed what you need in your own deps.ts.',
      from: { path: BFF_DOMAIN },
      to: { path: ['^apps/bff/src/[^/]+$', '^apps/bff/src/(?:cli|drills)/'] },
    },
    {
      name: 'bff-platform-no-domain',
      severity: 'error',
      comment:
        'platform/ and db/ import no domain and no composition file: they are what the domains stand on. Pass what they need in.',
      from: { path: `^apps/bff/src/(?:${BFF_SHARED})/` },
      to: { path: '^apps/bff/src/', pathNot: `^apps/bff/src/(?:${BFF_SHARED}|testing)/` },
    },
    {
      name: 'bff-testing-for-tests',
      severity: 'error',
      comment: 'apps/bff/src/testing/ is for tests and drills: the product never imports it.',
      from: { pathNot: ['\\.test\\.tsx?$', '^apps/bff/src/(?:testing|drills)/'] },
      to: { path: '^apps/bff/src/testing/' },
    },
    {
      name: 'spa-feature-not-feature',
      severity: 'error',
      comment:
        'Features do not import each other: move what two features share to src/lib or src/components.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'spa-feature-not-app',
      severity: 'error',
      comment:
        'A feature does not import src/app (the router, the shell): app/ mounts the features, not the other way round. Move what both need to src/lib or src/components.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'spa-shared-not-feature',
      severity: 'error',
      comment:
        'src/components and src/lib do not import a feature or src/app: they are what the features stand on. Pass what they need in, or return it.',
      from: { path: '^apps/web/src/(?:components|lib)/' },
      to: { path: '^apps/web/src/(?:features|app)/' },
    },
    {
      name: 'spa-lib-not-components',
      severity: 'error',
      comment: 'src/lib does not import components: pass what it needs in, or return it.',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/components/' },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'packages/* never import apps/* (tests included): reach an app over HTTP.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    // testing/ builds a whole console for the tests (as app.ts does), and only tests import it (the rule
    // `bff-testing-for-tests`): its own arrows are not followed, so a test's arrow into it closes no circle.
    doNotFollow: { path: ['node_modules', '^apps/bff/src/testing/'] },
    exclude: { path: '(?:^|/)(?:node_modules|dist)/' },
    // Folder circles (`no-circular-domains`) need the folders' figures.
    metrics: true,
  },
};
