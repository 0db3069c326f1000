/** The demo wallet (wallet.e2e.node.test.ts), every case, in Firefox. */
import { useEngine } from './harness.js';

useEngine('firefox');
await import('./wallet.e2e.node.test.js');
