import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'af',
  amountLegend: 'Bedrag om by te voeg',
  amountLabel: (currency: string) => `Bedrag in ${currency}`,
  amountHint: (min: string, max: string) => `Van ${min} tot ${max}`,
  amountInvalid: 'Kies of tik ’n bedrag in.',
  amountOutOfRange: (min: string, max: string) => `Tik ’n bedrag van ${min} tot ${max} in.`,
  amountDigits: 'Hierdie bedrag het te veel desimale plekke vir sy geldeenheid.',
  quoteLabel: 'Jou aanvulling',
  youPay: (amount: string) => `Jy betaal ${amount}`,
  youReceive: (amount: string) => `Jy ontvang ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `koers geldig tot ${time}`,
  quoteRefreshing: 'Nuwe wisselkoers word gekry…',
  quoteExpired: 'Die kwotasie het verval. ’n Nuwe koers is nodig voordat jy kan betaal.',
  quoteRefreshed: 'Die wisselkoers is voor jou betaling hernu. Kyk na die nuwe kwotasie en betaal dan.',
  refreshQuote: 'Kry ’n nuwe koers',
  noRate:
    '’n Wisselkoers vir hierdie aanvulling is nie beskikbaar nie, dus kan dit nie gekwoteer word nie. Probeer asseblief later weer.',
  rateChanged: (amount: string) => `Die koers het verander: jy betaal ${amount}, nie die gekwoteerde bedrag nie.`,
  creditChanged: (amount: string) => `Die koers het verander: jy ontvang ${amount}, nie die gekwoteerde bedrag nie.`,
  pendingCredit: (amount: string) => `${amount} word by jou saldo gevoeg sodra die betaling aankom.`,
  credited: (amount: string) => `${amount} is by jou saldo gevoeg.`,
  payAmount: (amount: string) => `Betaal ${amount}`,
  pay: 'Betaal',
};

export default terms;
