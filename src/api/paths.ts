/**
 * Every endpoint path of the platform, in one place for the client, the token helpers and the
 * sandbox emulator. The external-reference path is not shown in the document: ours follows the
 * document's `!action` convention (docs/platform-choices.md).
 */
const id = (value: string) => encodeURIComponent(value);

export const paths = {
  authTokens: () => '/auth-tokens',
  authTokensByAction: () => '/auth-tokens-by-action',
  payinOptions: () => '/payins/!availablePaymentOptions',
  merchantInfo: () => '/merchant-info',
  payin: (idPayin: string) => `/payins/${id(idPayin)}`,
  payinAccounts: (idPayin: string) => `/payins/${id(idPayin)}/accounts`,
  payinExternalReference: (idPayin: string) => `/payins/${id(idPayin)}/!setExternalReference`,
  fxRatePairs: () => '/fx-rate-pairs',
  fxRates: () => '/fx-rates',
  topUp: (idTopUp: string) => `/topups/${id(idTopUp)}`,
  topUpOptions: () => '/topups/!availablePaymentOptions',
  topUpCustomerOptions: () => '/topup-options',
  balances: () => '/balances',
  payout: (idPayout: string) => `/payouts/${id(idPayout)}`,
  settlementPaymentOptions: () => '/settlement-payment-options',
  currencies: () => '/currencies',
  paymentOperators: () => '/payment-operators',
} as const;

/** The operations a by-action token stands for, exactly as the document lists them. */
export function actionOperations(action: string, idPayment: string): string[] {
  switch (action) {
    case 'PAYIN_CREATE':
      return [`POST ${paths.payinOptions()}`, `POST ${paths.payin(idPayment)}`, `GET ${paths.payin(idPayment)}`];
    case 'PAYIN_INFO':
      return [`GET ${paths.payin(idPayment)}`];
    case 'WALLET_OPERATION_CREATE':
      return [`POST ${paths.topUpOptions()}`, `POST ${paths.topUp(idPayment)}`, `GET ${paths.topUp(idPayment)}`];
    default:
      return [];
  }
}
