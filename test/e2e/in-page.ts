/**
 * The part of the scripted page driver (scripted-page.ts) that runs in the page: Playwright's
 * locator semantics, as far as the end-to-end tests use them, for the engines Playwright cannot
 * drive here (Debian's Firefox and WebKitGTK), and the waiting, which happens in the page too.
 * Source text, not functions: tsx would wrap named functions in a helper the page does not have.
 * It is installed once per document, as `window.__e2e` (installScript); each query then sends a
 * few lines.
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
 *
 * Waiting (`until`): a condition is checked at once, after each change of the document and at
 * least every WAIT_TICK_MS, until it holds or the time given passes; a page that is being left
 * answers `{ left: true }` at once (Firefox never settles a script whose document unloads).
 */

/** One step of a locator: each narrows or searches inside the elements of the step before. */
export type Step =
  { css: string } | { role: string; name?: TextMatch } | { label: string } | { hasText: TextMatch } | { nth: number };

/** A string (case-insensitive substring) or a regular expression, as JSON can carry it. */
export type TextMatch = string | { source: string; flags: string };

export const textMatch = (match: string | RegExp): TextMatch =>
  typeof match === 'string' ? match : { source: match.source, flags: match.flags };

export const describeMatch = (match: TextMatch) =>
  typeof match === 'string' ? JSON.stringify(match) : `/${match.source}/${match.flags}`;

/**
 * What `engine.one` and `engine.until` answer: the value, or why not yet. `left`: the document is
 * being replaced (ask the next one).
 */
export type InPageAnswer<T> =
  | { done: true; value: T; isUndefined: boolean }
  | { done: false; count?: number; waiting?: string; strictness?: string[]; left?: boolean };

/** A script (function body) that installs the engine in the document, unless it is there. */
export const installScript = () => `if (!window.__e2e) window.__e2e = ${LOCATOR_ENGINE}; return true;`;

/** The start of every script that uses the engine: it answers `{ reinstall: true }` in a document without it. */
export const WITH_ENGINE = `const engine = window.__e2e; if (!engine) return { reinstall: true };`;

