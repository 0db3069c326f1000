/**
 * The field rules the form checks with. The QR family's are here from the start; the other
 * methods' are a chunk of their own (other-method-rules-*.js), fetched when the shopper chooses one
 * of those methods, as their words are (src/i18n/word-parts.ts). Until it is here that method's
 * form says it is loading, and a submit waits for it. A shopper who pays by QR never fetches it.
 */
import { joinBooks, type RuleBook } from '../api/field-rules.js';
import { Lazy } from '../api/lazy.js';
import { QR_FAMILY_BOOK } from '../api/qr-family-rules.js';

let book: RuleBook = QR_FAMILY_BOOK;

const otherRules = new Lazy(() =>
  import('../api/other-method-rules.js').then(({ OTHER_METHODS_BOOK }) => {
    book = joinBooks(QR_FAMILY_BOOK, OTHER_METHODS_BOOK);
  }),
);

/** The rules the form has now. */
export const formBook = (): RuleBook => book;

/**
 * Whether the form has the rules of `code` (none chosen needs none): the QR family's, or any other
 * once the other methods' are here (a code no rule names has none).
 */
export const rulesHere = (code: string | undefined): boolean =>
  !code || code in book.rules || otherRules.status === 'ready';

/** Fetches the other methods' rules; after a failure, the next call asks again ("Try again"). */
export const loadOtherRules = (): Promise<void> => otherRules.get();

/**
 * Fetches the rules of `code` when they are missing and not asked for yet (a failure waits for
 * loadOtherRules, so an offline form does not ask again at every render); `then` runs when they
 * have come or failed.
 */
export function wantRules(code: string | undefined, then: () => void): void {
  if (!rulesHere(code) && otherRules.status === 'idle') otherRules.get().then(then, then);
}

/** Whether the other methods' rules failed to load (until they are asked for again). */
export const otherRulesFailed = (): boolean => otherRules.status === 'failed';
