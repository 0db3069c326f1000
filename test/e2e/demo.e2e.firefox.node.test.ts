/** The demo end to end (demo.e2e.node.test.ts), every case, in Firefox. */
import { useEngine } from './harness.js';

useEngine('firefox');
await import('./demo.e2e.node.test.js');
