/**
 * CheckoutController: what runs <pay-checkout>'s checkout, as a reactive controller of the
 * element. It starts a CheckoutSession from the element's attributes (a new one when they name
 * another payment), gives it the element's lazy views (a payment's, a top-up's), fetches what the
 * view on screen needs before the element renders it, and turns what the session reports into the
 * element's updates, focus, announcements and events.
 */
import type { PropertyValues, ReactiveController, ReactiveElement } from 'lit';
import { Lazy } from '../../api/lazy.js';
import type { FetchCheckout } from '../../api/schemas/checkout-response.js';
import type { SessionInput } from '../../checkout/payment-kind.js';
import { CheckoutSession, type SessionReport } from '../../checkout/session.js';
import { LocalizeController, type Localizer } from '../../i18n/localize.js';
import { statusText } from '../../i18n/texts.js';
import { loadWords } from '../../i18n/words.js';
import { adoptMore } from './adopt-styles.js';
import { loadPaymentViews, loadTopUpViews } from './views/load-views.js';
import { formWordsHere } from './views/select-view.js';
import { wantRules } from '../../checkout/form-rules.js';
import { focusSelector, type ViewHost } from './views/view-host.js';

/** The element as its controller reads it: its attributes and its display settings. */
export type CheckoutElement = ReactiveElement &
  SessionInput & {
    token?: string;
    fetchCheckout?: FetchCheckout;
    locale?: string;
    allowCustomerDataChange: boolean;
    showDeepLink: boolean;
    submitButton: string;
  };

/**
 * Attributes whose change means another payment: the checkout starts again. A fresh `fxRate` is
 * not one: the quote reads it as it is set.
 */
const IDENTITY = [
  'baseUrl',
  'payinId',
  'amount',
  'currencyCode',
  'apiVersion',
  'checkoutUrl',
  'kind',
  'topupId',
  'creditAmount',
  'creditCurrency',
  'amountPresets',
  'minAmount',
  'maxAmount',
] as const;

export class CheckoutController implements ReactiveController {
  session?: CheckoutSession;
  /** What the element's polite live region says (a status change, a copy). */
  announcement = '';
  /** A payment's views (and what follows it), with their own styles beside the element's. */
  readonly views = new Lazy(
    () =>
      loadPaymentViews(this.words).then((views) => {
        adoptMore(this.host.renderRoot as ShadowRoot, views.styles);
        return views;
      }),
    () => this.host.requestUpdate(),
  );
  /** A top-up's kind, views and words (kind="topup"). */
  readonly topUp = new Lazy(
    () => loadTopUpViews(this.words),
    () => this.host.requestUpdate(),
  );
  private readonly localize: LocalizeController;
  private startedFor?: string;
  private reflectedState = 'loading';
  private focusAfterRender?: string;

  constructor(private readonly host: CheckoutElement) {
    host.addController(this);
    this.localize = new LocalizeController(host);
  }

  get words(): Localizer {
    return this.localize.words;
  }

  /** The words of trouble in the element's locale: a pay-error or a submit() refusal waits for them. */
  readonly loadTroubleWords = () => loadWords(this.localize.tag, 'more');

  hostConnected(): void {
    // Reconnected: read the payment's true state again.
    if (this.host.hasUpdated) this.restart();
  }

  hostDisconnected(): void {
    this.session?.dispose();
    this.startedFor = undefined;
  }

  /** Before the element updates: another payment starts again, a fresh token is used, and the view's needs are fetched. */
  willUpdate(changed: PropertyValues): void {
    // A removed element may still finish an update (a chunk or a request that resolved late):
    // it starts again when it is connected again, not before.
    const { host } = this;
    if (!host.isConnected) return;
    const tokenChanged = changed.has('token');
    const state = this.session?.state ?? 'loading';
    if (
      this.startedFor !== this.identity() ||
      ((tokenChanged || changed.has('fetchCheckout')) && (state === 'error' || state === 'loading'))
    ) {
      this.restart();
    } else if (tokenChanged && host.token) {
      // A fresh token for the same payment (e.g. the old one expired): used from now on.
      this.session?.useToken(host.token);
    }
    const view = this.viewHost();
    if (!view) return;
    // What the view on screen needs and is not here yet, fetched before it renders.
    // The words of trouble, or those of the chosen method's form (a locale's second part, word-parts.ts).
    if (this.session?.state === 'error' || !formWordsHere(view)) this.loadTroubleWords().catch(() => undefined);
    // And the rules of the chosen method's form, when it is not of the QR family (form-rules.ts).
    wantRules(this.session?.form.selectedCode, () => this.session?.requestUpdate());
    this.views.value?.fetchFor(view);
    this.topUp.value?.fetchFor(view);
  }

  hostUpdated(): void {
    if (!this.focusAfterRender) return;
    const target = this.host.renderRoot.querySelector<HTMLElement>(this.focusAfterRender);
    // The view to focus may not be there yet (a payment's views load as a chunk): keep asking.
    if (!target) return;
    this.focusAfterRender = undefined;
    target.focus();
  }

  private identity(): string {
    return JSON.stringify(IDENTITY.map((key) => this.host[key]));
  }

  /** Starts (again) from the page's attributes: a new session, keeping what the customer typed. */
  readonly restart = (): void => {
    const { host } = this;
    const earlier = this.session;
    earlier?.dispose();
    if (earlier) host.removeController(earlier);
    this.startedFor = this.identity();
    this.focusAfterRender = undefined;
    const session: CheckoutSession = (this.session = new CheckoutSession({
      input: () => host,
      words: () => this.words,
      loadWords: () => loadWords(this.localize.tag, 'checkout'),
      loadTroubleWords: this.loadTroubleWords,
      loadViews: () => this.views.get(),
      kind:
        host.kind === 'topup' ? (kindHost) => this.topUp.get().then((views) => views.topUpKind(kindHost)) : undefined,
      report: (report) => session === this.session && this.onReport(report),
      earlierForm: earlier?.form,
    }));
    host.addController(session);
    session.start();
    this.onReport({ type: 'update' });
  };

  private onReport(report: SessionReport): void {
    const { host } = this;
    if (report.type === 'update') {
      // The reflected state follows the phase: tell Lit what it was, so it reflects the change.
      const was = this.reflectedState;
      this.reflectedState = this.session!.state;
      host.requestUpdate('state', was);
      return host.requestUpdate();
    }
    if (report.type === 'focus') {
      this.focusAfterRender = focusSelector(report.target);
      return host.requestUpdate();
    }
    if (report.name === 'pay-status') this.announce(statusText(this.words, report.detail.status));
    if (report.name === 'pay-expired')
      void this.loadTroubleWords().then(() => this.announce(this.words.term('expired')));
    host.dispatchEvent(new CustomEvent(report.name, { detail: report.detail, bubbles: true, composed: true }));
  }

  private readonly announce = (text: string): void => {
    this.announcement = text;
    this.host.requestUpdate();
  };

  /** What the views may read and do, while a session runs. */
  viewHost(): ViewHost | undefined {
    const { session, host } = this;
    if (!session) return undefined;
    return {
      session,
      words: this.words,
      allowCustomerDataChange: host.allowCustomerDataChange,
      showDeepLink: host.showDeepLink,
      submitButton: host.submitButton,
      topUp: this.topUp.value,
      announce: this.announce,
      adopt: (styles) => adoptMore(host.renderRoot as ShadowRoot, styles),
      retry: this.restart,
    };
  }
}
