/**
 * docs/reference.md, generated: `npm run docs:reference` writes it, and
 * test/build/reference.node.test.ts fails when the file differs from what this script makes, so
 * that what merchants bind to is documented from the code itself and cannot drift.
 *
 * The element's half comes from custom-elements.json (`npm run build`; the analyzer reads the
 * element's JSDoc and decorators): every attribute, property, method, event, part and CSS custom
 * property, in the manifest's order. The event details and the server and sandbox halves come from
 * the TypeScript sources, read with the compiler API: each factory's options and what it returns,
 * with their JSDoc, and the types those name that live beside them.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { cell, code, table } from './markdown.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const at = (path: string) => `${root}${path}`;

/**
 * An entry merchants import: the factories whose options and result are documented, and the
 * constant tables (an object literal of strings, by key) listed row for row under their columns.
 */
interface Entry {
  module: string;
  about: string;
  factories: string[];
  tables: { name: string; columns: [string, string] }[];
}

const ENTRIES: Entry[] = [
  {
    module: 'pay-checkout/server',
    about:
      "Your server's side: the kit that is all of it (`createCheckoutBackend`), and the parts it is made of for a server that does the rest itself. See [the server guide](server.md).",
    factories: ['createCheckoutBackend', 'createStatusRelay', 'createTokenIssuer'],
    tables: [{ name: 'METHOD_NAMES', columns: ['Method code', 'Name'] }],
  },
  {
    module: 'pay-checkout-sandbox',
    about: 'The emulator of the platform, for your tests and CI. See [the sandbox guide](sandbox.md).',
    factories: ['createSandbox'],
    tables: [],
  },
];

/** Where the events' detail types are listed, one property per event. */
const EVENTS = { file: 'src/events/index.ts', map: 'PayEventDetails' };

// ── The manifest's half ─────────────────────────────────────────────────────────────────────────

interface ManifestMember {
  kind: 'field' | 'method';
  name: string;
  attribute?: string;
  static?: boolean;
  readonly?: boolean;
  privacy?: string;
  type?: { text: string };
  default?: string;
  description?: string;
  parameters?: { name: string; type?: { text: string }; optional?: boolean }[];
  return?: { type?: { text: string } };
}
interface ManifestElement {
  tagName: string;
  summary?: string;
  attributes?: { name: string; fieldName?: string; type?: { text: string }; default?: string; description?: string }[];
  members?: ManifestMember[];
  events?: { name: string; type?: { text: string }; description?: string }[];
  cssParts?: { name: string; description?: string }[];
  cssProperties?: { name: string; default?: string; description?: string }[];
  slots?: { name: string; description?: string }[];
}

function manifestElement(): ManifestElement {
  const manifest = JSON.parse(readFileSync(at('custom-elements.json'), 'utf8')) as {
    modules: { declarations?: (ManifestElement & { customElement?: boolean })[] }[];
  };
  const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.customElement);
  if (!element) throw new Error('custom-elements.json has no custom element: run npm run build');
  return element;
}

const typeOf = (text: string | undefined) => (text ? code(text.replace(/ \| undefined$/, '')) : '');
const orDash = (text: string) => text || '—';

/** `--pay-color-primary` → `color`: the family a token belongs to. */
const family = (name: string) => /^--pay-([a-z]+)/.exec(name)?.[1] ?? name;

