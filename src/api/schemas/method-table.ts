/**
 * The payment method table of the platform document, row for row. P2A_V2 is listed twice (as IMPS
 * and as Phone to Account) with two data objects of the same shape, so the table has 27 rows and
 * 26 distinct codes.
 */
export const PAYIN_METHOD_TABLE = [
  {
    code: 'ABSA_PAY',
    listedAs: 'Absa Pay',
    currencies: ['ZAR'],
    dataObject: 'AbsaPayMethod',
    externalReference: 'none',
  },
  {
    code: 'CAPITEC_PAY',
    listedAs: 'Capitec Pay',
    currencies: ['ZAR'],
    dataObject: 'CapitecPayMethod',
    externalReference: 'none',
  },
  {
    code: 'CODE_PAYMENT',
    listedAs: 'Code payment',
    currencies: ['TWD'],
    dataObject: 'CodePaymentMethod',
    externalReference: 'none',
  },
  {
    code: 'CRYPTO_OFFLINE',
    listedAs: 'Crypto',
    currencies: ['USDC', 'USDT'],
    dataObject: 'CryptoOfflineMethod',
    externalReference: 'none',
  },
  {
    code: 'DUITNOW',
    listedAs: 'DuitNow',
    currencies: ['MYR'],
    dataObject: 'DuitNowMethod',
    externalReference: 'none',
  },
  {
    code: 'EWALLET',
    listedAs: 'E-wallet',
    currencies: ['IDR'],
    dataObject: 'EWalletMethod',
    externalReference: 'none',
  },
  { code: 'FPX', listedAs: 'FPX', currencies: ['MYR'], dataObject: 'FpxMethod', externalReference: 'none' },
  {
    code: 'P2A_V2',
    listedAs: 'IMPS',
    currencies: ['INR'],
    dataObject: 'IMPSMethod',
    externalReference: 'required',
  },
  {
    code: 'ONLINE',
    listedAs: 'Online banking',
    currencies: ['INR', 'THB', 'MYR', 'NAD', 'VND', 'ZAR'],
    dataObject: 'OnlineMethod',
    externalReference: 'none',
  },
  {
    code: 'MOBILE_MONEY',
    listedAs: 'Mobile money',
    currencies: ['GHS', 'KES', 'TZS', 'ZMW'],
    dataObject: 'MobileMoneyMethod',
    externalReference: 'none',
  },
  {
    code: 'MOMOPAY',
    listedAs: 'MoMo',
    currencies: ['VND'],
    dataObject: 'MomoPayMethod',
    externalReference: 'none',
  },
  {
    code: 'NEDBANK_DIRECT_EFT',
    listedAs: 'Nedbank Direct EFT',
    currencies: ['ZAR'],
    dataObject: 'CapitecPayMethod',
    externalReference: 'none',
  },
  {
    code: 'NETBANKING',
    listedAs: 'Net banking',
    currencies: ['INR'],
    dataObject: 'NetBankingMethod',
    externalReference: 'none',
  },
  {
    code: 'OFFLINE',
    listedAs: 'Bank transfer',
    currencies: ['ARS', 'CNY', 'JPY', 'KRW', 'LAK', 'MXN', 'NAD', 'NGN', 'PHP', 'THB', 'VND', 'ZAR'],
    dataObject: 'OfflineMethod',
    externalReference: 'none',
  },
  {
    code: 'PAY_ME',
    listedAs: 'PayMe',
    currencies: ['ZAR'],
    dataObject: 'PayMeMethod',
    externalReference: 'none',
  },
  {
    code: 'PAYSHAP',
    listedAs: 'PayShap',
    currencies: ['ZAR'],
    dataObject: 'PayShapMethod',
    externalReference: 'none',
  },
  {
    code: 'P2A_V2',
    listedAs: 'Phone to Account',
    currencies: ['INR'],
    dataObject: 'P2AV2Method',
    externalReference: 'required',
  },
  {
    code: 'PIXQR',
    listedAs: 'Pix',
    currencies: ['BRL'],
    dataObject: 'PixQRMethod',
    externalReference: 'none',
  },
  {
    code: 'PROMPTPAY',
    listedAs: 'PromptPay',
    currencies: ['THB'],
    dataObject: 'PromptPayMethod',
    externalReference: 'none',
  },
  { code: 'PSE', listedAs: 'PSE', currencies: ['COP'], dataObject: 'PseMethod', externalReference: 'none' },
  {
    code: 'QRISPAY',
    listedAs: 'QRIS',
    currencies: ['IDR'],
    dataObject: 'QrisPayMethod',
    externalReference: 'none',
  },
  {
    code: 'QRPH',
    listedAs: 'QR Ph',
    currencies: ['PHP'],
    dataObject: 'QRPhMethod',
    externalReference: 'none',
  },
  {
    code: 'UPICOLLECT',
    listedAs: 'UPI collect',
    currencies: ['INR'],
    dataObject: 'UpiCollectMethod',
    externalReference: 'unless-upi-id',
  },
  {
    code: 'UPIQR',
    listedAs: 'UPI QR',
    currencies: ['INR'],
    dataObject: 'UpiQRMethod',
    externalReference: 'unless-upi-id',
  },
  {
    code: 'VAPAY',
    listedAs: 'Virtual account',
    currencies: ['IDR', 'KRW', 'TWD'],
    dataObject: 'VaPayMethod',
    externalReference: 'none',
  },
  {
    code: 'VIETQR',
    listedAs: 'VietQR',
    currencies: ['VND'],
    dataObject: 'VietQRMethod',
    externalReference: 'none',
  },
  {
    code: 'ZAPPER_QR',
    listedAs: 'Zapper',
    currencies: ['ZAR'],
    dataObject: 'ZapperQrMethod',
    externalReference: 'none',
  },
] as const;

export type MethodTableRow = (typeof PAYIN_METHOD_TABLE)[number];
export type TablePayinMethodCode = MethodTableRow['code'];

/** The 26 distinct payin method codes of the table. */
export const TABLE_PAYIN_METHOD_CODES = [
  ...new Set(PAYIN_METHOD_TABLE.map((row) => row.code)),
] as TablePayinMethodCode[];

/**
 * Method objects the document names without a code or a table row. Their codes are our choice
 * (docs/platform-choices.md); the sandbox emulator does not offer them.
 */
export const EXTRA_PAYIN_METHOD_CODES = ['UPI_ID', 'FNB_DIRECT_EFT', 'SNAP_SCAN_QR'] as const;

/**
 * Every payin method code: the one list the code union, the method schemas, the method maps, the
 * views and the method names are typed by (a misspelt or missing code fails to compile).
 */
export const PAYIN_METHOD_CODES = [...TABLE_PAYIN_METHOD_CODES, ...EXTRA_PAYIN_METHOD_CODES] as const;
export type PayinMethodCode = (typeof PAYIN_METHOD_CODES)[number];

/** Currencies in which the table offers a method. */
export function currenciesOf(code: string): readonly string[] {
  return [...new Set(PAYIN_METHOD_TABLE.filter((row) => row.code === code).flatMap((row) => row.currencies))];
}

/** Codes of the table offered for a currency, in table order. */
export function methodCodesFor(currencyCode: string): TablePayinMethodCode[] {
  return TABLE_PAYIN_METHOD_CODES.filter((code) => currenciesOf(code).includes(currencyCode));
}
