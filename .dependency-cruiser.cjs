/**
 * The import rules of the codebase (CONTRIBUTING.md, Layout and Import rules), checked by dependency-cruiser
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
 *
 * The emulator is a package of its own, packages/sandbox/ (`pay-checkout-sandbox`). It reaches
 * this repository's source through one module, its src/shared.ts (src/api/ and pay-checkout/server's
 * entry), which its build bundles in. Its dashboard's page script (src/dashboard/ui/) runs in a
 * browser: no Node module, none of the emulator's server code (the JSON shapes it reads are in
 * src/dashboard/model.ts); the emulator's server code never imports lit.
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
 * (`pay-checkout`, `pay-checkout/server`, `pay-checkout/react`) and the emulator's package
 * (`pay-checkout-sandbox`), which tsconfig.json's paths map to the entries' sources, never
 * ../src/. That proves the entries suffice. Two files are exempt, and say why below.
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
const PUBLIC_ENTRIES = '^src/(pay-checkout\\.ts|server/index\\.ts|react/index\\.ts)$|^packages/sandbox/src/index\\.ts$';

/**
 * scripts/load/node-crowd.ts stays on the internals: it runs 1,000 shoppers of the load benchmark
 * as Node clients through the element's own flow (CheckoutSession, the payin views' followers, the
 * Localizer) without a DOM, which no public entry offers and none should. It is a harness of the
 * element's code, not a merchant's.
 */
/**
 * scripts/sandbox.ts is `npm run sandbox`: it runs the emulator's command (its bin) from source.
 */
const INTERNAL_TOOLS = '^scripts/(load/node-crowd|sandbox)\\.ts$';
const SANDBOX = '^packages/sandbox/src/';
const DASHBOARD_UI = '^packages/sandbox/src/dashboard/ui/';

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
      from: { path: `^src/server/|${SANDBOX}`, pathNot: DASHBOARD_UI },
      to: { path: 'node_modules/(lit|lit-html|lit-element|@lit|@lit-labs)/' },
    },
    {
      name: 'sandbox-shared-only',
      comment:
        "pay-checkout-sandbox reaches this repository's source only through its src/shared.ts, and that only src/api/ and pay-checkout/server's entry: its build bundles exactly these.",
      severity: 'error',
      from: { path: SANDBOX, pathNot: `${SANDBOX}shared\\.ts$` },
      to: { path: '^(src|demo|scripts|test)/' },
    },
    {
      name: 'sandbox-shared-reaches-api-and-server-entry',
      comment:
        "src/shared.ts of pay-checkout-sandbox takes src/api/ and pay-checkout/server's public entry, nothing else.",
      severity: 'error',
      from: { path: `${SANDBOX}shared\\.ts$` },
      to: { path: '^src/', pathNot: '^src/(api/|server/index\\.ts$)' },
    },
    {
      name: 'dashboard-ui-in-browser',
      comment:
        "The dashboard's page script runs in a browser: no Node module, and none of the emulator's server code (it reads the JSON shapes of dashboard/model.ts).",
      severity: 'error',
      from: { path: DASHBOARD_UI },
      to: { path: SANDBOX, pathNot: `${DASHBOARD_UI}|${SANDBOX}dashboard/model\\.ts$` },
    },
    {
      name: 'dashboard-ui-no-node',
      comment: "The dashboard's page script imports no Node module.",
      severity: 'error',
      from: { path: DASHBOARD_UI },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sandbox-entry-only',
      comment:
        'demo/ and scripts/ use the emulator as a merchant does: by its package name (`pay-checkout-sandbox`), never a path into its source.',
      severity: 'error',
      from: { path: '^(demo|scripts)/', pathNot: INTERNAL_TOOLS },
      to: { path: SANDBOX, dependencyTypesNot: ['aliased-tsconfig-paths'] },
    },
    {
      name: 'public-entries-only',
      comment:
        'demo/ and scripts/ use the package as a merchant does: only its public entries (pay-checkout, pay-checkout/server, pay-checkout/react, and pay-checkout-sandbox). What a real merchant needs is exported from the right entry; what only the demo needs, the demo writes itself.',
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
    exclude: { path: '^(dist|test/output|packages/[^/]+/dist)/' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