const LOCATOR_ENGINE = `(() => {
  const WAIT_TICK_MS = 30;
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
  const compiled = new Map();
  const compile = (selector) => {
    if (!compiled.has(selector)) {
      compiled.set(selector, split(selector, /,/).map((alternative) => {
        const compounds = split(alternative, /\\s/);
        if (compounds.some((compound) => /^[>+~]/.test(compound))) throw new Error('Only descendant combinators are supported: ' + selector);
        return compounds;
      }));
    }
    return compiled.get(selector);
  };
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
      const css = 'css' in s ? compile(s.css) : undefined;
      for (const element of descendants(scope)) {
        if (css ? matchesCss(element, css, scope)
          : 'role' in s ? roleOf(element) === s.role && (s.name === undefined || matchesText(nameOf(element), s.name)) && isVisible(element) && !isAriaHidden(element)
          : labelsOf(element).some((text) => matchesText(text, s.label))) found.add(element);
      }
    }
    return [...found];
  };
  const resolve = (steps) => steps.reduce(step, [document]);
  const isEnabled = (element) => !element.matches(':disabled') && !element.closest('[aria-disabled="true"]');

  // Waiting in the page: test() at once, after each change of the document (shadow roots are
  // not observed: the timer covers them) and every WAIT_TICK_MS, until it answers something other
  // than undefined, or ms pass (undefined), or the page is being left ({ left: true }).
  // A document being left still runs scripts until it is gone; Firefox never settles a script
  // whose document unloads, so one that starts there answers at once.
  let leaving = false;
  addEventListener('pagehide', () => (leaving = true));
  addEventListener('pageshow', () => (leaving = false));
  const until = (test, ms) => leaving ? Promise.resolve({ left: true }) : new Promise((resolve, reject) => {
    const deadline = Date.now() + ms;
    let timer, scheduled = false;
    const finish = (settle, value) => {
      observer.disconnect();
      clearTimeout(timer);
      removeEventListener('pagehide', onLeave);
      settle(value);
    };
    const onLeave = () => finish(resolve, { left: true });
    const check = () => {
      scheduled = false;
      let value;
      try {
        value = test();
      } catch (error) {
        return finish(reject, error);
      }
      if (value !== undefined) return finish(resolve, value);
      if (Date.now() >= deadline) return finish(resolve, undefined);
      clearTimeout(timer);
      timer = setTimeout(check, Math.min(WAIT_TICK_MS, deadline - Date.now()));
    };
    const observer = new MutationObserver(() => {
      if (!scheduled) (scheduled = true), setTimeout(check);
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    addEventListener('pagehide', onLeave);
    check();
  });

  // The one element of steps once ready(element) answers something other than undefined or
  // { __waiting: why }; more than one match ends at once (Playwright's strictness).
  const one = (steps, ready, ms) => {
    let last = { done: false, count: 0 };
    return until(() => {
      const found = resolve(steps);
      if (found.length > 1) return { done: false, count: found.length, strictness: found.slice(0, 3).map((e) => e.outerHTML.slice(0, 160)) };
      if (found.length === 0) return void (last = { done: false, count: 0 });
      const value = ready(found[0]);
      if (value === undefined || (value && value.__waiting)) return void (last = { done: false, count: 1, waiting: value && value.__waiting });
      return { done: true, element: found[0], value };
    }, ms).then((answer) => answer || last);
  };

  // Where a click on element lands, once it is visible, enabled, stable (the same box over one
  // tick) and the topmost element there; scrolled into view first.
  const boxes = new WeakMap();
  const clickPoint = (element) => {
    if (!isVisible(element)) return { __waiting: 'not visible' };
    if (!isEnabled(element)) return { __waiting: 'disabled' };
    let box = element.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
      element.scrollIntoView({ block: 'center', inline: 'center' });
      box = element.getBoundingClientRect();
    }
    const seen = boxes.get(element);
    const now = Date.now();
    const same = seen && ['top', 'left', 'width', 'height'].every((side) => seen.box[side] === box[side]);
    if (!same) boxes.set(element, { box, at: now });
    if (!same || now - seen.at < WAIT_TICK_MS) return { __waiting: 'moving' };
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const hit = hitAt(x, y);
    if (!isWithin(hit, element)) return { __waiting: 'covered by ' + (hit ? hit.outerHTML.slice(0, 120) : 'nothing (outside the viewport)') };
    return { x, y };
  };
  const hitAt = (x, y) => {
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const isWithin = (node, element) => {
    for (; node; node = composedParent(node)) if (node === element) return true;
    return false;
  };

  // Playwright's hit-target check: the press of the next click must reach element. If the page
  // moves first and the press lands elsewhere, that click is stopped there (all its events), and
  // the guard says so; the driver reads it once the click was delivered.
  const CLICK_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'];
  const guardClick = (element) => {
    if (window.__e2eClickGuard) window.__e2eClickGuard.remove();
    const guard = (window.__e2eClickGuard = { decided: undefined, hit: '' });
    const check = (event) => {
      if (guard.decided === undefined) {
        guard.decided = event.composedPath().includes(element);
        if (!guard.decided) guard.hit = event.composedPath()[0]?.outerHTML?.slice(0, 120) ?? String(event.composedPath()[0]);
      }
      if (!guard.decided) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    for (const type of CLICK_EVENTS) addEventListener(type, check, true);
    guard.remove = () => {
      for (const type of CLICK_EVENTS) removeEventListener(type, check, true);
      if (window.__e2eClickGuard === guard) delete window.__e2eClickGuard;
    };
  };
  const clickOutcome = () => {
    const guard = window.__e2eClickGuard;
    if (!guard) return 'left';
    guard.remove();
    return guard.decided === undefined ? 'unseen' : guard.decided ? 'landed' : 'missed: the press reached ' + guard.hit;
  };

  return { resolve, isVisible, isEnabled, deepText, composedParent, until, one, clickPoint, guardClick, clickOutcome };
})()`;
