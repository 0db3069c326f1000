/**
 * `npm run bundle:treemap`: what each source module costs in each chunk of the browser element,
 * measured on the element's own build (vite.config.ts `element`) with source maps, by
 * rollup-plugin-visualizer: the minified bytes the source map attributes to each module. Writes a
 * treemap to dist-treemap/treemap.html (open it in a browser) and prints the top modules of each
 * chunk the element loads. A build for reading, beside dist/, never shipped.
 *
 *   npm run bundle:treemap               top 15 modules of each chunk
 *   npm run bundle:treemap -- --top=40   more
 *   npm run bundle:treemap -- --json     the figures as JSON on stdout
 */
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { element } from '../vite.config.js';
import { sizeOf } from './bundle-sizes.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('../dist-treemap/', import.meta.url));
const top = Number(/^--top=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--top=')) ?? '')?.[1] ?? 15);
const asJson = process.argv.includes('--json');
const isLocale = (file: string) => file !== 'pay-checkout.js' && /^[a-z]{2,3}(-[A-Z]{2})?-[\w-]{8}\.js$/.test(file);

/** The raw-data template of rollup-plugin-visualizer, as far as this script reads it. */
interface RawData {
  nodeParts: Record<string, { renderedLength: number; metaUid: string }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

rmSync(outDir, { recursive: true, force: true });
const analyzers = [
  visualizer({
    filename: `${outDir}treemap.html`,
    template: 'treemap',
    sourcemap: true,
    projectRoot: root,
    title: 'pay-checkout.js and its lazy chunks',
  }),
  visualizer({ filename: `${outDir}modules.json`, template: 'raw-data', sourcemap: true, projectRoot: root }),
];
await build({
  ...element,
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [...(element.plugins ?? []), ...analyzers],
  build: { ...element.build, outDir, emptyOutDir: true, sourcemap: true },
});

const data = JSON.parse(readFileSync(`${outDir}modules.json`, 'utf8')) as RawData;
const chunks = new Map<string, { module: string; bytes: number }[]>();
for (const meta of Object.values(data.nodeMetas)) {
  for (const [file, partUid] of Object.entries(meta.moduleParts)) {
    const bytes = data.nodeParts[partUid]?.renderedLength ?? 0;
    if (!chunks.has(file)) chunks.set(file, []);
    chunks.get(file)!.push({ module: meta.id.replace(/^\0/, ''), bytes });
  }
}

const report = [...chunks].map(([file, modules]) => {
  const size = sizeOf(readFileSync(`${outDir}${file}`));
  modules.sort((a, b) => b.bytes - a.bytes);
  return { file, ...size, modules };
});
report.sort((a, b) => b.raw - a.raw);

if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const chunk of report) {
    if (isLocale(chunk.file) && !chunk.file.startsWith('th-')) continue; // one locale (Thai) is enough
    console.log(
      `\n${chunk.file}: ${chunk.raw} B raw, ${chunk.gzip} B gzip, ${chunk.brotli} B brotli (minified bytes per module, from the source map)`,
    );
    for (const { module, bytes } of chunk.modules.slice(0, top))
      console.log(`  ${String(bytes).padStart(7)}  ${module}`);
    const rest = chunk.modules.slice(top);
    if (rest.length)
      console.log(
        `  ${String(rest.reduce((sum, { bytes }) => sum + bytes, 0)).padStart(7)}  (${rest.length} more modules)`,
      );
  }
  console.log(`\nTreemap: ${outDir}treemap.html`);
}
