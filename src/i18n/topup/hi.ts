import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'hi',
  amountLegend: 'जोड़ने की राशि',
  amountLabel: (currency: string) => `${currency} में राशि`,
  amountHint: (min: string, max: string) => `${min} से ${max} तक`,
  amountInvalid: 'कोई राशि चुनें या लिखें।',
  amountOutOfRange: (min: string, max: string) => `${min} से ${max} तक की राशि लिखें।`,
  amountDigits: 'इस मुद्रा के लिए इस राशि में दशमलव के बाद बहुत अधिक अंक हैं।',
  quoteLabel: 'आपका टॉप-अप',
  youPay: (amount: string) => `आप ${amount} चुकाएँगे`,
  youReceive: (amount: string) => `आपको ${amount} मिलेंगे`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `दर ${time} तक मान्य`,
  quoteRefreshing: 'नई विनिमय दर ली जा रही है…',
  quoteExpired: 'कोटेशन की अवधि समाप्त हो गई। भुगतान से पहले नई दर चाहिए।',
  quoteRefreshed: 'भुगतान से पहले विनिमय दर नई कर दी गई। नया कोटेशन देखें, फिर भुगतान करें।',
  refreshQuote: 'नई दर लें',
  noRate: 'इस टॉप-अप के लिए विनिमय दर उपलब्ध नहीं है, इसलिए कोटेशन नहीं दिया जा सकता। कृपया बाद में फिर कोशिश करें।',
  rateChanged: (amount: string) => `दर बदल गई: आप ${amount} चुकाएँगे, कोटेशन वाली राशि नहीं।`,
  creditChanged: (amount: string) => `दर बदल गई: आपको ${amount} मिलेंगे, कोटेशन वाली राशि नहीं।`,
  pendingCredit: (amount: string) => `भुगतान मिलते ही ${amount} आपके बैलेंस में जोड़ दिए जाएँगे।`,
  credited: (amount: string) => `${amount} आपके बैलेंस में जोड़ दिए गए हैं।`,
  payAmount: (amount: string) => `${amount} चुकाएँ`,
  pay: 'भुगतान करें',
};

export default terms;
