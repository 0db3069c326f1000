/** The shop explains itself (shop.e2e.node.test.ts), every case, in WebKit. */
import { useEngine } from './harness.js';

useEngine('webkit');
await import('./shop.e2e.node.test.js');
