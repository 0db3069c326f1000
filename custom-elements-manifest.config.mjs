/**
 * custom-elements.json (`npm run build`), for editors, Storybook and other tools. The analyzer
 * reads the JSDoc on PayCheckout (@event, @csspart, @cssproperty) and Lit's @property decorators
 * (attributes); the plugin below adds what neither can say and shapes the manifest for the package
 * as published.
 */
export default {
  globs: ['src/components/pay-checkout/pay-checkout.component.ts', 'src/events/index.ts'],
  outdir: '.',
  litelement: true,
  // The "customElements" field is written in package.json by hand; the analyzer must not rewrite it.
  packagejson: false,
  plugins: [payCheckoutManifest()],
};

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
      if (ts.isPropertyDeclaration(node) && (ts.getDecorators(node) ?? []).some((d) => ts.isCallExpression(d.expression) && d.expression.expression.getText() === 'state')) {
        internalState.add(node.name.getText());
      }
    },
    packageLinkPhase({ customElementsManifest: manifest }) {
      const element = manifest.modules.flatMap((module) => module.declarations ?? []).find((d) => d.customElement && d.name === 'PayCheckout');
      if (!element) throw new Error('custom-elements manifest: the PayCheckout class was not found');
      if (details.size === 0) throw new Error('custom-elements manifest: PayEventDetails (src/events/index.ts) was not found');

      // Events: every one in PayEventDetails, documented by an @event line, typed with its detail.
      // (emit() dispatches `new CustomEvent(name)`, which the analyzer reports as an event named "name".)
      const documented = new Map((element.events ?? []).filter((event) => event.description).map((event) => [event.name, event]));
      const undocumented = [...details.keys()].filter((name) => !documented.has(name));
      const unknown = [...documented.keys()].filter((name) => !details.has(name));
      if (undocumented.length) throw new Error(`custom-elements manifest: no @event line on PayCheckout for ${undocumented.join(', ')}`);
      if (unknown.length) throw new Error(`custom-elements manifest: @event ${unknown.join(', ')} is not in PayEventDetails`);
      element.events = [...details].map(([name, detail]) => ({ ...documented.get(name), type: { text: `CustomEvent<${detail}>` } }));

      // The element's API only: not its internal reactive state, nor its private members.
      element.members = (element.members ?? []).filter((member) => !internalState.has(member.name) && member.privacy !== 'private');
      element.tagName = 'pay-checkout';

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
