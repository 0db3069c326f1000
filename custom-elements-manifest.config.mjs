/**
 * custom-elements.json (`npm run build`), for editors, Storybook and other tools. The analyzer
 * reads the JSDoc on PayCheckout (@event, @csspart, @cssproperty) and Lit's @property decorators
 * (attributes); the plugin below adds what neither can say and shapes the manifest for the package
 * as published.
 *
 * From that manifest, generators made for it write the element's types for each framework and the
 * editors' data into dist/frameworks/ (package.json exports and names them): JSX for React 19,
 * Preact, Solid and others (`pay-checkout/jsx`), Vue's GlobalComponents (`pay-checkout/vue`),
 * Svelte's elements (`pay-checkout/svelte`), VS Code's custom data and JetBrains' web-types.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { jsxTypesPlugin } from '@wc-toolkit/jsx-types';
import { customElementVuejsPlugin } from 'custom-element-vuejs-integration';
import { customElementSveltePlugin } from 'custom-element-svelte-integration';
import { customElementVsCodePlugin } from 'custom-element-vs-code-integration';
import { customElementJetBrainsPlugin } from 'custom-element-jet-brains-integration';

const FRAMEWORKS = 'dist/frameworks';
/** The generated types import the element's class and event details from the package itself. */
const TYPES_FROM = 'pay-checkout';

export default {
  globs: ['src/components/pay-checkout/pay-checkout.component.ts', 'src/events/index.ts'],
  outdir: '.',
  litelement: true,
  // The "customElements" field is written in package.json by hand; the analyzer must not rewrite it.
  packagejson: false,
  plugins: [
    payCheckoutManifest(),
    jsxTypesPlugin({
      outdir: FRAMEWORKS,
      fileName: 'jsx.d.ts',
      globalTypePath: TYPES_FROM,
      stronglyTypedEvents: true,
    }),
    withManifest(
      customElementVuejsPlugin({
        outdir: FRAMEWORKS,
        fileName: 'vue.d.ts',
        globalTypePath: TYPES_FROM,
        hideLogs: true,
      }),
      detailTyped,
      camelCaseAttributes,
    ),
    withManifest(
      customElementSveltePlugin({
        outdir: FRAMEWORKS,
        fileName: 'svelte-elements.d.ts',
        globalTypePath: TYPES_FROM,
        hideLogs: true,
      }),
      detailTyped,
    ),
    svelteElements(),
    customElementVsCodePlugin({
      outdir: FRAMEWORKS,
      htmlFileName: 'vscode.html-custom-data.json',
      cssFileName: 'vscode.css-custom-data.json',
      hideLogs: true,
    }),
    customElementJetBrainsPlugin({
      outdir: FRAMEWORKS,
      webTypesFileName: 'web-types.json',
      packageJson: false,
      hideLogs: true,
    }),
  ],
};

/** A generator that gets its own copy of the manifest, changed as it needs. */
function withManifest(plugin, ...changes) {
  return {
    ...plugin,
    packageLinkPhase({ customElementsManifest: manifest, ...context }) {
      const copy = structuredClone(manifest);
      for (const declaration of copy.modules.flatMap((module) => module.declarations ?? []))
        for (const change of changes) change(declaration);
      plugin.packageLinkPhase({ ...context, customElementsManifest: copy });
    },
  };
}

/**
 * The Vue and Svelte generators read an event's `type` as the type of its detail and wrap it in
 * CustomEvent themselves; the manifest says the event's own type (`CustomEvent<PayStatusDetail>`),
 * as its schema asks and the JSX generator reads it.
 */
function detailTyped(declaration) {
  for (const event of declaration.events ?? [])
    if (event.type) event.type = { text: event.type.text.replace(/^CustomEvent<(.+)>$/, '$1') };
}

/**
 * Vue sets a custom element's properties by their camelCase names, and vue-tsc matches a
 * template's `submit-button` to a prop `submitButton`, never to one named `submit-button`: the
 * Vue generator names each attribute's prop by its property.
 */
function camelCaseAttributes(declaration) {
  for (const attribute of declaration.attributes ?? []) if (attribute.fieldName) attribute.name = attribute.fieldName;
}

