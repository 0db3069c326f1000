/**
 * The package's views of every method outside the QR family, one line per code (builtin.ts has
 * the QR family's), and the generic view, which a code without a view of its own gets: transfers
 * and virtual accounts, payment codes, crypto, mobile money, UPI collect requests, phone to
 * account, and the redirects to banks and wallets.
 *
 * A chunk of its own (other-views-*.js), imported only by builtin.ts loadOtherViews: the payin
 * views fetch it for a pending payin of one of these codes (or as soon as the shopper chooses one
 * at the form), and a shopper paying by QR never downloads it. What it shares with the QR
 * family's views (parts.ts, qr-payment.ts for a transfer's QR, reference-step.ts, icons.ts) stays
 * in the payin views chunk, which is always there before it; what only these views use (their
 * icons in other-icons.ts, their parts in other-parts.ts, the redirect step in redirect-step.ts,
 * their rules in other-views.styles.ts) comes with it. Loading it registers its views and their
 * styles, which the payin views adopt.
 */
import { bankTransfer } from './bank-transfer.js';
import { codePayment } from './code-payment.js';
import { cryptoOffline } from './crypto.js';
import { genericMethod } from './generic.js';
import { registerBuiltins } from './registry.js';
import { mobileMoney } from './mobile-money.js';
import { otherIcons } from './other-icons.js';
import { phoneToAccount } from './p2a.js';
import { redirectModule } from './redirect.js';
import type { MethodModule, OtherMethodCode } from './types.js';
import { styles } from './other-views.styles.js';
import { upiCollect } from './upi-collect.js';

const bankRedirect = redirectModule();

const modules: Record<OtherMethodCode, MethodModule> = {
  ABSA_PAY: bankRedirect,
  CAPITEC_PAY: bankRedirect,
  CODE_PAYMENT: codePayment,
  CRYPTO_OFFLINE: cryptoOffline,
  EWALLET: redirectModule(['gojek', 'dana', 'ovo', 'shopeeid', 'linkaja'], otherIcons.wallet),
  FPX: bankRedirect,
  P2A_V2: phoneToAccount,
  ONLINE: bankRedirect,
  MOBILE_MONEY: mobileMoney,
  MOMOPAY: redirectModule(['momo'], otherIcons.wallet),
  NEDBANK_DIRECT_EFT: bankRedirect,
  NETBANKING: redirectModule(['upi']),
  OFFLINE: bankTransfer,
  PAY_ME: redirectModule(['payme'], otherIcons.wallet),
  PAYSHAP: bankRedirect,
  PSE: bankRedirect,
  VAPAY: bankTransfer,
  FNB_DIRECT_EFT: bankRedirect,
  UPICOLLECT: upiCollect,
  UPI_ID: upiCollect,
};

registerBuiltins(Object.entries(modules), genericMethod, styles);
