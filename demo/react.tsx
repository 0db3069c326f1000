/**
 * The React example (react.html): <PayCheckout> from `pay-checkout/react` (src/react/), its
 * attributes as props and its events as typed `on…` props. React 18 or later.
 */
import { StrictMode, useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import {
  PayCheckout,
  type PayEventDetails,
  type PayEventName,
  type PayFailedEvent,
  type PaySuccessEvent,
} from 'pay-checkout/react';
import { describeCallback, describeEvent, timeOf, type LoggedEvent } from './lib/describe.js';
import { followCallbacks, startCheckout, type CallbackRecord, type CheckoutResponse } from './lib/merchant-api.js';
import { methodsFor, PRESETS } from './lib/shop-data.js';

const CURRENCY = 'INR';
const PAGE_PRESETS = PRESETS.filter((preset) => !preset.rejection && !preset.method);

/** Replaces a callback by id, or adds it: the backend sends a record again once it has read the payin. */
const upsert = (list: CallbackRecord[], record: CallbackRecord) =>
  list.some((r) => r.id === record.id) ? list.map((r) => (r.id === record.id ? record : r)) : [...list, record];

function App() {
  const [presetName, setPresetName] = useState('success');
  const [method, setMethod] = useState('UPIQR');
  const [session, setSession] = useState<CheckoutResponse>();
  const [problem, setProblem] = useState<string>();
  const [outcome, setOutcome] = useState<string>();
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const [callbacks, setCallbacks] = useState<CallbackRecord[]>([]);

  useEffect(() => followCallbacks((record) => setCallbacks((list) => upsert(list, record))), []);

  /** A typed handler that logs the event. */
  const logged =
    <K extends PayEventName>(name: K) =>
    (event: CustomEvent<PayEventDetails[K]>) =>
      setEvents((list) => [...list, { name, detail: event.detail, at: new Date() } as LoggedEvent]);

  async function checkout(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    setOutcome(undefined);
    setEvents([]);
    try {
      setSession(await startCheckout({ preset: presetName, currencyCode: CURRENCY }));
    } catch (error) {
      setProblem(`The merchant backend could not start the checkout: ${(error as Error).message}`);
    }
  }

  const onSuccess = (event: PaySuccessEvent) => {
    logged('pay-success')(event);
    setOutcome(`Paid: ${event.detail.payin.paymentMethodResponse.reference ?? ''}`);
  };
  const onFailed = (event: PayFailedEvent) => {
    logged('pay-failed')(event);
    setOutcome(`Not paid: ${event.detail.failureReasonCode ?? 'failed'}`);
  };

  return (
    <main className="single">
      <section className="panel" aria-labelledby="title">
        <h1 id="title">React</h1>
        <p className="hint">
          Choose what should happen and how to pay, then <strong>Check out</strong>: the shop&apos;s server prices the
          order, and the checkout appears below.
        </p>
        <form onSubmit={checkout} noValidate>
          <div className="field-row">
            <div className="field">
              <label htmlFor="preset">Sandbox scenario</label>
              <select id="preset" value={presetName} onChange={(e) => setPresetName(e.target.value)}>
                {PAGE_PRESETS.map((preset) => (
                  <option key={preset.name} value={preset.name}>
                    {preset.plain} ({preset.amount} {CURRENCY})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="method">Payment method</label>
              <select id="method" value={method} onChange={(e) => setMethod(e.target.value)}>
                {methodsFor(CURRENCY).map((m) => (
                  <option key={m.code} value={m.code}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="primary">
              Check out
            </button>
          </div>
        </form>
        {outcome && (
          <p className="notice" role="status" id="outcome">
            {outcome}
          </p>
        )}
        {session && (
          <PayCheckout
            key={session.idPayin}
            token={session.token}
            baseUrl={session.baseUrl}
            payinId={session.idPayin}
            amount={session.money.amount}
            currencyCode={session.money.currencyCode}
            callbackUrl={session.callbackUrl}
            status-url={session.statusUrl}
            paymentMethodCode={method}
            onPayReady={logged('pay-ready')}
            onPayMethodChange={logged('pay-method-change')}
            onPayCreated={logged('pay-created')}
            onPayStatus={logged('pay-status')}
            onPaySuccess={onSuccess}
            onPayFailed={onFailed}
            onPayRefused={logged('pay-refused')}
            onPayExpired={logged('pay-expired')}
            onPayError={logged('pay-error')}
          />
        )}
      </section>
      <section className="panel logs" aria-label="Logs">
        <h2 id="events-title">Element events</h2>
        <ol className="log" aria-labelledby="events-title" aria-live="polite" tabIndex={0}>
          {events.map((event, i) => (
            <li key={i} className={`log-entry event-${event.name}`} data-event={event.name}>
              <time dateTime={event.at.toISOString()}>{timeOf(event.at)}</time> <code>{event.name}</code>{' '}
              {describeEvent(event)}
            </li>
          ))}
        </ol>
        <h2 id="callbacks-title">Callbacks of your orders, as the merchant backend received them</h2>
        <ol className="log" aria-labelledby="callbacks-title" aria-live="polite" tabIndex={0}>
          {callbacks
            .filter((record) => record.idPayin === session?.idPayin)
            .map((record) => (
              <li
                key={record.id}
                className="log-entry callback"
                data-id-payin={record.idPayin}
                data-status={record.read.state === 'read' ? record.read.status : undefined}
              >
                <time dateTime={record.receivedAt}>{timeOf(new Date(record.receivedAt))}</time>{' '}
                <code>{record.type}</code> {describeCallback(record)}
              </li>
            ))}
        </ol>
      </section>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
