/**
 * A bundled locale ships as two chunks: the words every shopper may see on the way to a
 * successful payment by QR — the form, the QR views, the success screen (`th-*.js`) — and the words
 * only some see (`th-more-*.js`): the fields of the other methods' forms, their pending views (transfers' bank details,
 * redirects, mobile money, a UPI collect request, crypto, payment codes) and trouble — errors, a business rejection, a
 * failed or refused payment and its reason, a different amount, expiry. A shopper who pays by QR
 * without trouble never fetches the second part. One who chooses another method fetches it while
 * filling the form; a view that needs it waits for it (it is asked for at the latest then), and so
 * does a pay-error or a submit() result, whose `message` is in the shopper's language.
 *
 * The split is made by the build (vite.config.ts `splitWords`) from the translation files as they
 * are, by the keys of word-split.ts: the files keep one object each, and a key added to them goes to the
 * first part unless it is listed here. English is written in the same parts by hand (en-checkout,
 * en-payin, en-more). Outside the build (tests on src/, Node) both imports give the whole
 * translation.
 */
import { QR_FAMILY_RULES } from '../api/qr-family-rules.js';

/** The methods whose pending view says none of MORE_WORDS: the QR family (the package's QR views), whose rules every form has. */
export const CORE_WORDS_METHODS: ReadonlySet<string> = new Set(Object.keys(QR_FAMILY_RULES));

/** Whether the pending view of `code` may say MORE_WORDS: any method but the package's QR views, or a view of the merchant's own. */
export const needsMoreWords = (code: string | undefined, ownView: boolean): boolean =>
  !!code && (ownView || !CORE_WORDS_METHODS.has(code));
