/**
 * The views of a top-up (kind="topup"), a lazy chunk with the top-up kind (TopUpKind) and the
 * top-up words, loaded only for a top-up: the amount the customer chooses (when the page fixed none), the quote before
 * paying ("You pay ₹8,392.50 · You receive $100.00 · 1 USD = 83.925 INR · rate valid until
 * 14:00"), and after the create the platform's own numbers, with any difference from the quote
 * said, and on success the amount credited. The quote is text in a polite live region.
 */
import { html, nothing } from 'lit';
import type { TopUpQuote } from '../../../api/fx.js';
import type { Money } from '../../../api/schemas/request-common.js';
import type { PaymentHost, PaymentKind } from '../../../checkout/payment-kind.js';
import { TopUpKind } from '../../../checkout/topup/kind.js';
import type { TopUpQuoter } from '../../../checkout/topup/quoter.js';
import type { Localizer } from '../../../i18n/localize.js';
import { loadTopUpWords, topUpWords, type TopUpTranslation } from '../../../i18n/topup/terms.js';
import type { ViewHost } from './view-host.js';

export { loadTopUpWords } from '../../../i18n/topup/terms.js';

/** The session's kind: a top-up (the session holds what the element's `kind` asked for). */
export const topUpKind = (host: PaymentHost): PaymentKind => new TopUpKind(host);

/** The top-up words of the element's locale, fetched before it renders in them. */
export const fetchFor = (host: ViewHost) => void loadTopUpWords(host.words.locale);

const termsOf = (host: ViewHost): TopUpTranslation => topUpWords(host.words);
const money = (words: Localizer, value: Money) => words.money(value.amount, value.currencyCode);

/** The session's quote, when its kind is a top-up's. */
const quoterOf = (host: ViewHost): TopUpQuoter | undefined => {
  const kind = host.session.kind.value;
  return kind instanceof TopUpKind ? kind.quoter : undefined;
};

/** "1 USD = 83.925 INR": one unit of the currency worth more, in the other. */
export function rateText(
  words: Localizer,
  t: TopUpTranslation,
  rate: number,
  provided: string,
  required: string,
): string {
  const number = (value: number) =>
    new Intl.NumberFormat(words.lang, { maximumSignificantDigits: 8 }).format(Number(value.toPrecision(8)));
  return rate < 1
    ? t.rateLine(`1 ${required}`, `${number(1 / rate)} ${provided}`)
    : t.rateLine(`1 ${provided}`, `${number(rate)} ${required}`);
}

function quoteLines(
  host: ViewHost,
  flow: TopUpQuoter,
  quote: Pick<TopUpQuote, 'moneyProvided' | 'moneyRequired' | 'rate' | 'validUpTo'>,
) {
  const { words } = host;
  const t = termsOf(host);
  const time =
    quote.validUpTo === undefined
      ? undefined
      : new Intl.DateTimeFormat(words.lang, { hour: '2-digit', minute: '2-digit' }).format(
          flow.toLocal(quote.validUpTo),
        );
  return html`<p class="quote-line"><strong>${t.youPay(money(words, quote.moneyProvided))}</strong> · <strong>${t.youReceive(money(words, quote.moneyRequired))}</strong></p>
    <p class="muted">${rateText(words, t, quote.rate, quote.moneyProvided.currencyCode, quote.moneyRequired.currencyCode)}${time ? html` · ${t.validUntil(time)}` : nothing}</p>`;
}

