/**
 * The import rules of the codebase (shared/STYLE.md, points 1 and 8), checked by dependency-cruiser
 * in `npm run typecheck` (scripts/depcruise.mjs runs it over src/, demo/, scripts/ and test/).
 *
 * src/'s layers, lowest first. A module imports from its own layer and the layers below it, never
 * from above, so each layer can be read, tested and shipped without the ones over it:
 *
 *   layer  folder              what                                                  imports (in src/)
 *   0      api/                the platform: zod schemas, method rules, typed        —
 *                              client, token reading, safe URLs; no DOM
 *   1      i18n/               the localizer, the words of codes, the translations   api
 *   1      events/             one type per pay-* event                              api
 *   2      methods/            one module per method family: form rules, views       api, i18n, events
 *   3      checkout/           the flow: session, phase, form, status followers      api, i18n, events, methods
 *   4      components/         <pay-checkout> and its views                          api … checkout
 *   5      pay-checkout.ts     the browser entry (`pay-checkout`)                    api … components
 *   6      react/              the React wrapper (`pay-checkout/react`)              the entry and what it is made of
 *
 *   beside the element, for Node and the other server runtimes: no DOM, never lit, never the element
 *   1      server/             `pay-checkout/server`: tokens, the relay, the kit     api
 *   2      sandbox/            `pay-checkout/sandbox`: the emulator                  api, server (signatures, bodies, errors)
 *
 *   src/types/ holds ambient declarations (qrcode's core) any layer may use.
 *
 * src/server/ is folders of its parts, each importing only the parts below it (SERVER_PARTS):
 * http/ and telemetry/ at the bottom, then shared/ (a payment's kind, node-redis, the log), tokens/,
 * stores/, relay/ (the status relay and its buses), and kit/ (createCheckoutBackend) on top.
 *
 * Nothing Node-only reaches the browser layers (no node: modules, none of the emulator's or the
 * server's packages), and no import cycle exists anywhere, type-only imports included
 * (tsPreCompilationDeps: true sees `import type` as tsc does before it erases it).
 *
 * demo/ is a shop like any merchant's and scripts/ are merchant-like tools around the built
 * package: they import the package only by its public entries, through its self-reference
 * (`pay-checkout`, `pay-checkout/server`, `pay-checkout/sandbox`, `pay-checkout/react`, which
 * tsconfig.json's paths map to the entries' sources), never ../src/. That proves the entries
 * suffice. One file is exempt, and says why below.
 */

/** Each layer of src/ and the folders (or files) of src/ it may import from, itself included. */
const LAYERS = {
  api: ['api/', 'types/'],
  i18n: ['api/', 'i18n/', 'types/'],
  events: ['api/', 'events/', 'types/'],
  methods: ['api/', 'i18n/', 'events/', 'methods/', 'types/'],
  checkout: ['api/', 'i18n/', 'events/', 'methods/', 'checkout/', 'types/'],
  components: ['api/', 'i18n/', 'events/', 'methods/', 'checkout/', 'components/', 'types/'],
  'pay-checkout.ts': ['api/', 'i18n/', 'events/', 'methods/', 'checkout/', 'components/', 'types/'],
  react: ['api/', 'i18n/', 'events/', 'methods/', 'checkout/', 'components/', 'pay-checkout\\.ts$', 'react/', 'types/'],
  server: ['api/', 'server/', 'types/'],
  sandbox: ['api/', 'server/', 'sandbox/', 'types/'],
};

/** Each part of src/server/ and the parts it may import from, itself included. */
const SERVER_PARTS = {
  http: ['http'],
  telemetry: ['telemetry'],
  shared: ['shared', 'http'],
  tokens: ['tokens'],
  stores: ['stores', 'shared'],
  relay: ['relay', 'http', 'shared', 'telemetry'],
  kit: ['kit', 'relay', 'stores', 'tokens', 'shared', 'http', 'telemetry'],
};

const escapeDots = (path) => path.replace(/\./g, '\\.');
const fromLayer = (layer) => (layer.endsWith('.ts') ? `^src/${escapeDots(layer)}$` : `^src/${layer}/`);
const BROWSER_LAYERS = '^src/(api|i18n|events|methods|checkout|components|react)/|^src/pay-checkout\\.ts$';
const PUBLIC_ENTRIES = '^src/(pay-checkout\\.ts|server/index\\.ts|sandbox/index\\.ts|react/index\\.ts)$';

/**
 * scripts/load/node-crowd.ts stays on the internals: it runs 1,000 shoppers of the load benchmark
 * as Node clients through the element's own flow (CheckoutSession, the payin views' followers, the
 * Localizer) without a DOM, which no public entry offers and none should. It is a harness of the
 * element's code, not a merchant's.
 */
const INTERNAL_TOOLS = '^scripts/load/node-crowd\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only ones included (STYLE 8): a type both sides need lives in the lower module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...Object.entries(LAYERS).map(([layer, allowed]) => ({
      name: `layer-${layer.replace(/\.ts$/, '')}`,
      comment: `src/${layer} imports only from ${allowed.map((path) => `src/${path.replace(/\\\./g, '.').replace(/\$$/, '')}`).join(', ')}: its own layer and the ones below (.dependency-cruiser.cjs, the layer table).`,
      severity: 'error',
      from: { path: fromLayer(layer) },
      to: { path: '^src/', pathNot: `^src/(${allowed.join('|')})` },
    })),
    ...Object.entries(SERVER_PARTS).map(([part, allowed]) => ({
      name: `server-${part}`,
      comment: `src/server/${part}/ imports only from the server's parts ${allowed.join(', ')} (.dependency-cruiser.cjs, SERVER_PARTS).`,
      severity: 'error',
      from: { path: `^src/server/${part}/` },
      to: { path: '^src/server/', pathNot: `^src/server/(${allowed.join('|')})/` },
    })),
    {
      name: 'browser-no-node',
      comment: 'The browser layers import no Node module: dist/pay-checkout.js runs in any page.',
      severity: 'error',
      from: { path: BROWSER_LAYERS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-no-server-packages',
      comment: "The browser layers import none of the emulator's or the server's packages.",
      severity: 'error',
      from: { path: BROWSER_LAYERS },
      to: { path: 'node_modules/(hono|@hono/|jose|re2js|@redis/)' },
    },
    {
      name: 'server-side-no-lit',
      comment: 'pay-checkout/server and the emulator run where there is no DOM: never lit, never the element.',
      severity: 'error',
      from: { path: '^src/(server|sandbox)/' },
      to: { path: 'node_modules/(lit|lit-html|lit-element|@lit|@lit-labs)/' },
    },
    {
      name: 'public-entries-only',
      comment:
        'demo/ and scripts/ use the package as a merchant does: only its public entries (pay-checkout, pay-checkout/server, pay-checkout/sandbox, pay-checkout/react). What a real merchant needs is exported from the right entry; what only the demo needs, the demo writes itself.',
      severity: 'error',
      from: { path: '^(demo|scripts)/', pathNot: INTERNAL_TOOLS },
      to: { path: '^src/', pathNot: PUBLIC_ENTRIES },
    },
    {
      name: 'self-reference-only',
      comment:
        "demo/ and scripts/ reach the entries by the package's name (`from 'pay-checkout/server'`), never by a path into src/.",
      severity: 'error',
      from: { path: '^(demo|scripts)/', pathNot: INTERNAL_TOOLS },
      // tsconfig.json's paths map the package's names to src/: anything else that reaches src/ is a path.
      to: { path: '^src/', dependencyTypesNot: ['aliased-tsconfig-paths'] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|test/output)/' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
