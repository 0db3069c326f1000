/**
 * The part of the scripted page driver (scripted-page.ts) that runs in the page: Playwright's
 * locator semantics, as far as the end-to-end tests use them, for the engines Playwright cannot
 * drive here (Debian's Firefox and WebKitGTK). Source text, not functions: tsx would wrap named
 * functions in a helper the page does not have.
 *
 * - CSS selectors pierce open shadow roots, as Playwright's do: in `pay-checkout [part="submit"]`
 *   the button may be in the element's shadow root. Descendant combinators and selector lists only.
 * - `role`: the element's ARIA role (explicit, or implicit for the elements the tests look for:
 *   buttons, links, form controls, headings, named sections) and its accessible name, a string
 *   matching case-insensitively as a substring, or a regular expression; hidden elements never match.
 * - `label`: form controls by the text of their <label>, aria-label or aria-labelledby.
 * - `hasText`: the element's text, shadow roots included (a string matches it case-insensitively
 *   with whitespace collapsed, a regular expression as it is).
 * - Elements come in document order, a shadow root's before its host's children.
 */

/** One step of a locator: each narrows or searches inside the elements of the step before. */
export type Step =
  | { css: string }
  | { role: string; name?: TextMatch }
  | { label: string }
  | { hasText: TextMatch }
  | { nth: number };

/** A string (case-insensitive substring) or a regular expression, as JSON can carry it. */
export type TextMatch = string | { source: string; flags: string };

export const textMatch = (match: string | RegExp): TextMatch => (typeof match === 'string' ? match : { source: match.source, flags: match.flags });

export const describeMatch = (match: TextMatch) => (typeof match === 'string' ? JSON.stringify(match) : `/${match.source}/${match.flags}`);

/** An expression whose value is `{ resolve(steps), isVisible(element), ... }`. */
export const LOCATOR_ENGINE = `(() => {
  const normalize = (text) => text.replace(/\\s+/g, ' ').trim();
  // A string: case-insensitive, in the text with its whitespace collapsed. A regular expression:
  // the text as it is, line breaks included (as Playwright's hasText).
  const matchesText = (text, match) => typeof match === 'string' ? normalize(text).toLowerCase().includes(match.toLowerCase()) : new RegExp(match.source, match.flags).test(text);
  const composedParent = (element) => element.parentElement || (element.parentNode instanceof ShadowRoot ? element.parentNode.host : null);
  const deepText = (node) => {
    let text = node.shadowRoot ? deepText(node.shadowRoot) : '';
    for (const child of node.childNodes) text += child.nodeType === Node.TEXT_NODE ? child.data : child.nodeType === Node.ELEMENT_NODE ? deepText(child) : '';
    return text;
  };
  const descendants = (root) => {
    const found = [];
    const walk = (node) => {
      for (const child of node.children) {
        found.push(child);
        if (child.shadowRoot) walk(child.shadowRoot);
        walk(child);
      }
    };
    if (root.shadowRoot) walk(root.shadowRoot);
    walk(root);
    return found;
  };
  const split = (selector, separator) => {
    const parts = [];
    let depth = 0, quote = '', current = '';
    for (const char of selector) {
      if (quote) { if (char === quote) quote = ''; current += char; continue; }
      if (char === '"' || char === "'") quote = char;
      else if (char === '[' || char === '(') depth++;
      else if (char === ']' || char === ')') depth--;
      if (depth === 0 && separator.test(char)) { if (current.trim()) parts.push(current.trim()); current = ''; continue; }
      current += char;
    }
    if (current.trim()) parts.push(current.trim());
    return parts;
  };
  const compile = (selector) => split(selector, /,/).map((alternative) => {
    const compounds = split(alternative, /\\s/);
    if (compounds.some((compound) => /^[>+~]/.test(compound))) throw new Error('Only descendant combinators are supported: ' + selector);
    return compounds;
  });
  const matchesCss = (element, alternatives, scope) => alternatives.some((compounds) => {
    if (!element.matches(compounds[compounds.length - 1])) return false;
    let ancestor = composedParent(element);
    for (let i = compounds.length - 2; i >= 0; i--) {
      while (ancestor && ancestor !== scope && !ancestor.matches(compounds[i])) ancestor = composedParent(ancestor);
      if (!ancestor || ancestor === scope) return false;
      ancestor = composedParent(ancestor);
    }
    return true;
  });
  // checkVisibility() also sees content that is laid out but not rendered, such as a closed
  // <details> (WebKit gives its content boxes).
  const isVisible = (element) => {
    if (element.checkVisibility && !element.checkVisibility()) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const isAriaHidden = (element) => {
    for (let node = element; node; node = composedParent(node)) if (node.getAttribute('aria-hidden') === 'true') return true;
    return false;
  };
  const roleOf = (element) => {
    const explicit = element.getAttribute('role');
    if (explicit) return explicit.trim().split(/\\s+/)[0];
    const tag = element.localName, type = (element.getAttribute('type') || '').toLowerCase();
    if (tag === 'button') return 'button';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'section' && (element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby'))) return 'region';
    if ((tag === 'a' || tag === 'area') && element.hasAttribute('href')) return 'link';
    if (tag === 'select') return element.multiple || element.size > 1 ? 'listbox' : 'combobox';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'input') {
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'checkbox' || type === 'radio') return type;
      if (type === 'number') return 'spinbutton';
      if (['', 'text', 'email', 'tel', 'url', 'search'].includes(type)) return 'textbox';
    }
    return null;
  };
  const textOfIds = (element, ids) => ids.trim().split(/\\s+/).map((id) => element.getRootNode().getElementById?.(id)?.textContent || '').join(' ');
  const nameOf = (element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return normalize(textOfIds(element, labelledBy));
    const label = element.getAttribute('aria-label');
    if (label && label.trim()) return normalize(label);
    if (element.localName === 'input' && ['button', 'submit', 'reset'].includes(element.type)) return element.value;
    if (element.labels && element.labels.length) return normalize([...element.labels].map((l) => l.textContent).join(' '));
    return normalize(deepText(element));
  };
  const labelsOf = (element) => {
    const texts = [];
    if (element.labels) for (const label of element.labels) texts.push(label.textContent);
    if (element.getAttribute('aria-label')) texts.push(element.getAttribute('aria-label'));
    if (element.getAttribute('aria-labelledby')) texts.push(textOfIds(element, element.getAttribute('aria-labelledby')));
    return texts;
  };
  const step = (scopes, s) => {
    if ('nth' in s) return scopes.slice(s.nth, s.nth + 1);
    if ('hasText' in s) return scopes.filter((element) => matchesText(deepText(element), s.hasText));
    const found = new Set();
    for (const scope of scopes) {
      for (const element of descendants(scope)) {
        if ('css' in s ? matchesCss(element, compile(s.css), scope)
          : 'role' in s ? roleOf(element) === s.role && (s.name === undefined || matchesText(nameOf(element), s.name)) && isVisible(element) && !isAriaHidden(element)
          : labelsOf(element).some((text) => matchesText(text, s.label))) found.add(element);
      }
    }
    return [...found];
  };
  const resolve = (steps) => steps.reduce(step, [document]);
  const isEnabled = (element) => !element.matches(':disabled') && !element.closest('[aria-disabled="true"]');
  return { resolve, isVisible, isEnabled, deepText, composedParent };
})()`;
