/**
 * What the emulated platform offers: currencies (the code list, with the mid rates FX is derived
 * from), payment operators per method and currency, external providers, settlement options.
 * Methods per currency come from the document's method table (`methodCodesFor`), never from here.
 */
import { methodCodesFor, type TablePayinMethodCode, currencyDigits, roundToCurrency } from '../../shared.js';

export interface CurrencyInfo {
  code: string;
  name: string;
  crypto: boolean;
  /** Units of this currency one US dollar buys (mid rate, fixed for the sandbox). */
  perUsd: number;
}

const currency = (code: string, name: string, perUsd: number, crypto = false): CurrencyInfo => ({
  code,
  name,
  crypto,
  perUsd,
});

export const CURRENCIES: readonly CurrencyInfo[] = [
  currency('USD', 'US Dollar', 1),
  currency('EUR', 'Euro', 0.92),
  currency('USDT', 'Tether USD', 1, true),
  currency('USDC', 'USD Coin', 1, true),
  currency('ARS', 'Argentine Peso', 950),
  currency('BRL', 'Brazilian Real', 5.6),
  currency('CNY', 'Chinese Yuan', 7.24),
  currency('COP', 'Colombian Peso', 3950),
  currency('GHS', 'Ghanaian Cedi', 15.2),
  currency('IDR', 'Indonesian Rupiah', 15800),
  currency('INR', 'Indian Rupee', 83.2),
  currency('JPY', 'Japanese Yen', 151),
  currency('KES', 'Kenyan Shilling', 129),
  currency('KRW', 'South Korean Won', 1380),
  currency('LAK', 'Lao Kip', 21500),
  currency('MXN', 'Mexican Peso', 17.1),
  currency('MYR', 'Malaysian Ringgit', 4.7),
  currency('NAD', 'Namibian Dollar', 18.6),
  currency('NGN', 'Nigerian Naira', 1550),
  currency('PHP', 'Philippine Peso', 56.5),
  currency('THB', 'Thai Baht', 35.8),
  currency('TWD', 'New Taiwan Dollar', 32.3),
  currency('TZS', 'Tanzanian Shilling', 2600),
  currency('VND', 'Vietnamese Dong', 25400),
  currency('ZAR', 'South African Rand', 18.6),
  currency('ZMW', 'Zambian Kwacha', 26.5),
];

const BY_CODE = new Map(CURRENCIES.map((info) => [info.code, info]));
export const currencyInfo = (code: string) => BY_CODE.get(code);
export const isKnownCurrency = (code: string) => BY_CODE.has(code);

/** Rounds an amount to its currency's precision (api/fx.ts: the element's quote rounds the same way). */
export const roundAmount = roundToCurrency;

/** The smallest step of an amount in a currency: 0.01, or 1 for currencies without minor units. */
export const minorUnit = (currencyCode: string) => 10 ** -currencyDigits(currencyCode);

export interface Operator {
  code: string;
  name: string;
}

const ops = (...pairs: [string, string][]): Operator[] => pairs.map(([code, name]) => ({ code, name }));

const ZA_BANKS = ops(
  ['FNB', 'First National Bank'],
  ['ABSA', 'Absa'],
  ['CAPITEC', 'Capitec'],
  ['NEDBANK', 'Nedbank'],
  ['STANDARD_BANK', 'Standard Bank'],
);
const INDIAN_BANKS = ops(
  ['SBI', 'State Bank of India'],
  ['HDFC', 'HDFC Bank'],
  ['ICICI', 'ICICI Bank'],
  ['AXIS', 'Axis Bank'],
  ['KOTAK', 'Kotak Mahindra Bank'],
);

