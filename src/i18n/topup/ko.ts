import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'ko',
  amountLegend: '충전할 금액',
  amountLabel: (currency: string) => `${currency} 금액`,
  amountHint: (min: string, max: string) => `${min}부터 ${max}까지`,
  amountInvalid: '금액을 선택하거나 입력하세요.',
  amountOutOfRange: (min: string, max: string) => `${min}부터 ${max}까지의 금액을 입력하세요.`,
  amountDigits: '이 금액은 해당 통화에 비해 소수점 자릿수가 너무 많습니다.',
  quoteLabel: '충전 내역',
  youPay: (amount: string) => `결제 금액 ${amount}`,
  youReceive: (amount: string) => `받는 금액 ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `환율 유효 시간 ${time}까지`,
  quoteRefreshing: '새 환율을 가져오는 중…',
  quoteExpired: '견적이 만료되었습니다. 결제하려면 새 환율이 필요합니다.',
  quoteRefreshed: '결제 전에 환율이 새로 고쳐졌습니다. 새 견적을 확인한 뒤 결제하세요.',
  refreshQuote: '새 환율 받기',
  noRate: '이 충전에 사용할 환율이 없어 견적을 낼 수 없습니다. 나중에 다시 시도해 주세요.',
  rateChanged: (amount: string) => `환율이 바뀌었습니다: 견적 금액이 아닌 ${amount}을(를) 결제합니다.`,
  creditChanged: (amount: string) => `환율이 바뀌었습니다: 견적 금액이 아닌 ${amount}을(를) 받습니다.`,
  pendingCredit: (amount: string) => `결제가 도착하면 ${amount}이(가) 잔액에 추가됩니다.`,
  credited: (amount: string) => `${amount}이(가) 잔액에 추가되었습니다.`,
  payAmount: (amount: string) => `${amount} 결제`,
  pay: '결제하기',
};

export default terms;
