/** axe-core's browser build: loaded for its effect, window.axe (test/support/axe.ts). */
declare module 'axe-core/axe.min.js';