function elementSection(element: ManifestElement, details: string): string[] {
  const members = element.members ?? [];
  const publicMembers = members.filter((m) => !m.static && m.privacy !== 'private' && m.privacy !== 'protected');
  const reflectedNames = new Set(members.filter((m) => m.readonly && m.attribute).map((m) => m.attribute));
  const attributes = (element.attributes ?? []).filter((a) => !reflectedNames.has(a.name));
  const properties = publicMembers.filter((m) => m.kind === 'field' && !m.attribute);
  const reflected = publicMembers.filter((m) => m.kind === 'field' && m.attribute && m.readonly);
  const methods = publicMembers.filter((m) => m.kind === 'method');
  const out = [`## \`<${element.tagName}>\``, ''];
  if (element.summary) out.push(`${element.summary} See [the element guide](element.md).`, '');

  out.push(
    '### Attributes',
    '',
    'Each is also a camelCase property. Boolean attributes take `"true"` or `"false"`.',
    '',
    table(
      ['Attribute', 'Property', 'Type', 'Default', 'Description'],
      attributes.map((a) => [
        code(a.name),
        a.fieldName ? code(a.fieldName) : '',
        typeOf(a.type?.text),
        a.default ? code(a.default) : '',
        orDash(cell(a.description)),
      ]),
    ),
    '',
  );
  if (reflected.length)
    out.push(
      '### Reflected attributes',
      '',
      'Set by the element, for styles and tests to read.',
      '',
      table(
        ['Attribute', 'Property', 'Type', 'Description'],
        reflected.map((m) => [code(m.attribute!), code(m.name), typeOf(m.type?.text), orDash(cell(m.description))]),
      ),
      '',
    );
  out.push(
    '### Properties without an attribute',
    '',
    table(
      ['Property', 'Type', 'Description'],
      properties.map((m) => [
        code(m.name),
        typeOf(m.type?.text),
        orDash(`${m.readonly ? 'Read-only. ' : ''}${cell(m.description)}`.trim()),
      ]),
    ),
    '',
    '### Methods',
    '',
    table(
      ['Method', 'Returns', 'Description'],
      methods.map((m) => [
        code(
          `${m.name}(${(m.parameters ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`).join(', ')})`,
        ),
        typeOf(m.return?.type?.text ?? 'void'),
        orDash(cell(m.description)),
      ]),
    ),
    '',
    '### Events',
    '',
    'Each a `CustomEvent` that bubbles and is composed, typed in `GlobalEventHandlersEventMap`: `addEventListener` knows its `detail`.',
    '',
    table(
      ['Event', '`detail`', 'When'],
      (element.events ?? []).map((e) => [
        code(e.name),
        e.type ? code(e.type.text.replace(/^CustomEvent<(.+)>$/, '$1')) : '',
        orDash(cell(e.description)),
      ]),
    ),
    '',
    details,
    '### Parts',
    '',
    'Style them from the page with `pay-checkout::part(name)`.',
    '',
    table(
      ['Part', 'Description'],
      (element.cssParts ?? []).map((p) => [code(p.name), orDash(cell(p.description))]),
    ),
    '',
  );
  if (element.slots?.length)
    out.push(
      '### Slots',
      '',
      table(
        ['Slot', 'Description'],
        element.slots.map((s) => [code(s.name || '(default)'), orDash(cell(s.description))]),
      ),
      '',
    );
  const properties_ = element.cssProperties ?? [];
  const families = [...new Set(properties_.map((p) => family(p.name)))];
  out.push(
    '### CSS custom properties',
    '',
    `${properties_.length} properties, set on \`pay-checkout\` or any ancestor; grouped by what they style.`,
    '',
  );
  for (const name of families) {
    const group = properties_.filter((p) => family(p.name) === name);
    if (families.length > 1) out.push(`#### \`--pay-${name}…\``, '');
    out.push(
      table(
        ['Property', 'Default', 'Description'],
        group.map((p) => [code(p.name), p.default ? code(p.default) : '', orDash(cell(p.description))]),
      ),
      '',
    );
  }
  return out;
}

// ── The TypeScript half ─────────────────────────────────────────────────────────────────────────

function program(): { program: ts.Program; resolve: (module: string) => string } {
  const configPath = at('tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const resolve = (module: string) => {
    const resolved = ts.resolveModuleName(module, configPath, options, ts.sys).resolvedModule;
    if (!resolved) throw new Error(`docs/reference: ${module} does not resolve through tsconfig.json`);
    return resolved.resolvedFileName;
  };
  const files = [at(EVENTS.file), ...ENTRIES.map((entry) => resolve(entry.module))];
  return { program: ts.createProgram(files, { ...options, noEmit: true }), resolve };
}

/** A documented member: its name, its type as written, whether it is optional, its JSDoc. */
interface Documented {
  name: string;
  type: string;
  optional: boolean;
  description: string;
  defaultValue?: string;
  deprecated?: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A type as Prettier wrapped it, on one line: no space inside brackets, no leading `|` of a union. */
const typeText = (text: string) =>
  oneLine(text)
    .replace(/([(<[]) (?:\| )?/g, '$1')
    .replace(/,? ([)>\]])/g, '$1');

function documented(checker: ts.TypeChecker, symbol: ts.Symbol): Documented {
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  let type: string;
  if (declaration && (ts.isMethodSignature(declaration) || ts.isMethodDeclaration(declaration))) {
    const parameters = declaration.parameters.map((p) => {
      const optional = p.questionToken || p.initializer ? '?' : '';
      const type = p.type ? p.type.getText() : checker.typeToString(checker.getTypeAtLocation(p));
      return `${p.name.getText()}${optional}: ${type}`;
    });
    const returns = declaration.type
      ? declaration.type.getText()
      : checker.typeToString(checker.getSignatureFromDeclaration(declaration)!.getReturnType());
    type = `(${parameters.join(', ')}) => ${returns}`;
  } else if (
    declaration &&
    (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) &&
    declaration.type
  ) {
    type = declaration.type.getText();
  } else {
    const at_ = declaration ?? symbol.declarations?.[0];
    type = at_ ? checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, at_)) : 'unknown';
  }
  const tags = symbol.getJsDocTags(checker);
  const tag = (name: string) => {
    const found = tags.find((t) => t.name === name);
    return found ? oneLine(ts.displayPartsToString(found.text ?? [])) || '(yes)' : undefined;
  };
  return {
    name: symbol.getName(),
    type: typeText(type),
    optional: (symbol.getFlags() & ts.SymbolFlags.Optional) !== 0,
    description: ts.displayPartsToString(symbol.getDocumentationComment(checker)),
    defaultValue: tag('default'),
    deprecated: tag('deprecated'),
  };
}

