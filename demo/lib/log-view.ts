/**
 * The two live logs of the plain-DOM demo pages: the element's events, and the callbacks the
 * merchant backend received. Each entry carries data attributes (`data-event`, `data-status`,
 * `data-id-payin`) that a reader's tools and the end-to-end tests can find.
 */
import type { PayEventName } from 'pay-checkout';
import { describeCallback, describeEvent, PAY_EVENT_NAMES, timeOf, type LoggedEvent } from './describe.js';
import type { CallbackRecord } from './merchant-api.js';

function entry(className: string, at: Date, label: string, text: string): HTMLLIElement {
  const item = document.createElement('li');
  item.className = className;
  const time = document.createElement('time');
  time.dateTime = at.toISOString();
  time.textContent = timeOf(at);
  const code = document.createElement('code');
  code.textContent = label;
  const body = document.createElement('span');
  body.className = 'log-text';
  body.textContent = text;
  item.append(time, ' ', code, ' ', body);
  return item;
}

function jsonDetails(value: unknown): HTMLDetailsElement {
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = 'detail';
  const pre = document.createElement('pre');
  pre.textContent = JSON.stringify(value, null, 2);
  details.append(summary, pre);
  return details;
}

/** The element's events, newest last. */
export function createEventLog(list: HTMLOListElement) {
  const scrollToEnd = () => (list.scrollTop = list.scrollHeight);
  return {
    /** Logs every event of `target` (the element, or anything it bubbles to) until the returned function is called. */
    attach(target: EventTarget): () => void {
      const listeners = PAY_EVENT_NAMES.map((name) => {
        const listener = (event: Event) =>
          this.add({ name, detail: (event as CustomEvent).detail, at: new Date() } as LoggedEvent);
        target.addEventListener(name, listener);
        return [name, listener] as const;
      });
      return () => listeners.forEach(([name, listener]) => target.removeEventListener(name, listener));
    },
    add(event: LoggedEvent): void {
      const item = entry(`log-entry event-${event.name}`, event.at, event.name, describeEvent(event));
      item.dataset.event = event.name satisfies PayEventName;
      if (event.name === 'pay-status') item.dataset.status = (event.detail as { status: string }).status;
      item.append(jsonDetails(event.detail));
      list.append(item);
      scrollToEnd();
    },
    /** A line of the page's own (a reload, a clock move), set apart from the element's events. */
    note(text: string): void {
      const item = entry('log-entry log-note', new Date(), 'demo', text);
      list.append(item);
      scrollToEnd();
    },
    clear(): void {
      list.replaceChildren();
    },
  };
}

/** The merchant's callbacks: one entry per callback, updated once the payin has been read. */
export function createCallbackList(
  list: HTMLOListElement,
  isCurrent: (idPayin: string | undefined) => boolean = () => false,
) {
  const items = new Map<number, HTMLLIElement>();
  return {
    upsert(record: CallbackRecord): void {
      const item = entry('log-entry callback', new Date(record.receivedAt), record.type, describeCallback(record));
      item.dataset.callbackId = String(record.id);
      if (record.idPayin) item.dataset.idPayin = record.idPayin;
      item.dataset.read = record.read.state;
      if (record.read.state === 'read') item.dataset.status = record.read.status;
      item.classList.toggle('current', isCurrent(record.idPayin));
      const previous = items.get(record.id);
      if (previous) previous.replaceWith(item);
      else list.append(item);
      items.set(record.id, item);
      list.scrollTop = list.scrollHeight;
    },
    /** Marks the entries of the current payin again (after a new checkout starts). */
    refresh(): void {
      for (const item of items.values()) item.classList.toggle('current', isCurrent(item.dataset.idPayin));
    },
  };
}
