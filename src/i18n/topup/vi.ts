import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'vi',
  amountLegend: 'Số tiền nạp',
  amountLabel: (currency: string) => `Số tiền bằng ${currency}`,
  amountHint: (min: string, max: string) => `Từ ${min} đến ${max}`,
  amountInvalid: 'Hãy chọn hoặc nhập số tiền.',
  amountOutOfRange: (min: string, max: string) => `Hãy nhập số tiền từ ${min} đến ${max}.`,
  amountDigits: 'Số tiền này có quá nhiều chữ số thập phân so với loại tiền tệ.',
  quoteLabel: 'Khoản nạp của bạn',
  youPay: (amount: string) => `Bạn trả ${amount}`,
  youReceive: (amount: string) => `Bạn nhận ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `tỷ giá có hiệu lực đến ${time}`,
  quoteRefreshing: 'Đang lấy tỷ giá mới…',
  quoteExpired: 'Báo giá đã hết hạn. Cần tỷ giá mới trước khi bạn có thể thanh toán.',
  quoteRefreshed: 'Tỷ giá đã được cập nhật trước khi bạn thanh toán. Hãy xem báo giá mới rồi thanh toán.',
  refreshQuote: 'Lấy tỷ giá mới',
  noRate: 'Không có tỷ giá cho khoản nạp này nên không thể báo giá. Vui lòng thử lại sau.',
  rateChanged: (amount: string) => `Tỷ giá đã thay đổi: bạn trả ${amount}, không phải số tiền đã báo giá.`,
  creditChanged: (amount: string) => `Tỷ giá đã thay đổi: bạn nhận ${amount}, không phải số tiền đã báo giá.`,
  pendingCredit: (amount: string) => `${amount} sẽ được cộng vào số dư của bạn khi nhận được thanh toán.`,
  credited: (amount: string) => `${amount} đã được cộng vào số dư của bạn.`,
  payAmount: (amount: string) => `Thanh toán ${amount}`,
  pay: 'Thanh toán',
};

export default terms;
