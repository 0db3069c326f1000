/**
 * The external-reference step: after paying outside the checkout (IMPS, UPI), the customer
 * enters the 12-digit UTR their bank shows, and it is sent to the platform.
 */
import { html, nothing } from 'lit';
import type { PendingViewContext } from './types.js';

export function referenceStep(view: PendingViewContext, required: boolean) {
  const { words, reference, response } = view;
  const onFile = response.externalReference?.reference;
  if (onFile) return html`<p class="note" part="instructions">${words.term('referenceOnFile', onFile)}</p>`;
  if (reference.state === 'none') return nothing;
  if (reference.state === 'sent') return html`<p class="note">${words.term('referenceSent')}</p>`;
  const sending = reference.state === 'sending';
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const input = (event.target as HTMLFormElement).querySelector('input')!;
    view.actions.submitReference(input.value);
  };
  return html`<form class="reference" novalidate @submit=${onSubmit}>
    <h3>${words.term('referenceTitle')}</h3>
    <p class="hint" id="utr-hint">${required ? words.term('referenceRequiredHint') : words.term('referenceOptionalHint')}</p>
    <div class="field" part="field">
      <label for="utr">${words.lookup('fields', 'externalReference.reference')}</label>
      <input id="utr" data-field="externalReference.reference" type="text" inputmode="numeric" autocomplete="off" maxlength="20"
        ?required=${required} ?disabled=${sending}
        aria-invalid=${reference.state === 'error' ? 'true' : 'false'}
        aria-describedby=${reference.state === 'error' ? 'utr-hint utr-error' : 'utr-hint'} />
      ${reference.state === 'error' ? html`<span class="field-error" id="utr-error" part="error" role="alert">${reference.error}</span>` : nothing}
    </div>
    <button type="submit" ?disabled=${sending}>${sending ? words.term('sendingReference') : words.term('sendReference')}</button>
  </form>`;
}
