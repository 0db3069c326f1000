/**
 * The demo's pages, in one list: the navigation every page shows (written into each page where it
 * says `<!-- site-nav -->`, by demo/vite.config.ts for the pages Vite serves and builds, and by
 * demo/server.ts for the script-tag page it serves as it is) and the pages `npm run demo` lists
 * when it starts. Static HTML, so the links are there before any script runs.
 */

export interface DemoPage {
  /** The link's address on the shop's origin. */
  href: string;
  /** Its name in the navigation. */
  label: string;
  /** What it shows, in the startup banner. */
  about: string;
}

export const DEMO_NAV: readonly DemoPage[] = [
  { href: '/', label: 'Shop', about: 'every scenario, the code and the callbacks' },
  { href: '/pay.html', label: 'Hosted page', about: 'the platform’s hosted page (the shop sends customers here)' },
  { href: '/script-tag.html', label: 'Script tag', about: 'plain HTML, the built dist/pay-checkout.js' },
  { href: '/react.html', label: 'React', about: 'the pay-checkout/react wrapper' },
  { href: '/vue.html', label: 'Vue', about: 'Vue 3, <pay-checkout> as a custom element' },
  { href: '/own-button.html', label: 'Your own button', about: 'submit-button="none" and the page’s Place order' },
  { href: '/wallet.html', label: 'Wallet', about: 'a top-up: kind="topup"' },
  {
    href: '/sandbox-dashboard',
    label: 'Sandbox dashboard',
    about: 'the emulator’s payments, callbacks, clock and faults',
  },
];

/** Where a page says its navigation goes. */
export const SITE_NAV_MARK = '<!-- site-nav -->';

/** The navigation of the page at `path`, that page marked as the current one. */
export function siteNav(path: string): string {
  const current = path === '/index.html' ? '/' : path;
  const items = DEMO_NAV.map(
    ({ href, label }) => `<li><a href="${href}"${href === current ? ' aria-current="page"' : ''}>${label}</a></li>`,
  ).join('\n          ');
  return `<nav class="site-nav" aria-label="Demo pages">
        <ul>
          ${items}
        </ul>
      </nav>`;
}

/** A page's HTML with its navigation in place of the mark. */
export function withSiteNav(html: string, path: string): string {
  return html.replace(SITE_NAV_MARK, siteNav(path));
}
