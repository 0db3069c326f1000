/** The shop explains itself (shop.e2e.node.test.ts), every case, in Firefox. */
import { useEngine } from './harness.js';

useEngine('firefox');
await import('./shop.e2e.node.test.js');