/** Operators per method, then per currency ('*' for every currency of the method). */
const OPERATORS: Partial<Record<TablePayinMethodCode, Record<string, Operator[]>>> = {
  NETBANKING: { INR: INDIAN_BANKS },
  ONLINE: {
    INR: INDIAN_BANKS.slice(0, 4),
    THB: ops(
      ['KBANK', 'Kasikornbank'],
      ['SCB', 'Siam Commercial Bank'],
      ['BBL', 'Bangkok Bank'],
      ['KTB', 'Krungthai Bank'],
      ['BAY', 'Krungsri'],
    ),
    MYR: ops(
      ['MAYBANK', 'Maybank2u'],
      ['CIMB', 'CIMB Clicks'],
      ['PBB', 'Public Bank'],
      ['RHB', 'RHB Now'],
      ['HLB', 'Hong Leong Connect'],
    ),
    NAD: ops(
      ['FNB_NA', 'FNB Namibia'],
      ['BWK', 'Bank Windhoek'],
      ['NEDBANK_NA', 'Nedbank Namibia'],
      ['SBN', 'Standard Bank Namibia'],
    ),
    VND: ops(
      ['VCB', 'Vietcombank'],
      ['TCB', 'Techcombank'],
      ['ACB', 'Asia Commercial Bank'],
      ['BIDV', 'BIDV'],
      ['MB', 'MB Bank'],
    ),
    ZAR: ZA_BANKS,
  },
  FPX: {
    MYR: ops(
      ['MB2U', 'Maybank2u'],
      ['CIMBCLICKS', 'CIMB Clicks'],
      ['PBB', 'Public Bank'],
      ['RHB', 'RHB Now'],
      ['HLB', 'Hong Leong Connect'],
      ['BIMB', 'Bank Islam'],
    ),
  },
  MOBILE_MONEY: {
    GHS: ops(['MTN_GH', 'MTN Mobile Money'], ['VODAFONE_GH', 'Vodafone Cash'], ['AIRTELTIGO_GH', 'AirtelTigo Money']),
    KES: ops(['MPESA_KE', 'M-PESA'], ['AIRTEL_KE', 'Airtel Money']),
    TZS: ops(['VODACOM_TZ', 'Vodacom M-Pesa'], ['TIGO_TZ', 'Tigo Pesa'], ['AIRTEL_TZ', 'Airtel Money']),
    ZMW: ops(['MTN_ZM', 'MTN Mobile Money'], ['AIRTEL_ZM', 'Airtel Money']),
  },
  CRYPTO_OFFLINE: { '*': ops(['TRC20', 'Tron (TRC20)'], ['ERC20', 'Ethereum (ERC20)']) },
  VAPAY: {
    IDR: ops(
      ['BCA', 'Bank Central Asia'],
      ['BNI', 'Bank Negara Indonesia'],
      ['BRI', 'Bank Rakyat Indonesia'],
      ['MANDIRI', 'Bank Mandiri'],
      ['PERMATA', 'Permata Bank'],
    ),
    KRW: ops(['KB', 'KB Kookmin Bank'], ['SHINHAN', 'Shinhan Bank'], ['WOORI', 'Woori Bank'], ['HANA', 'Hana Bank']),
    TWD: ops(['CTBC', 'CTBC Bank'], ['CATHAY', 'Cathay United Bank'], ['ESUN', 'E.SUN Bank']),
  },
  EWALLET: {
    IDR: ops(['OVO', 'OVO'], ['DANA', 'DANA'], ['SHOPEEPAY', 'ShopeePay'], ['LINKAJA', 'LinkAja'], ['GOPAY', 'GoPay']),
  },
  PSE: {
    COP: ops(
      ['BANCOLOMBIA', 'Bancolombia'],
      ['DAVIVIENDA', 'Davivienda'],
      ['BOGOTA', 'Banco de Bogotá'],
      ['BBVA_CO', 'BBVA Colombia'],
      ['NEQUI', 'Nequi'],
    ),
  },
  P2A_V2: { INR: ops(['IMPS', 'IMPS'], ['PHONE_TO_ACCOUNT', 'Phone to Account']) },
  DUITNOW: { MYR: ops(['DUITNOW_QR', 'DuitNow QR']) },
  CODE_PAYMENT: {
    TWD: ops(
      ['SEVEN_ELEVEN', '7-ELEVEN ibon'],
      ['FAMILYMART', 'FamilyMart FamiPort'],
      ['HILIFE', 'Hi-Life Life-ET'],
      ['OKMART', 'OK Mart'],
    ),
  },
  OFFLINE: {
    ARS: ops(
      ['GALICIA', 'Banco Galicia'],
      ['NACION', 'Banco de la Nación Argentina'],
      ['SANTANDER_AR', 'Santander Argentina'],
    ),
    CNY: ops(['ICBC', 'ICBC'], ['CCB', 'China Construction Bank'], ['BOC', 'Bank of China']),
    JPY: ops(['MUFG', 'MUFG Bank'], ['SMBC', 'Sumitomo Mitsui Banking'], ['MIZUHO', 'Mizuho Bank']),
    KRW: ops(['KB', 'KB Kookmin Bank'], ['SHINHAN', 'Shinhan Bank'], ['WOORI', 'Woori Bank']),
    LAK: ops(['BCEL', 'BCEL One'], ['LDB', 'Lao Development Bank']),
    MXN: ops(
      ['BBVA_MX', 'BBVA México (SPEI)'],
      ['BANORTE', 'Banorte (SPEI)'],
      ['SANTANDER_MX', 'Santander México (SPEI)'],
    ),
    NAD: ops(['BWK', 'Bank Windhoek'], ['FNB_NA', 'FNB Namibia']),
    NGN: ops(['GTBANK', 'Guaranty Trust Bank'], ['ZENITH', 'Zenith Bank'], ['ACCESS', 'Access Bank']),
    PHP: ops(['BDO', 'BDO Unibank'], ['BPI', 'Bank of the Philippine Islands'], ['METROBANK', 'Metrobank']),
    THB: ops(['KBANK', 'Kasikornbank'], ['SCB', 'Siam Commercial Bank'], ['BBL', 'Bangkok Bank']),
    VND: ops(['VCB', 'Vietcombank'], ['TCB', 'Techcombank'], ['ACB', 'Asia Commercial Bank']),
    ZAR: ops(['FNB', 'First National Bank'], ['ABSA', 'Absa'], ['STANDARD_BANK', 'Standard Bank']),
  },
};

