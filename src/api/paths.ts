/**
 * Every endpoint path of the platform, in one place for the client, the token helpers and the
 * sandbox emulator. The external-reference path is not shown in the document: ours follows the
 * document's `!action` convention (docs/platform-choices.md).
 */
const id = (value: string) => encodeURIComponent(value);

/** The paths a checkout in the browser calls: the browser bundle takes only these. */
export const checkoutPaths = {
  payinOptions: () => '/payins/!availablePaymentOptions',
  merchantInfo: () => '/merchant-info',
  payin: (idPayin: string) => `/payins/${id(idPayin)}`,
  payinAccounts: (idPayin: string) => `/payins/${id(idPayin)}/accounts`,
  payinExternalReference: (idPayin: string) => `/payins/${id(idPayin)}/!setExternalReference`,
} as const;

export const paths = {
  ...checkoutPaths,
  authTokens: () => '/auth-tokens',
  authTokensByAction: () => '/auth-tokens-by-action',
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

/** The parameter each collection's second segment is, as the document names it. */
const PATH_PARAMETERS: Readonly<Record<string, string>> = {
  payins: '{idPayin}',
  topups: '{idTopUp}',
  payouts: '{idPayout}',
};

/**
 * A path with its identifier as the template names it (`/payins/{idPayin}/accounts`), so requests
 * of one endpoint count together; `!actions` and other fixed segments stay as they are.
 */
export const pathTemplate = (path: string) =>
  path.replace(
    /^\/(payins|topups|payouts)\/(?!!)[^/]+/,
    (_, collection: string) => `/${collection}/${PATH_PARAMETERS[collection]}`,
  );

/**
 * The characters with a meaning in a regular expression, in JavaScript and RE2 alike, as a
 * character class. The platform reads operations as regular expressions, so an operation names a
 * path literally only when each of these is escaped with a backslash (valid in both syntaxes).
 */
export const REGEX_SYNTAX_CLASS = String.raw`[\\^$.|?*+()[\]{}]`;

/**
 * The operation that permits exactly one request line: `METHOD path` with every regular-expression
 * character of the path escaped, so that an id such as `shop.*` never becomes a pattern.
 */
export const exactOperation = (method: string, path: string) =>
  `${method} ${path.replace(new RegExp(REGEX_SYNTAX_CLASS, 'g'), '\\$&')}`;

/** The operations a by-action token stands for, as the document lists them, ids escaped. */
export function actionOperations(action: string, idPayment: string): string[] {
  switch (action) {
    case 'PAYIN_CREATE':
      return [
        exactOperation('POST', paths.payinOptions()),
        exactOperation('POST', paths.payin(idPayment)),
        exactOperation('GET', paths.payin(idPayment)),
      ];
    case 'PAYIN_INFO':
      return [exactOperation('GET', paths.payin(idPayment))];
    case 'WALLET_OPERATION_CREATE':
      return [
        exactOperation('POST', paths.topUpOptions()),
        exactOperation('POST', paths.topUp(idPayment)),
        exactOperation('GET', paths.topUp(idPayment)),
      ];
    default:
      return [];
  }
}
