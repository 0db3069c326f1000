/**
 * The building blocks (parts.ts) only the views outside the QR family show: the platform's
 * instructions, and "Copy all details" below a transfer's details. A module of its own, so they
 * travel in those views' chunk (other-views.ts) and a shopper paying by QR never downloads them.
 */
import { html, nothing } from 'lit';
import { copyButton, detailList, moneyToPay, type Detail, type Part } from './parts.js';
import type { PendingViewContext } from './types.js';

/** The bank a transfer goes to: the account's, else the platform's operator. */
export const transferBank = ({ response }: PendingViewContext): string | undefined =>
  response.account?.bankName ?? response.paymentOperator?.name;

/** The details of a transfer: the bank, the account's name and number, the reference (the last two copyable). */
export function transferDetails(view: PendingViewContext): Detail[] {
  const { words, response } = view;
  const { account, paymentAddress } = response;
  return [
    { label: words.term('bankName'), value: transferBank(view) },
    { label: words.term('accountName'), value: account?.accountName ?? paymentAddress?.name },
    {
      label: words.term('accountNumber'),
      value: account?.accountNumber ?? paymentAddress?.idAddress,
      copy: true,
      group: true,
    },
    { label: words.term('reference'), value: response.reference, copy: true },
  ];
}

/**
 * Labelled details with one more button, which copies every detail and the amount at once, one
 * per line, for a shopper who pastes them into a banking app or a note (transfers).
 */
export function detailListWithCopyAll(
  view: PendingViewContext,
  rows: Detail[],
  options: { label?: string } = {},
): Part {
  const { words } = view;
  const pay = moneyToPay(view);
  const all = [
    `${words.term('amountToPay')}: ${words.money(pay.amount, pay.currencyCode)}`,
    ...rows.filter((row) => row.value).map((row) => `${row.label}: ${row.value}`),
  ].join('\n');
  const after = html`<div class="copy-all">${copyButton(view, all, words.term('allDetails'), { caption: words.term('copyAll') })}</div>`;
  return detailList(view, rows, { ...options, after });
}

/** The text of one instruction item: a title and its steps, or nothing readable. */
export function instructionText(item: unknown): { title?: string; steps: string[] } | undefined {
  if (typeof item === 'string') return { steps: [item] };
  if (!item || typeof item !== 'object') return undefined;
  const { title, text, steps } = item as Record<string, unknown>;
  const lines = Array.isArray(steps)
    ? steps.filter((step): step is string => typeof step === 'string')
    : typeof text === 'string'
      ? [text]
      : [];
  if (!lines.length && typeof title !== 'string') return undefined;
  return { title: typeof title === 'string' ? title : undefined, steps: lines };
}

/** paymentInstructionList as headed, ordered steps. */
export function instructions(view: PendingViewContext): Part {
  const list = view.response.paymentInstructionList;
  if (!list?.length) return nothing;
  return html`<section class="instructions" part="instructions" aria-label=${view.words.term('instructions')}>
    <h3>${view.words.term('instructions')}</h3>
    ${list.map((item) => {
      const readable = instructionText(item);
      return readable
        ? html`${readable.title ? html`<h4>${readable.title}</h4>` : nothing}
            ${readable.steps.length ? html`<ol>${readable.steps.map((step) => html`<li>${step}</li>`)}</ol>` : nothing}`
        : nothing;
    })}
  </section>`;
}
