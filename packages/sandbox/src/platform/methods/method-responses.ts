/**
 * What the emulator answers in `paymentMethodResponse`, per method code: one profile per code
 * (its expiry family and its fields), so a method's look is one entry, not a branch elsewhere.
 * Everything is derived from the request and the payment's idPayment, so create and GET agree.
 */
import type { TablePayinMethodCode } from '../../shared.js';
import { Builder, bankTransfer, compact, redirect, type Fields, type MethodResponseInput } from './method-fields.js';
import { ethereumAddress, tronAddress } from './identifiers.js';
import { SCENARIO_AMOUNTS } from '../scenarios.js';

export type { MethodResponseInput } from './method-fields.js';

type Expiry = 'qr' | 'redirect' | 'offline';

/** How long a payment request stays payable, per method family (the document gives none). */
export const EXPIRY_SECONDS: Readonly<Record<Expiry, number>> = {
  qr: 15 * 60,
  redirect: 30 * 60,
  offline: 24 * 3600,
};

interface MethodProfile {
  expiry: Expiry;
  build(b: Builder): Fields;
}

export const METHOD_PROFILES: Readonly<Record<TablePayinMethodCode, MethodProfile>> = {
  ABSA_PAY: {
    expiry: 'redirect',
    build: (b) => ({
      ...redirect(b),
      account: { accountNumber: b.method.account?.accountNumber },
      accountCustomer: { accountName: b.method.account?.accountName },
      ...b.echo('passportNumber', 'said'),
    }),
  },
  CAPITEC_PAY: {
    expiry: 'redirect',
    build: (b) => ({
      ...redirect(b),
      account: { accountNumber: b.method.account?.accountNumber },
      accountCustomer: { accountName: b.method.account?.accountName },
    }),
  },
  NEDBANK_DIRECT_EFT: {
    expiry: 'redirect',
    build: (b) => ({ ...redirect(b), accountCustomer: b.accountCustomer() }),
  },
  PAY_ME: { expiry: 'redirect', build: redirect },
  PAYSHAP: {
    expiry: 'redirect',
    build: (b) => ({
      ...redirect(b),
      accountCustomer: b.accountCustomer(),
      ...b.echo('emailAddress', 'said'),
    }),
  },
  ONLINE: { expiry: 'redirect', build: (b) => ({ ...redirect(b), paymentOperator: b.operator(false) }) },
  FPX: {
    expiry: 'redirect',
    build: (b) => ({ ...redirect(b), paymentOperator: b.operator(false), ...b.echo('emailAddress') }),
  },
  PSE: { expiry: 'redirect', build: (b) => ({ ...redirect(b), paymentOperator: b.operator(false) }) },
  EWALLET: {
    expiry: 'redirect',
    build: (b) => ({
      ...redirect(b),
      paymentOperator: b.operator(false),
      accountCustomer: b.accountCustomer(),
    }),
  },
  MOMOPAY: { expiry: 'redirect', build: redirect },
  NETBANKING: {
    expiry: 'redirect',
    build: (b) => ({
      deeplink: b.input.pageUrl,
      upiId: `demoshop.${b.digits(6, 'vpa')}@sbxupi`,
      paymentOperator: b.operator(),
      ...b.echo('phoneNumber', 'emailAddress'),
    }),
  },
  // A QR to scan: the customer's UPI ID, when given, is echoed as the payer's address (it skips
  // the UTR step); a UPIQR payin sends no collect request, which is UPICOLLECT's flow.
  UPIQR: {
    expiry: 'qr',
    build: (b) => {
      const link = `upi://pay?pa=demoshop.${b.digits(6, 'vpa')}@sbxupi&pn=${encodeURIComponent(b.input.merchant.channelName)}&am=${b.input.money.amount.toFixed(2)}&cu=INR&tr=${b.input.reference}&tn=${encodeURIComponent(`Order ${b.input.idPayin}`)}`;
      return {
        upiQrDeepLink: link,
        accountCustomer: { accountName: b.method.account?.accountName },
        ...b.echo('upiId', 'phoneNumber'),
      };
    },
  },
  UPICOLLECT: {
    expiry: 'qr',
    build: (b) => ({
      accountCustomer: { accountName: b.method.account?.accountName },
      ...b.echo('phoneNumber'),
      paymentInstructionList: [
        {
          title: 'Approve the request',
          steps: [
            'Open your UPI app.',
            `Approve the collect request of ${b.amountText()} from ${b.input.merchant.channelName} before ${b.deadline()}.`,
          ],
        },
      ],
    }),
  },
  P2A_V2: {
    expiry: 'offline',
    build: (b) => {
      const accountNumber = `9170${b.digits(10, 'p2a')}`;
      return {
        account: { accountNumber, accountName: b.input.merchant.channelName },
        paymentAddress: { name: b.input.merchant.channelName, idAddress: accountNumber },
        paymentOperator: b.operator(),
        paymentInstructionList: [
          {
            title: 'Pay by IMPS, then give the reference',
            steps: [
              `Send exactly ${b.amountText()} by IMPS to account ${accountNumber} (${b.input.merchant.channelName}).`,
              'Copy the 12-digit UTR (transaction reference) your bank shows.',
              `Enter the UTR on the payment page before ${b.deadline()} to complete the payment.`,
            ],
          },
        ],
      };
    },
  },
  MOBILE_MONEY: {
    expiry: 'qr',
    build: (b) => {
      const operator = b.operator();
      return {
        accountCustomer: b.accountCustomer(true),
        paymentOperator: operator,
        ...b.echo('phoneNumber', 'emailAddress'),
        paymentInstructionList: [
          {
            title: `Approve on your phone (${operator?.name ?? 'mobile money'})`,
            steps: [
              `A payment prompt of ${b.amountText()} was sent to ${b.method.phoneNumber}.`,
              `Enter your PIN to approve it before ${b.deadline()}.`,
            ],
          },
        ],
      };
    },
  },
  CRYPTO_OFFLINE: {
    expiry: 'offline',
    build: (b) => {
      const operator = b.operator()!;
      const address = operator.code === 'ERC20' ? ethereumAddress(b.input.idPayment) : tronAddress(b.input.idPayment);
      return {
        paymentOperator: operator,
        account: { accountNumber: address, accountName: b.input.merchant.channelName },
        ...b.echo('emailAddress'),
        paymentInstructionList: [
          {
            title: `Send ${b.input.money.currencyCode} on ${operator.name}`,
            steps: [
              `Send exactly ${b.amountText()} to ${address} before ${b.deadline()}.`,
              `Use the ${operator.name} network only; other networks lose the funds.`,
            ],
          },
        ],
      };
    },
  },
  VAPAY: {
    expiry: 'offline',
    build: (b) => {
      const bank = b.operator();
      return {
        ...bankTransfer(b, bank, `8808${b.digits(12, 'va')}`, b.input.money),
        paymentOperator: bank,
        accountCustomer: b.accountCustomer(),
        ...b.echo('emailAddress', 'phoneNumber'),
        paymentLocationCustomer: b.location(),
      };
    },
  },
  CODE_PAYMENT: {
    expiry: 'offline',
    build: (b) => {
      const store = b.operator()!;
      const code = `LL${b.digits(12, 'code')}`;
      return {
        account: { accountNumber: code, bankName: store.name },
        paymentOperator: store,
        accountCustomer: { accountName: b.method.account?.accountName },
        ...b.echo('phoneNumber', 'emailAddress'),
        paymentLocationCustomer: b.location() ?? {},
        paymentInstructionList: [
          {
            title: `Pay at ${store.name}`,
            steps: [
              `Show the payment code ${code} at the kiosk or counter.`,
              `Pay ${b.amountText()} in cash before ${b.deadline()}.`,
            ],
          },
        ],
      };
    },
  },
  OFFLINE: {
    expiry: 'offline',
    build: (b) => {
      const bank = b.operator();
      const currency = b.input.money.currencyCode;
      const moneyRequired =
        b.input.money.amount === SCENARIO_AMOUNTS.offlineMoneyRequired ? b.decreasedMoney() : undefined;
      const pay = moneyRequired ?? b.input.money;
      const transfer: Fields =
        currency === 'VND' || currency === 'LAK'
          ? { qrCode: b.qr(currency === 'VND' ? 'VIETQR' : 'LAO_QR', pay.amount), qrName: bank?.name }
          : bankTransfer(b, bank, `${b.digits(12, 'offline')}`, pay);
      return {
        ...transfer,
        moneyRequired,
        paymentOperator: bank,
        accountCustomer: b.accountCustomer(),
        ...b.echo('phoneNumber', 'emailAddress', 'taxId', 'productId'),
      };
    },
  },
  PIXQR: { expiry: 'qr', build: (b) => ({ qrRawData: b.qr('PIXQR') }) },
  QRISPAY: { expiry: 'qr', build: (b) => ({ qrRawData: b.qr('QRISPAY') }) },
  QRPH: { expiry: 'qr', build: (b) => ({ qrRawData: b.qr('QRPH') }) },
  VIETQR: { expiry: 'qr', build: (b) => ({ qrRawData: b.qr('VIETQR'), ...b.echo('emailAddress') }) },
  ZAPPER_QR: { expiry: 'qr', build: (b) => ({ qrRawData: b.qr('ZAPPER_QR') }) },
  PROMPTPAY: {
    expiry: 'qr',
    build: (b) => {
      const moneyRequired = b.decreasedMoney();
      return {
        qrRawData: b.qr('PROMPTPAY', moneyRequired.amount),
        moneyRequired,
        accountCustomer: b.accountCustomer(),
      };
    },
  },
  DUITNOW: {
    expiry: 'qr',
    build: (b) => {
      const moneyRequired = b.decreasedMoney();
      return {
        qrRawData: b.qr('DUITNOW', moneyRequired.amount),
        moneyRequired,
        accountCustomer: b.accountCustomer(),
        paymentOperator: b.operator(),
      };
    },
  },
};

export const expirySecondsFor = (code: string) =>
  EXPIRY_SECONDS[METHOD_PROFILES[code as TablePayinMethodCode]?.expiry ?? 'redirect'];

/** Methods whose GET shows the account the customer actually used, once the payment succeeded. */
export const ACCOUNT_USED_METHODS: ReadonlySet<string> = new Set([
  'ABSA_PAY',
  'CAPITEC_PAY',
  'ONLINE',
  'QRISPAY',
  'UPIQR',
]);

/** The full method response: the common fields, then the method's own. */
export function buildMethodResponse(input: MethodResponseInput): Fields {
  const profile = METHOD_PROFILES[input.method.paymentMethodCode as TablePayinMethodCode];
  const own = profile ? profile.build(new Builder(input)) : {};
  return compact({
    idPayin: input.idPayin,
    paymentMethodCode: input.method.paymentMethodCode,
    money: { amount: input.money.amount, currencyCode: input.money.currencyCode },
    acceptedAt: new Date(input.acceptedAt).toISOString(),
    expireAt: new Date(input.expireAt).toISOString(),
    reference: input.reference,
    returnUrl: input.returnUrl,
    ...own,
  });
}
