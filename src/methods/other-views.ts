/**
 * The package's views of every method outside the QR family, one line per code (builtin.ts has
 * the QR family's), and the generic view, which a code without a view of its own gets: transfers
 * and virtual accounts, payment codes, crypto, mobile money, phone to account, and the redirects
 * to banks and wallets.
 *
 * A chunk of its own (other-views-*.js), imported only by builtin.ts loadOtherViews: the payin
 * views fetch it for a pending payin of one of these codes (or as soon as the shopper chooses one
 * at the form), and a shopper paying by QR never downloads it. What it shares with the QR
 * family's views (parts.ts, qr-payment.ts for a transfer's QR, reference-step.ts, icons.ts) stays
 * in the payin views chunk, which is always there before it; what only these views use (their
 * icons in other-icons.ts, the redirect step in redirect-step.ts) comes with it. Loading it
 * registers its views.
 */
import { bankTransfer } from './bank-transfer.js';
import { codePayment } from './code-payment.js';
import { cryptoOffline } from './crypto.js';
import { genericMethod } from './generic.js';
import { icons } from './icons.js';
import { registerBuiltins } from './registry.js';
import { mobileMoney } from './mobile-money.js';
import { phoneToAccount } from './p2a.js';
import { redirectModule } from './redirect.js';
import type { MethodModule, OtherMethodCode } from './types.js';

const bankRedirect = redirectModule();

const modules: Record<OtherMethodCode, MethodModule> = {
  ABSA_PAY: bankRedirect,
  CAPITEC_PAY: bankRedirect,
  CODE_PAYMENT: codePayment,
  CRYPTO_OFFLINE: cryptoOffline,
  EWALLET: redirectModule(['gojek', 'dana', 'ovo', 'shopeeid', 'linkaja'], icons.wallet),
  FPX: bankRedirect,
  P2A_V2: phoneToAccount,
  ONLINE: bankRedirect,
  MOBILE_MONEY: mobileMoney,
  MOMOPAY: redirectModule(['momo'], icons.wallet),
  NEDBANK_DIRECT_EFT: bankRedirect,
  NETBANKING: redirectModule(['upi']),
  OFFLINE: bankTransfer,
  PAY_ME: redirectModule(['payme'], icons.wallet),
  PAYSHAP: bankRedirect,
  PSE: bankRedirect,
  VAPAY: bankTransfer,
  FNB_DIRECT_EFT: bankRedirect,
};

registerBuiltins(Object.entries(modules), genericMethod);
