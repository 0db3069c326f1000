/**
 * The shop's code panel: two tabs (the page's markup, the server's code) and their Copy buttons.
 * The tabs follow the ARIA tabs pattern: arrow keys, Home and End move between them.
 */
import { byId } from './dom.js';

function setUpTabs(list: HTMLElement): void {
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const select = (chosen: HTMLButtonElement) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      byId(tab.getAttribute('aria-controls')!).hidden = !selected;
    }
  };
  for (const tab of tabs) tab.addEventListener('click', () => select(tab));
  list.addEventListener('keydown', (event) => {
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    tab.focus();
    select(tab);
  });
}

/** Copies the text of the code block; where the clipboard is refused, selects it for Ctrl+C. */
async function copy(code: HTMLElement, status: HTMLElement): Promise<void> {
  status.dataset.about = code.id;
  try {
    await navigator.clipboard.writeText(code.textContent ?? '');
    status.textContent = 'Copied.';
  } catch {
    getSelection()?.selectAllChildren(code);
    status.textContent = 'The browser refused the clipboard: the code is selected, press Ctrl+C (⌘C on a Mac).';
  }
}

export function setUpCodePanel(): { show(id: 'markup-snippet' | 'server-snippet', text: string): void } {
  setUpTabs(document.querySelector<HTMLElement>('.code [role="tablist"]')!);
  const status = byId('copy-status');
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.addEventListener('click', () => void copy(byId(button.dataset.copy!), status));
  }
  return {
    show(id, text) {
      const code = byId(id);
      if (code.textContent === text) return;
      code.textContent = text;
      // What was copied is no longer what this block shows; the other block's copy still holds.
      if (status.dataset.about === id) status.textContent = '';
    },
  };
}
