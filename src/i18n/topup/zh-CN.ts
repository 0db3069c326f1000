import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'zh-CN',
  amountLegend: '充值金额',
  amountLabel: (currency: string) => `金额（${currency}）`,
  amountHint: (min: string, max: string) => `${min}至${max}`,
  amountInvalid: '请选择或输入金额。',
  amountOutOfRange: (min: string, max: string) => `请输入${min}至${max}之间的金额。`,
  amountDigits: '此金额的小数位数超出了该币种允许的位数。',
  quoteLabel: '您的充值',
  youPay: (amount: string) => `您支付 ${amount}`,
  youReceive: (amount: string) => `您到账 ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `汇率有效期至 ${time}`,
  quoteRefreshing: '正在获取最新汇率…',
  quoteExpired: '报价已过期，付款前需要获取新的汇率。',
  quoteRefreshed: '付款前汇率已更新。请确认新的报价后再付款。',
  refreshQuote: '获取最新汇率',
  noRate: '暂无此充值适用的汇率，因此无法报价。请稍后再试。',
  rateChanged: (amount: string) => `汇率已变动：您需支付 ${amount}，而非报价金额。`,
  creditChanged: (amount: string) => `汇率已变动：您将到账 ${amount}，而非报价金额。`,
  pendingCredit: (amount: string) => `付款到账后，${amount}将存入您的余额。`,
  credited: (amount: string) => `${amount}已存入您的余额。`,
  payAmount: (amount: string) => `支付 ${amount}`,
  pay: '付款',
};

export default terms;