/**
 * Svelte 5 checks an element's attributes against `svelte/elements`; the generated file declares
 * them in a `svelteHTML` namespace that, inside a module, reaches nothing. This entry puts them
 * where Svelte reads them.
 */
function svelteElements() {
  return {
    name: 'pay-checkout-svelte-elements',
    packageLinkPhase() {
      mkdirSync(FRAMEWORKS, { recursive: true });
      writeFileSync(
        `${FRAMEWORKS}/svelte.d.ts`,
        `import type { CustomElements } from './svelte-elements.js';
export type * from './svelte-elements.js';

declare module 'svelte/elements' {
  interface SvelteHTMLElements extends CustomElements {}
}
`,
      );
    },
  };
}

const PUBLISHED_MODULE = 'dist/pay-checkout.js';

function payCheckoutManifest() {
  /** Event name → detail type, from the one interface that lists every event (src/events). */
  const details = new Map();
  /** Fields decorated with @state(): the element's internal reactive state, not its API. */
  const internalState = new Set();
  return {
    name: 'pay-checkout-manifest',
    analyzePhase({ ts, node }) {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'PayEventDetails') {
        for (const member of node.members) details.set(member.name.text, member.type.getText());
      }
      if (
        ts.isPropertyDeclaration(node) &&
        (ts.getDecorators(node) ?? []).some(
          (d) => ts.isCallExpression(d.expression) && d.expression.expression.getText() === 'state',
        )
      ) {
        internalState.add(node.name.getText());
      }
    },
    packageLinkPhase({ customElementsManifest: manifest }) {
      const element = manifest.modules
        .flatMap((module) => module.declarations ?? [])
        .find((d) => d.customElement && d.name === 'PayCheckout');
      if (!element) throw new Error('custom-elements manifest: the PayCheckout class was not found');
      if (details.size === 0)
        throw new Error('custom-elements manifest: PayEventDetails (src/events/index.ts) was not found');

      // Events: every one in PayEventDetails, documented by an @event line, typed with its detail.
      // (emit() dispatches `new CustomEvent(name)`, which the analyzer reports as an event named "name".)
      const documented = new Map(
        (element.events ?? []).filter((event) => event.description).map((event) => [event.name, event]),
      );
      const undocumented = [...details.keys()].filter((name) => !documented.has(name));
      const unknown = [...documented.keys()].filter((name) => !details.has(name));
      if (undocumented.length)
        throw new Error(`custom-elements manifest: no @event line on PayCheckout for ${undocumented.join(', ')}`);
      if (unknown.length)
        throw new Error(`custom-elements manifest: @event ${unknown.join(', ')} is not in PayEventDetails`);
      element.events = [...details].map(([name, detail]) => ({
        ...documented.get(name),
        type: { text: `CustomEvent<${detail}>` },
      }));

      // The element's API only: not its internal reactive state, nor its private members.
      element.members = (element.members ?? []).filter(
        (member) => !internalState.has(member.name) && member.privacy !== 'private',
      );
      element.tagName = 'pay-checkout';

      // Attributes declared by an @attr line (the top-up ones, whose properties are made in one loop
      // after the class) name their property as the decorated ones do, so that the generators type
      // them by it; a documented attribute whose property is missing is an error, not an untyped prop.
      for (const attribute of element.attributes ?? []) {
        if (attribute.fieldName) continue;
        const fieldName = attribute.name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
        const field = element.members.find((member) => member.kind === 'field' && member.name === fieldName);
        if (!field)
          throw new Error(
            `custom-elements manifest: the attribute ${attribute.name} has no property ${fieldName} on PayCheckout`,
          );
        attribute.fieldName = fieldName;
        field.attribute = attribute.name;
      }

      // One module, as published: dist/pay-checkout.js defines the tag and exports the class.
      const declaration = { name: element.name, module: PUBLISHED_MODULE };
      manifest.modules = [
        {
          kind: 'javascript-module',
          path: PUBLISHED_MODULE,
          declarations: [element],
          exports: [
            { kind: 'js', name: element.name, declaration },
            { kind: 'custom-element-definition', name: 'pay-checkout', declaration },
          ],
        },
      ];
    },
  };
}
