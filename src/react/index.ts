/**
 * pay-checkout/react: <pay-checkout> as a React component. Attributes and properties pass as
 * props; the element's events arrive as typed `on…` props (`onPayStatus` gets a PayStatusEvent).
 *
 * The element is imported, not copied: the published build points this import at the package's
 * own element entry, so a page that also loads `pay-checkout` defines the element once.
 */
import * as React from 'react';
import { createComponent, type EventName, type ReactWebComponent } from '@lit/react';
import { PayCheckout as PayCheckoutElement } from '../pay-checkout.js';
import type { PayEventDetails, PayEventName } from '../events/index.js';

type PascalCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${PascalCase<Tail>}`
  : Capitalize<S>;

/** `pay-status` → `onPayStatus`, typed with the event's detail. */
export type PayEventProps = {
  [K in PayEventName as `on${PascalCase<K>}`]: K & EventName<CustomEvent<PayEventDetails[K]>>;
};

const on = <K extends PayEventName>(name: K) => name as K & EventName<CustomEvent<PayEventDetails[K]>>;

// `satisfies` makes the compiler check that every event has its prop, under the right name.
const events = {
  onPayReady: on('pay-ready'),
  onPayMethodChange: on('pay-method-change'),
  onPayChange: on('pay-change'),
  onPayCreated: on('pay-created'),
  onPayStatus: on('pay-status'),
  onPaySuccess: on('pay-success'),
  onPayFailed: on('pay-failed'),
  onPayRefused: on('pay-refused'),
  onPayExpired: on('pay-expired'),
  onPayError: on('pay-error'),
  onPayTokenExpiring: on('pay-token-expiring'),
} satisfies PayEventProps;

export const PayCheckout: ReactWebComponent<PayCheckoutElement, PayEventProps> = createComponent({
  tagName: 'pay-checkout',
  elementClass: PayCheckoutElement,
  react: React,
  events,
  displayName: 'PayCheckout',
});

export type PayCheckoutProps = React.ComponentProps<typeof PayCheckout>;
export type { PayCheckoutElement };
export type * from '../events/index.js';
