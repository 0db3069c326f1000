import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'mr',
  amountLegend: 'जोडायची रक्कम',
  amountLabel: (currency: string) => `${currency} मधील रक्कम`,
  amountHint: (min: string, max: string) => `${min} ते ${max}`,
  amountInvalid: 'रक्कम निवडा किंवा भरा.',
  amountOutOfRange: (min: string, max: string) => `${min} ते ${max} दरम्यानची रक्कम भरा.`,
  amountDigits: 'या चलनासाठी या रकमेत दशांशानंतर खूप जास्त अंक आहेत.',
  quoteLabel: 'तुमचे टॉप-अप',
  youPay: (amount: string) => `तुम्ही ${amount} भरणार`,
  youReceive: (amount: string) => `तुम्हाला ${amount} मिळणार`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `दर ${time} पर्यंत वैध`,
  quoteRefreshing: 'नवीन विनिमय दर मिळवत आहोत…',
  quoteExpired: 'कोटेशनची मुदत संपली. पेमेंटपूर्वी नवीन दर हवा.',
  quoteRefreshed: 'पेमेंटपूर्वी विनिमय दर नवीन केला गेला. नवीन कोटेशन पाहा, मग पेमेंट करा.',
  refreshQuote: 'नवीन दर मिळवा',
  noRate: 'या टॉप-अपसाठी विनिमय दर उपलब्ध नाही, त्यामुळे कोटेशन देता येत नाही. कृपया नंतर पुन्हा प्रयत्न करा.',
  rateChanged: (amount: string) => `दर बदलला: तुम्ही ${amount} भरणार, कोटेशनमधील रक्कम नाही.`,
  creditChanged: (amount: string) => `दर बदलला: तुम्हाला ${amount} मिळणार, कोटेशनमधील रक्कम नाही.`,
  pendingCredit: (amount: string) => `पेमेंट मिळताच ${amount} तुमच्या बॅलन्समध्ये जमा केले जातील.`,
  credited: (amount: string) => `${amount} तुमच्या बॅलन्समध्ये जमा झाले आहेत.`,
  payAmount: (amount: string) => `${amount} भरा`,
  pay: 'पेमेंट करा',
};

export default terms;
