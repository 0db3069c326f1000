import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'te',
  amountLegend: 'జోడించాల్సిన మొత్తం',
  amountLabel: (currency: string) => `${currency}లో మొత్తం`,
  amountHint: (min: string, max: string) => `${min} నుండి ${max} వరకు`,
  amountInvalid: 'మొత్తాన్ని ఎంచుకోండి లేదా నమోదు చేయండి.',
  amountOutOfRange: (min: string, max: string) => `${min} నుండి ${max} వరకు మొత్తాన్ని నమోదు చేయండి.`,
  amountDigits: 'ఈ కరెన్సీకి ఈ మొత్తంలో దశాంశం తర్వాత చాలా ఎక్కువ అంకెలు ఉన్నాయి.',
  quoteLabel: 'మీ టాప్-అప్',
  youPay: (amount: string) => `మీరు ${amount} చెల్లిస్తారు`,
  youReceive: (amount: string) => `మీకు ${amount} అందుతుంది`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `రేటు ${time} వరకు చెల్లుతుంది`,
  quoteRefreshing: 'కొత్త ఎక్స్ఛేంజ్ రేటు పొందుతోంది…',
  quoteExpired: 'కోట్ గడువు ముగిసింది. చెల్లించే ముందు కొత్త రేటు అవసరం.',
  quoteRefreshed: 'మీ చెల్లింపుకు ముందు ఎక్స్ఛేంజ్ రేటు కొత్తది చేయబడింది. కొత్త కోట్ చూసి, తర్వాత చెల్లించండి.',
  refreshQuote: 'కొత్త రేటు పొందండి',
  noRate: 'ఈ టాప్-అప్‌కు ఎక్స్ఛేంజ్ రేటు అందుబాటులో లేదు, కాబట్టి కోట్ ఇవ్వలేము. దయచేసి తర్వాత మళ్లీ ప్రయత్నించండి.',
  rateChanged: (amount: string) => `రేటు మారింది: మీరు ${amount} చెల్లిస్తారు, కోట్ చేసిన మొత్తం కాదు.`,
  creditChanged: (amount: string) => `రేటు మారింది: మీకు ${amount} అందుతుంది, కోట్ చేసిన మొత్తం కాదు.`,
  pendingCredit: (amount: string) => `చెల్లింపు అందగానే ${amount} మీ బ్యాలెన్స్‌కు జోడించబడుతుంది.`,
  credited: (amount: string) => `${amount} మీ బ్యాలెన్స్‌కు జోడించబడింది.`,
  payAmount: (amount: string) => `${amount} చెల్లించండి`,
  pay: 'చెల్లించండి',
};

export default terms;