/** The operators of a method in a currency (empty when the method has none to choose from). */
export function operatorsFor(methodCode: string, currencyCode: string): Operator[] {
  const byCurrency = OPERATORS[methodCode as TablePayinMethodCode];
  return byCurrency?.[currencyCode] ?? byCurrency?.['*'] ?? [];
}

/** Institutions or wallets tied to an operator (the `externalProviderCode` of a payin). */
const EXTERNAL_PROVIDERS: Record<string, Operator[]> = {
  INR: ops(['PHONEPE', 'PhonePe'], ['GPAY', 'Google Pay'], ['PAYTM', 'Paytm'], ['BHIM', 'BHIM']),
  ZAR: ZA_BANKS,
};
export const externalProvidersFor = (currencyCode: string): Operator[] => EXTERNAL_PROVIDERS[currencyCode] ?? [];

/** The available-options answer for a money's currency. */
export function paymentOptionsFor(currencyCode: string) {
  const data = methodCodesFor(currencyCode).map((paymentMethodCode) => ({
    paymentMethodCode,
    paymentOperators: operatorsFor(paymentMethodCode, currencyCode),
  }));
  const externalProviders = externalProvidersFor(currencyCode);
  return externalProviders.length ? { data, externalProviders } : { data };
}

/** Every operator of the catalog once per method (GET /payment-operators). */
export function allOperators(): (Operator & { paymentMethodCode: string })[] {
  const seen = new Set<string>();
  const list: (Operator & { paymentMethodCode: string })[] = [];
  for (const [paymentMethodCode, byCurrency] of Object.entries(OPERATORS)) {
    for (const operator of Object.values(byCurrency ?? {}).flat()) {
      const key = `${paymentMethodCode} ${operator.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      list.push({ ...operator, paymentMethodCode });
    }
  }
  return list;
}

/** Settlement options of every merchant (auto-settlement works only for TRC20 crypto transfers). */
export const SETTLEMENT_OPTIONS = {
  data: [
    { paymentMethodCode: 'CRYPTO_TRANSFER', paymentOperators: ops(['TRC20', 'Tron (TRC20)']) },
    { paymentMethodCode: 'BANK_TRANSFER', paymentOperators: [] },
  ],
};
