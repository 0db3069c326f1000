import { build } from 'vite'; import { element } from '../vite.config.js';
import { measureElement } from './bundle-sizes.js';
import { rmSync } from 'node:fs';
const out = new URL('../dist-tmp/', import.meta.url);
rmSync(out, { recursive: true, force: true });
await build({ ...element, plugins: [...(element.plugins ?? [])], root: process.cwd(), configFile: false, logLevel: 'warn', build: { ...element.build, outDir: 'dist-tmp' } });
const s = measureElement(out);
const row = (g: any) => `${String(g.raw).padStart(7)} ${String(g.gzip).padStart(7)} ${String(g.brotli).padStart(7)}  ${g.files.join(' + ')}`;
console.log(row(s.initial)); for (const g of s.lazy) if (!/^(hi|id|ms|vi|pt|es|fil|ko|ja|zh|sw)-/.test(g.files[0])) console.log(row(g));