function describe(member: Documented): string {
  const parts = [
    member.deprecated ? `**Deprecated.** ${cell(member.deprecated === '(yes)' ? '' : member.deprecated)}`.trim() : '',
    cell(member.description),
    member.defaultValue ? `Default ${code(member.defaultValue)}.` : '',
  ];
  return orDash(parts.filter(Boolean).join(' '));
}

function membersTable(checker: ts.TypeChecker, type: ts.Type, first: string, required: boolean): string {
  const members = checker.getPropertiesOfType(type).map((symbol) => documented(checker, symbol));
  return table(
    required ? [first, 'Type', 'Required', 'Description'] : [first, 'Type', 'Description'],
    members.map((m) =>
      required
        ? [code(m.name), code(m.type), m.optional ? '' : 'yes', describe(m)]
        : [code(m.name), code(m.type), describe(m)],
    ),
  );
}

/** The names of the interfaces and type aliases a text mentions, among those given. */
const mentioned = (text: string, names: Set<string>) =>
  [...text.matchAll(/\b[A-Z][A-Za-z0-9]*\b/g)].map((m) => m[0]).filter((name) => names.has(name));

function moduleSymbolOf(checker: ts.TypeChecker, source: ts.SourceFile): ts.Symbol {
  const symbol = checker.getSymbolAtLocation(source);
  if (!symbol) throw new Error(`docs/reference: ${source.fileName} is not a module`);
  return symbol;
}

const aliased = (checker: ts.TypeChecker, symbol: ts.Symbol) =>
  symbol.getFlags() & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

