/** The demo wallet (wallet.e2e.node.test.ts), every case, in WebKit. */
import { useEngine } from './harness.js';

useEngine('webkit');
await import('./wallet.e2e.node.test.js');
