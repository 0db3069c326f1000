/**
 * What the built element costs a page, read from the files in dist/: the initial load
 * (pay-checkout.js and every file it imports statically, as the browser follows them) and each
 * lazily imported chunk, raw, gzip (level 9) and brotli (quality 11). Used by the budget test,
 * which writes the figures to dist/sizes.json for the benchmark.
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parseSync } from 'vite';

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface ChunkGroup extends Size {
  /** The files that load together, the first one imported by the page or by a dynamic import(). */
  files: string[];
}

export interface ElementSizes {
  initial: ChunkGroup;
  /** One group per dynamic import(), without the files the initial load already has. */
  lazy: ChunkGroup[];
  /** Imports of anything but a file beside it: a dependency left out of the bundle. */
  bareImports: string[];
}

export function sizeOf(bytes: Uint8Array): Size {
  return {
    raw: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
}

/** The relative specifiers a module imports, statically and with import(). */
export function importsOf(fileName: string, code: string): { static: string[]; dynamic: string[] } {
  const { module, errors } = parseSync(fileName, code);
  if (errors.length) throw new Error(`${fileName} does not parse: ${errors[0]!.message}`);
  const dynamic = module.dynamicImports.map(({ moduleRequest }) => {
    const literal = code.slice(moduleRequest.start, moduleRequest.end);
    if (!/^(["'`])[^"'`$]*\1$/.test(literal)) throw new Error(`${fileName}: import(${literal}) is not a plain string`);
    return literal.slice(1, -1);
  });
  const fromExports = module.staticExports.flatMap((entry) =>
    entry.entries.flatMap((e) => (e.moduleRequest ? [e.moduleRequest.value] : [])),
  );
  return {
    static: [...new Set([...module.staticImports.map((i) => i.moduleRequest.value), ...fromExports])],
    dynamic,
  };
}

/** The names a module exports. */
export function exportsOf(fileName: string, code: string): string[] {
  const { module } = parseSync(fileName, code);
  return module.staticExports.flatMap((entry) =>
    entry.entries.flatMap((e) => (e.exportName.name ? [e.exportName.name] : [])),
  );
}

const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');

/** Sizes of the element entry (`dist/pay-checkout.js`) and what it loads later. */
export function measureElement(dist: URL, entry = 'pay-checkout.js'): ElementSizes {
  const bareImports: string[] = [];
  const dynamicRoots = new Set<string>();
  const read = (file: string) => readFileSync(new URL(file, dist));

  /** The file and everything it imports statically, except what `loaded` already has. */
  const closure = (first: string, loaded: Set<string>): string[] => {
    const files: string[] = [];
    const visit = (file: string) => {
      if (loaded.has(file) || files.includes(file)) return;
      files.push(file);
      const imports = importsOf(file, read(file).toString('utf8'));
      for (const specifier of [...imports.static, ...imports.dynamic])
        if (!isRelative(specifier)) bareImports.push(`${file}: ${specifier}`);
      for (const specifier of imports.dynamic.filter(isRelative))
        dynamicRoots.add(new URL(specifier, new URL(file, dist)).pathname.split('/').pop()!);
      for (const specifier of imports.static.filter(isRelative))
        visit(new URL(specifier, new URL(file, dist)).pathname.split('/').pop()!);
    };
    visit(first);
    return files;
  };

  // Each file is fetched and compressed on its own, so a group's size is the sum of its files'.
  const group = (files: string[]): ChunkGroup => {
    const sizes = files.map((file) => sizeOf(read(file)));
    const sum = (key: keyof Size) => sizes.reduce((total, size) => total + size[key], 0);
    return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
  };
  const initialFiles = closure(entry, new Set());
  const initial = group(initialFiles);
  const lazy: ChunkGroup[] = [];
  for (const root of dynamicRoots) {
    if (initialFiles.includes(root)) continue;
    lazy.push(group(closure(root, new Set(initialFiles))));
  }
  return { initial, lazy, bareImports };
}

/** Which lazy chunk a file starts: by the module it is named after. */
const lazyNamed = (sizes: ElementSizes, name: string | RegExp) =>
  sizes.lazy.find((group) =>
    (typeof name === 'string' ? new RegExp(`^${name}-[\\w-]{6,}\\.js$`) : name).test(group.files[0]!),
  );

/** The lazy chunk of a bundled locale, e.g. th-*.js (its first part: not th-more-*.js, src/i18n/word-parts.ts). */
export const localeChunk = (sizes: ElementSizes, locale: string) =>
  lazyNamed(sizes, new RegExp(`^${locale}-(?!more-)[\\w-]{6,}\\.js$`));
/** The second part of a bundled locale, th-more-*.js: fetched only for the pending views of methods other than QR. */
export const moreWordsChunk = (sizes: ElementSizes, locale: string) => lazyNamed(sizes, `${locale}-more`);

/** The payin views (payment-views-*.js), fetched after pay-ready: the views of the QR family's methods among them. */
export const viewsChunk = (sizes: ElementSizes) => lazyNamed(sizes, 'payment-views');

/**
 * The views of every other method (other-views-*.js), which the payin views fetch for a payin of
 * one of them (or the shopper's choice of one at the form). Its group holds the payin views too,
 * which it imports (the group is what loads beyond the initial file): every method's views.
 */
export const otherViewsChunk = (sizes: ElementSizes) => lazyNamed(sizes, 'other-views');

/** The QR's encoder and drawing (qr-encoder-*.js), fetched when a view first shows a QR. */
export const qrChunk = (sizes: ElementSizes) => lazyNamed(sizes, 'qr-encoder');

/** The checkout's English (en-checkout-*.js), fetched beside the options when the locale falls back to English. */
export const checkoutEnglishChunk = (sizes: ElementSizes) => lazyNamed(sizes, 'en-checkout');

/** A payin's English (en-payin-*.js), fetched beside the views when the locale falls back to English. */
export const payinEnglishChunk = (sizes: ElementSizes) => lazyNamed(sizes, 'en-payin');

/** Files fetched together by one shopper, each compressed on its own (as a server sends them). */
export function sumOf(...groups: ChunkGroup[]): ChunkGroup {
  const files = groups.flatMap((group) => group.files);
  if (new Set(files).size !== files.length) throw new Error(`a file counted twice: ${files.join(' + ')}`);
  const sum = (key: keyof Size) => groups.reduce((total, group) => total + group[key], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}

/**
 * All the JavaScript a shopper paying by QR downloads, from the first file to the final screen,
 * polling (no status-url): the initial load, the payin views, the QR chunk and the words of their
 * language — a bundled locale's chunk (complete), or for English the checkout's English beside the
 * options and a payin's English beside the views. Not the other methods' views (otherViewsChunk),
 * which a QR payer never fetches. Undefined when a chunk it needs is missing.
 */
export function qrPayerSizes(sizes: ElementSizes, locale: string): ChunkGroup | undefined {
  const views = viewsChunk(sizes);
  const qr = qrChunk(sizes);
  const words =
    locale === 'en' ? [checkoutEnglishChunk(sizes), payinEnglishChunk(sizes)] : [localeChunk(sizes, locale)];
  if (!views || !qr || words.some((group) => !group)) return undefined;
  return sumOf(sizes.initial, views, qr, ...(words as ChunkGroup[]));
}

/** `payment-views-1Z8RtS4B.js` → `payment-views`: a chunk's name without its hash. */
export const chunkStem = (file: string) => file.replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');

/**
 * What each chunk is and when a page fetches it, by its stem: one table for the budgets test, the
 * benchmark and docs/performance.md. A locale's chunks are described by their family (LOCALE_CHUNK).
 */
export const CHUNK_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'pay-checkout': "the element and every method's form: the one file a page loads",
  'en-checkout': "the form's English, beside the options for English and merchants' own locales",
  'payment-views':
    'the pending and final views of the QR family and UPI, status polling, the countdown: after `pay-ready`',
  'en-payin': "the views' English",
  'other-views':
    "the other methods' pending views (transfers, payment codes, crypto, mobile money, redirects), with the views they import: never for a QR payer",
  'other-method-rules': "the other methods' field rules: when a shopper chooses one of those methods",
  'trouble-views': 'the views of trouble (errors, failures, expiry): only for a shopper who meets it',
  'en-more': "English of the other methods' views and of trouble (errors, rejections, failures, expiry)",
  'pushed-status': "the relay's status stream, with the views: only with a `status-url` or a checkout",
  'kit-status': "polls of the merchant kit's status route, instead of the platform: only with a checkout",
  'qr-encoder': "lean-qr, the QR's SVG and the PNG of Save QR image: when a QR is first shown",
  'checkout-source': 'the code that asks `checkout-url` for the checkout: only pages with one',
  'token-keeper': "the code that renews a pending payment's token: only when it is due",
  'topup-views': 'a top-up\'s flow and views: only for `kind="topup"`',
};

/** A bundled locale's chunks: `th` (the form and the QR views), `th-more` (the rest), `topup-th` (a top-up's). */
export const LOCALE_CHUNK = /^(topup-)?([a-z]{2,3}(?:-[A-Z]{2})?)(-more)?$/;

/** What the chunk that starts with `file` is, in a line. */
export function describeChunk(file: string): string {
  const stem = chunkStem(file);
  const described = CHUNK_DESCRIPTIONS[stem];
  if (described) return described;
  const locale = LOCALE_CHUNK.exec(stem);
  if (!locale) return `${stem}: a lazy chunk`;
  const [, topUp, tag, more] = locale;
  if (topUp) return `${tag}: a top-up's words`;
  return more
    ? `${tag}: the words of other methods' views and of trouble`
    : `${tag}: the words of the form and the QR views`;
}