/** The object types a module exports from its own folder (not the shared schemas), by name. */
function ownTypes(checker: ts.TypeChecker, moduleSymbol: ts.Symbol, folder: string): Map<string, ts.Symbol> {
  const types = new Map<string, ts.Symbol>();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = aliased(checker, exported);
    const declaration = symbol.declarations?.[0];
    if (!declaration || !declaration.getSourceFile().fileName.startsWith(folder)) continue;
    const isObject =
      ts.isInterfaceDeclaration(declaration) ||
      (ts.isTypeAliasDeclaration(declaration) && ts.isTypeLiteralNode(declaration.type));
    if (isObject) types.set(exported.getName(), symbol);
  }
  return types;
}

/** The types named by the tables already written, and by those they name, in the order first named. */
function typesSection(
  checker: ts.TypeChecker,
  heading: string,
  texts: string[],
  types: Map<string, ts.Symbol>,
  done: Set<string>,
): string[] {
  const names = new Set(types.keys());
  const queue = texts.flatMap((text) => mentioned(text, names)).filter((name) => !done.has(name));
  const out: string[] = [];
  while (queue.length) {
    const name = queue.shift()!;
    if (done.has(name)) continue;
    done.add(name);
    const symbol = types.get(name)!;
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const members = checker.getPropertiesOfType(type).map((m) => documented(checker, m));
    const about = oneLine(ts.displayPartsToString(symbol.getDocumentationComment(checker)));
    out.push(`${heading} \`${name}\``, '');
    if (about) out.push(cell(about), '');
    const declaration = symbol.declarations![0]!;
    if (!members.length && ts.isTypeAliasDeclaration(declaration))
      out.push(`Type: ${code(typeText(declaration.type.getText()))}`, '');
    else
      out.push(
        table(
          ['Property', 'Type', 'Description'],
          members.map((m) => [code(`${m.name}${m.optional ? '?' : ''}`), code(m.type), describe(m)]),
        ),
        '',
      );
    queue.push(...members.flatMap((m) => mentioned(m.type, names)).filter((n) => !done.has(n)));
  }
  return out;
}

function eventDetails(checker: ts.TypeChecker, source: ts.SourceFile): string {
  const moduleSymbol = moduleSymbolOf(checker, source);
  const map = checker.getExportsOfModule(moduleSymbol).find((s) => s.getName() === EVENTS.map);
  if (!map) throw new Error(`docs/reference: ${EVENTS.map} is not exported by ${EVENTS.file}`);
  const names = checker
    .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(aliased(checker, map)))
    .map((p) => documented(checker, p).type);
  const folder = `${dirname(source.fileName)}/`;
  const out = typesSection(checker, '####', names, ownTypes(checker, moduleSymbol, folder), new Set());
  return ['### Event details', '', ...out].join('\n');
}

