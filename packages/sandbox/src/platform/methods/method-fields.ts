/**
 * The building blocks of a method response (methods/method-responses.ts): what the request gave,
 * the operator, QR payloads, amounts and deadlines in words, and the two shapes several methods
 * share (a redirect, a bank transfer), each derived from the request and the payment's idPayment.
 */
import type { Money, PayinMethod } from '../../shared.js';
import { operatorsFor, type Operator } from './catalog.js';
import { timeInWords } from '../../state/clock.js';
import { emvQrPayload, type QrSchemeName } from './emv-qr.js';
import { decreasedAmount, digitsFrom } from './identifiers.js';
import type { Merchant } from '../../state/merchants.js';

export interface MethodResponseInput {
  method: PayinMethod;
  /** The money the customer is asked for. */
  money: Money;
  idPayin: string;
  idPayment: string;
  reference: string;
  acceptedAt: number;
  expireAt: number;
  returnUrl?: string;
  merchant: Merchant;
  /** The simulated bank or wallet page of this payment (redirectTo, deeplink). */
  pageUrl: string;
}

export type Fields = Record<string, unknown>;

const MERCHANT_CITY: Record<string, string> = {
  BRL: 'Sao Paulo',
  IDR: 'Jakarta',
  PHP: 'Manila',
  VND: 'Ha Noi',
  THB: 'Bangkok',
  MYR: 'Kuala Lumpur',
  ZAR: 'Cape Town',
  LAK: 'Vientiane',
};

/** Drops undefined values and empty objects, so absent request data stays absent. */
export function compact(fields: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = compact(value as Fields);
      if (Object.keys(inner).length) out[key] = inner;
      continue;
    }
    out[key] = value;
  }
  return out;
}

export class Builder {
  constructor(readonly input: MethodResponseInput) {}

  get method(): PayinMethod & Fields {
    return this.input.method as PayinMethod & Fields;
  }

  /** The operator chosen in the request, or the first one offered (the platform's default). */
  operator(defaultToFirst = true): Operator | undefined {
    const offered = operatorsFor(this.method.paymentMethodCode, this.input.money.currencyCode);
    const chosen = offered.find((op) => op.code === this.method.paymentOperatorCode);
    return chosen ?? (defaultToFirst ? offered[0] : undefined);
  }

  accountCustomer(withPhone = false): Fields {
    return {
      accountName: this.method.account?.accountName,
      accountNumber: this.method.account?.accountNumber ?? (withPhone ? this.method.phoneNumber : undefined),
    };
  }

  echo(...keys: string[]): Fields {
    return Object.fromEntries(keys.map((key) => [key, this.method[key]]));
  }

  location(): Fields | undefined {
    const location = this.method.paymentLocation as Fields | undefined;
    return location
      ? {
          postalCode: location.postalCode,
          city: location.city,
          district: location.district ?? location.disctrict,
        }
      : undefined;
  }

  qr(scheme: QrSchemeName, amount = this.input.money.amount): string {
    return emvQrPayload(scheme, {
      amount,
      currencyCode: this.input.money.currencyCode,
      merchantName: this.input.merchant.channelName,
      merchantCity: MERCHANT_CITY[this.input.money.currencyCode] ?? 'Sandbox',
      reference: this.input.reference,
    });
  }

  decreasedMoney(): Money {
    return {
      amount: decreasedAmount(this.input.money.amount, this.input.money.currencyCode, this.input.idPayment),
      currencyCode: this.input.money.currencyCode,
    };
  }

  digits(length: number, purpose: string) {
    return digitsFrom(this.input.idPayment, length, purpose);
  }

  amountText(money: Money = this.input.money) {
    return `${money.amount} ${money.currencyCode}`;
  }

  /** The payment's deadline as people read it (instructions are text for the shopper, not data). */
  deadline() {
    return timeInWords(this.input.expireAt);
  }
}

export const redirect = (b: Builder): Fields => ({ redirectTo: b.input.pageUrl });

export const bankTransfer = (b: Builder, bank: Operator | undefined, accountNumber: string, pay: Money): Fields => ({
  account: {
    accountNumber,
    accountName: b.input.merchant.channelName,
    bankName: bank?.name,
    bankCode: bank?.code,
  },
  paymentInstructionList: [
    {
      title: `Transfer with ${bank?.name ?? 'your bank'}`,
      steps: [
        'Open your banking app or internet banking, or visit a branch.',
        `Transfer exactly ${b.amountText(pay)} to account ${accountNumber} (${b.input.merchant.channelName}).`,
        `Enter the reference ${b.input.reference} so the payment can be matched.`,
        `Pay before ${b.deadline()}.`,
      ],
    },
  ],
});
