import type { TopUpTranslation } from './en.js';

const terms: TopUpTranslation = {
  $code: 'th',
  amountLegend: 'จำนวนเงินที่จะเติม',
  amountLabel: (currency: string) => `จำนวนเงินเป็น ${currency}`,
  amountHint: (min: string, max: string) => `ตั้งแต่ ${min} ถึง ${max}`,
  amountInvalid: 'เลือกหรือกรอกจำนวนเงิน',
  amountOutOfRange: (min: string, max: string) => `กรอกจำนวนเงินตั้งแต่ ${min} ถึง ${max}`,
  amountDigits: 'จำนวนเงินนี้มีทศนิยมมากเกินไปสำหรับสกุลเงินนี้',
  quoteLabel: 'การเติมเงินของคุณ',
  youPay: (amount: string) => `คุณจ่าย ${amount}`,
  youReceive: (amount: string) => `คุณได้รับ ${amount}`,
  rateLine: (base: string, quote: string) => `${base} = ${quote}`,
  validUntil: (time: string) => `อัตรานี้ใช้ได้ถึง ${time}`,
  quoteRefreshing: 'กำลังขออัตราแลกเปลี่ยนใหม่…',
  quoteExpired: 'ใบเสนอราคาหมดอายุแล้ว ต้องใช้อัตราใหม่ก่อนชำระเงิน',
  quoteRefreshed: 'อัตราแลกเปลี่ยนถูกปรับใหม่ก่อนการชำระเงิน กรุณาตรวจสอบใบเสนอราคาใหม่ แล้วจึงชำระ',
  refreshQuote: 'ขออัตราใหม่',
  noRate: 'ไม่มีอัตราแลกเปลี่ยนสำหรับการเติมเงินนี้ จึงเสนอราคาไม่ได้ กรุณาลองใหม่ภายหลัง',
  rateChanged: (amount: string) => `อัตราเปลี่ยนแล้ว: คุณจ่าย ${amount} ไม่ใช่จำนวนที่เสนอไว้`,
  creditChanged: (amount: string) => `อัตราเปลี่ยนแล้ว: คุณได้รับ ${amount} ไม่ใช่จำนวนที่เสนอไว้`,
  pendingCredit: (amount: string) => `${amount} จะเข้ายอดคงเหลือของคุณเมื่อได้รับการชำระเงิน`,
  credited: (amount: string) => `เติม ${amount} เข้ายอดคงเหลือของคุณแล้ว`,
  payAmount: (amount: string) => `ชำระ ${amount}`,
  pay: 'ชำระเงิน',
};

export default terms;
