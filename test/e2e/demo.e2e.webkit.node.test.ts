/** The demo end to end (demo.e2e.node.test.ts), every case, in WebKit. */
import { useEngine } from './harness.js';

useEngine('webkit');
await import('./demo.e2e.node.test.js');
