import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'zu',
  amountLegend: 'Inani ozolifaka',
  amountLabel: (currency: string) => `Inani ngo-${currency}`,
  amountHint: (min: string, max: string) => `Kusukela ku-${min} kuya ku-${max}`,
  amountInvalid: 'Khetha noma ufake inani.',
  amountOutOfRange: (min: string, max: string) => `Faka inani elisukela ku-${min} kuya ku-${max}.`,
  amountDigits: 'Leli nani linezinombolo eziningi kakhulu ngemva kwephoyinti zale mali.',
  quoteLabel: 'Ukufaka kwakho imali',
  youPay: (amount: string) => `Ukhokha u-${amount}`,
  youReceive: (amount: string) => `Uthola u-${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `izinga lisebenza kuze kube ngu-${time}`,
  quoteRefreshing: 'Kutholwa izinga elisha lokushintshisana…',
  quoteExpired: 'Isilinganiso siphelelwe yisikhathi. Kudingeka izinga elisha ngaphambi kokuthi ukhokhe.',
  quoteRefreshed:
    'Izinga lokushintshisana livuselelwe ngaphambi kwenkokhelo yakho. Hlola isilinganiso esisha, bese ukhokha.',
  refreshQuote: 'Thola izinga elisha',
  noRate:
    'Alikho izinga lokushintshisana lalokhu kufaka imali, ngakho akukwazi ukulinganiselwa. Sicela uzame futhi emuva kwesikhashana.',
  rateChanged: (amount: string) => `Izinga lishintshile: ukhokha u-${amount}, hhayi inani elilinganisiwe.`,
  creditChanged: (amount: string) => `Izinga lishintshile: uthola u-${amount}, hhayi inani elilinganisiwe.`,
  pendingCredit: (amount: string) => `U-${amount} uzofakwa kubhalansi yakho uma inkokhelo ifika.`,
  credited: (amount: string) => `U-${amount} ufakiwe kubhalansi yakho.`,
  payAmount: (amount: string) => `Khokha ${amount}`,
  pay: 'Khokha',
};

export default terms;