function entrySection(
  checker: ts.TypeChecker,
  program: ts.Program,
  resolve: (module: string) => string,
  entry: (typeof ENTRIES)[number],
): string[] {
  const file = resolve(entry.module);
  const source = program.getSourceFile(file)!;
  const moduleSymbol = moduleSymbolOf(checker, source);
  const exports = new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.getName(), s]));
  const folder = `${dirname(file)}/`;
  const types = ownTypes(checker, moduleSymbol, folder);
  const out = [`## \`${entry.module}\``, '', entry.about, '', `From \`${relative(root, file)}\`.`, ''];
  const texts: string[] = [];
  const done = new Set<string>();
  for (const name of entry.factories) {
    const exported = exports.get(name);
    if (!exported) throw new Error(`docs/reference: ${entry.module} does not export ${name}`);
    const symbol = aliased(checker, exported);
    const declaration = symbol.valueDeclaration;
    if (!declaration || !ts.isFunctionDeclaration(declaration))
      throw new Error(`docs/reference: ${name} is not a function declaration`);
    const signature = checker.getSignatureFromDeclaration(declaration)!;
    const parameter = declaration.parameters[0];
    const optionsName = parameter?.type?.getText() ?? 'options';
    const result = checker.getAwaitedType(signature.getReturnType()) ?? signature.getReturnType();
    const resultName = types.has(checker.typeToString(result)) ? checker.typeToString(result) : undefined;
    out.push(`### \`${name}(${parameter ? parameter.name.getText() : ''})\``, '');
    const about = ts.displayPartsToString(symbol.getDocumentationComment(checker));
    if (about) out.push(cell(about), '');
    if (parameter) {
      const optionsType = checker.getTypeAtLocation(parameter);
      out.push(`Its options, \`${optionsName}\`:`, '', membersTable(checker, optionsType, 'Option', true), '');
      texts.push(...checker.getPropertiesOfType(optionsType).map((m) => documented(checker, m).type));
      if (types.has(optionsName)) done.add(optionsName);
    }
    const async = signature.getReturnType() !== result ? 'a promise of ' : '';
    out.push(
      `It returns ${async}${resultName ? `\`${resultName}\`` : 'an object'}:`,
      '',
      membersTable(checker, result, 'Member', false),
      '',
    );
    texts.push(...checker.getPropertiesOfType(result).map((m) => documented(checker, m).type));
    if (resultName) done.add(resultName);
  }
  const named = typesSection(checker, '####', texts, types, done);
  if (named.length) out.push(`### Types they name`, '', ...named);
  for (const { name, columns } of entry.tables)
    out.push(...tableSection(checker, exports.get(name), `${entry.module} ${name}`, columns));
  return out;
}

/** A constant table of the entry: its JSDoc, and its keys and strings as they are in the source. */
function tableSection(
  checker: ts.TypeChecker,
  exported: ts.Symbol | undefined,
  what: string,
  columns: [string, string],
): string[] {
  if (!exported) throw new Error(`docs/reference: no ${what}`);
  const symbol = aliased(checker, exported);
  const name = symbol.getName();
  const declaration = symbol.valueDeclaration;
  const literal = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
  if (!literal || !ts.isObjectLiteralExpression(literal))
    throw new Error(`docs/reference: ${name} is not a constant object literal`);
  const rows = literal.properties.map((property) => {
    if (!ts.isPropertyAssignment(property) || !ts.isStringLiteralLike(property.initializer))
      throw new Error(`docs/reference: ${name} has an entry that is not a string`);
    return [code(property.name.getText().replace(/^'|'$/g, '')), cell(property.initializer.text)];
  });
  const about = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  return [`### \`${name}\``, '', ...(about ? [cell(about), ''] : []), table(columns, rows), ''];
}

// ── The page ────────────────────────────────────────────────────────────────────────────────────

export function renderReference(): string {
  const { program: built, resolve } = program();
  const checker = built.getTypeChecker();
  const events = built.getSourceFile(at(EVENTS.file))!;
  const lines = [
    '# Reference',
    '',
    '<!-- Generated by `npm run docs:reference` from custom-elements.json and the TypeScript sources; do not edit. test/build/reference.node.test.ts fails when it is stale. -->',
    '',
    "Everything a merchant binds to, generated from the code: the element's manifest (`custom-elements.json`, which editors and the framework types read too) and the exported types of `pay-checkout/server` and `pay-checkout-sandbox`. The guides say how to use it: [the element](element.md), [your server](server.md), [the sandbox](sandbox.md).",
    '',
    ...elementSection(manifestElement(), eventDetails(checker, events)),
    ...ENTRIES.flatMap((entry) => entrySection(checker, built, resolve, entry)),
  ];
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

export const REFERENCE_PATH = 'docs/reference.md';

// `npm run docs:reference` writes the page, from a fresh build's manifest.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { writeFileSync } = await import('node:fs');
  const { ensureBuilt } = await import('../ensure-build.mjs');
  await ensureBuilt();
  writeFileSync(at(REFERENCE_PATH), renderReference());
  console.log(`Written to ${REFERENCE_PATH}`);
}
