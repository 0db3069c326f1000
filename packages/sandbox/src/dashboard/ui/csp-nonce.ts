/**
 * The page's style nonce (its <meta name="csp-nonce">), for the <style> elements Lit writes where a
 * browser cannot adopt constructed style sheets: its Content-Security-Policy allows no other.
 * Imported first, so it is set before any element is defined.
 */
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce) (globalThis as { litNonce?: string }).litNonce = nonce;
