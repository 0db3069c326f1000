import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'fil',
  amountLegend: 'Halagang idadagdag',
  amountLabel: (currency: string) => `Halaga sa ${currency}`,
  amountHint: (min: string, max: string) => `Mula ${min} hanggang ${max}`,
  amountInvalid: 'Pumili o maglagay ng halaga.',
  amountOutOfRange: (min: string, max: string) => `Maglagay ng halaga mula ${min} hanggang ${max}.`,
  amountDigits: 'Masyadong marami ang decimal ng halagang ito para sa currency nito.',
  quoteLabel: 'Ang iyong top-up',
  youPay: (amount: string) => `Magbabayad ka ng ${amount}`,
  youReceive: (amount: string) => `Matatanggap mo ang ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `may bisa ang palitan hanggang ${time}`,
  quoteRefreshing: 'Kumukuha ng bagong palitan…',
  quoteExpired: 'Nag-expire na ang quote. Kailangan ng bagong palitan bago ka makapagbayad.',
  quoteRefreshed: 'Na-refresh ang palitan bago ang iyong bayad. Tingnan ang bagong quote, saka magbayad.',
  refreshQuote: 'Kumuha ng bagong palitan',
  noRate: 'Walang palitan para sa top-up na ito, kaya hindi ito ma-quote. Pakisubukang muli mamaya.',
  rateChanged: (amount: string) => `Nagbago ang palitan: magbabayad ka ng ${amount}, hindi ang halagang na-quote.`,
  creditChanged: (amount: string) => `Nagbago ang palitan: matatanggap mo ang ${amount}, hindi ang halagang na-quote.`,
  pendingCredit: (amount: string) => `Idadagdag ang ${amount} sa iyong balanse kapag natanggap ang bayad.`,
  credited: (amount: string) => `Naidagdag na ang ${amount} sa iyong balanse.`,
  payAmount: (amount: string) => `Bayaran ang ${amount}`,
  pay: 'Magbayad',
};

export default terms;