function renderAmountChoice(host: ViewHost, flow: TopUpQuoter) {
  const { words } = host;
  const t = termsOf(host);
  const topUp = flow.setup!;
  if (topUp.amount !== undefined) return nothing;
  const currency = topUp.mode === 'moneyProvided' ? topUp.currencies.provided : topUp.currencies.required;
  const state = flow.state;
  const shown = (value: number) => words.money(value, currency);
  const bounds = topUp.min !== undefined || topUp.max !== undefined;
  const hint = bounds
    ? t.amountHint(shown(topUp.min ?? 0), topUp.max === undefined ? '∞' : shown(topUp.max))
    : undefined;
  const problem =
    state.kind === 'amount'
      ? state.problem === 'digits'
        ? t.amountDigits
        : t.amountOutOfRange(shown(topUp.min ?? 0), topUp.max === undefined ? '∞' : shown(topUp.max))
      : state.kind === 'no-amount' && flow.tried
        ? t.amountInvalid
        : undefined;
  const typed = flow.chosen;
  const free = bounds || !topUp.presets.length;
  return html`<fieldset class="topup-amount">
    <legend>${t.amountLegend}</legend>
    ${
      topUp.presets.length
        ? html`<div class="methods" role="radiogroup" aria-label=${t.amountLegend}>
          ${topUp.presets.map(
            (preset, index) => html`<label class="method">
              <input type="radio" name="topup-amount" .value=${String(preset)} .checked=${Number(typed) === preset}
                data-field=${index === 0 && !free ? 'topUpAmount' : nothing} @change=${() => flow.choose(String(preset))} />
              <span>${shown(preset)}</span>
            </label>`,
          )}
        </div>`
        : nothing
    }
    ${
      free
        ? html`<div class="field" part="field">
          <label for="f-topUpAmount">${t.amountLabel(currency)}</label>
          ${hint ? html`<span class="hint" id="f-topUpAmount-hint">${hint}</span>` : nothing}
          <input id="f-topUpAmount" data-field="topUpAmount" type="text" inputmode="decimal" autocomplete="off" .value=${typed}
            aria-invalid=${problem ? 'true' : 'false'} aria-describedby=${[hint ? 'f-topUpAmount-hint' : '', problem ? 'f-topUpAmount-error' : ''].filter(Boolean).join(' ') || nothing}
            @input=${(event: Event) => flow.choose((event.target as HTMLInputElement).value)} />
          ${problem ? html`<span class="field-error" id="f-topUpAmount-error" part="error">${problem}</span>` : nothing}
        </div>`
        : problem
          ? html`<p class="field-error" part="error">${problem}</p>`
          : nothing
    }
  </fieldset>`;
}

/** The amount (when the customer chooses it) and the quote, above the methods. */
export function renderTopUp(host: ViewHost) {
  const flow = quoterOf(host);
  if (!flow?.setup) return nothing;
  const t = termsOf(host);
  const state = flow.state;
  const refresh = html`<button type="button" @click=${() => void flow.refresh()}>${t.refreshQuote}</button>`;
  const body =
    state.kind === 'quoted'
      ? quoteLines(host, flow, state.quote)
      : state.kind === 'loading'
        ? html`<p class="muted">${t.quoteRefreshing}</p>`
        : state.kind === 'expired'
          ? html`<p class="error" part="error">${t.quoteExpired}</p>${refresh}`
          : state.kind === 'no-rate'
            ? html`<p class="error" part="error">${t.noRate}</p>${refresh}`
            : nothing;
  return html`${renderAmountChoice(host, flow)}
    <section class="quote" part="quote" aria-label=${t.quoteLabel} aria-live="polite" aria-atomic="true">
      ${flow.refreshed && state.kind === 'quoted' ? html`<p class="error" part="error">${t.quoteRefreshed}</p>` : nothing}${body}
    </section>`;
}

/** The pay button's words: the quote's amount to pay, or plain "Pay" without a valid quote. */
export function payLabel(host: ViewHost): string | undefined {
  const state = quoterOf(host)?.state;
  if (!state) return undefined;
  return state.kind === 'quoted'
    ? termsOf(host).payAmount(money(host.words, state.quote.moneyProvided))
    : termsOf(host).pay;
}

/** After the create: the platform's own numbers, what changed since the quote, and the credit. */
export function renderTopUpSummary(host: ViewHost) {
  const { session, words } = host;
  const flow = quoterOf(host);
  const phase = session.phase;
  const carried = (phase.name === 'pending' || phase.name === 'final') && phase.payment.carried;
  const record = carried && 'topUp' in carried ? carried.topUp : undefined;
  if (!flow || !record || !record.moneyProvided || !record.moneyRequired) return nothing;
  const t = termsOf(host);
  const quoted = flow.quoted;
  const paid: Money = record.moneyProvided;
  const credit: Money = record.moneyRequired;
  const changed =
    quoted &&
    (quoted.moneyProvided.amount !== paid.amount
      ? t.rateChanged(money(words, paid))
      : quoted.moneyRequired.amount !== credit.amount
        ? t.creditChanged(money(words, credit))
        : undefined);
  const success = phase.name === 'final' && phase.status === 'SUCCESS';
  return html`<section class="quote" part="quote" aria-label=${t.quoteLabel}>
    ${record.rate ? quoteLines(host, flow, { moneyProvided: paid, moneyRequired: credit, rate: record.rate }) : nothing}
    ${changed ? html`<p class="error" part="error" role="alert">${changed}</p>` : nothing}
    ${success ? html`<p class="credited"><strong>${t.credited(money(words, credit))}</strong></p>` : phase.name === 'pending' ? html`<p class="muted">${t.pendingCredit(money(words, credit))}</p>` : nothing}
  </section>`;
}
