/**
 * English terms of a payin's views on the way to a successful payment by QR (pending and final),
 * a chunk fetched beside those views when the locale needs English; the other methods' views and
 * trouble are in en-more.ts. With en-checkout.ts and en-more.ts they make `en` (en.ts), the source
 * of truth.
 */

export const enPayin = {
  amountToPay: 'Amount to pay',
  successText: 'Thank you. Your payment has been received.',
  expiresIn: (time: string) => `Time left to pay: ${time}`,
  checkingStatus: 'Checking payment status…',
  connectionLost: 'Connection lost. Retrying…',
  checkAgain: 'Check again',
  reference: 'Reference',
  moneyRequiredNote: (required: string, order: string) =>
    `Pay exactly ${required}. It differs from the order amount of ${order} so that your payment can be matched.`,
  payExactly: (amount: string) => `Pay exactly ${amount}`,
  copy: 'Copy',
  copyLabel: (what: string) => `Copy ${what}`,
  copied: 'Copied',
  instructions: 'How to pay',
  openApp: 'Open the app',
  unsafeLink: 'This link cannot be opened safely, so it is not shown.',
  upiScan: 'Scan the QR code with any UPI app (Google Pay, PhonePe, Paytm, BHIM…).',
  upiOpenApp: 'Pay with a UPI app on this phone',
  upiPayingFrom: (upiId: string) => `Paying from ${upiId}`,
  referenceTitle: 'Confirm with your UTR',
  referenceRequiredHint:
    'After paying, enter the 12-digit UTR (transaction reference) your bank shows. The payment completes once it is matched.',
  referenceOptionalHint: 'Paid already? Entering the 12-digit UTR from your UPI app confirms the payment faster.',
  sendReference: 'Send reference',
  sendingReference: 'Sending…',
  referenceSent: 'Reference received. We are matching your payment.',
  referenceOnFile: (reference: string) => `Reference received: ${reference}`,
  qrPayload: 'QR payload',
  pixCopyPaste: 'Pix copy and paste code',
  qrLabel: 'QR code to scan with your app',
  qrLoadFailed: 'The QR code could not be drawn. Use the payment details instead.',
  scanQr: 'Scan the QR code with your banking or wallet app.',
  copyBlocked: 'Copying was blocked, so the text is selected: copy it with your device’s own copy command.',
  supportDetails: 'Details for support',
  saveQr: 'Save QR image',
  qrSaveHint: 'Paying on this phone? Save the QR image, open your banking app and scan the image from your gallery.',
  pixPasteHint: 'Paying on this phone? Copy the Pix code and paste it in your bank app, under Pix Copia e Cola.',
  copyPixCode: 'Copy Pix code',
  payBy: (time: string, day: string) => `Pay by ${time} ${day}`,
  amountPaid: 'Amount paid',
  receipt: 'Payment summary',
  qrSaveAlso: 'Or save the QR image, open your banking app and scan the image from your gallery.',
};
