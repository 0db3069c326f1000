/**
 * Deadlines in every bundled locale's own words, in a real browser: where its Intl has the
 * locale's data, Intl's; where it has none (Chromium: Lao, Zulu), the locale's own (en.ts
 * DeadlineWords) and the 24-hour clock — never English's "today" or "1 hr 30 min".
 */
import { expect } from '@open-wc/testing';
import { bundledLocales } from '../../src/i18n/locales.js';
import { Localizer } from '../../src/i18n/localize.js';
import { loadWords } from '../../src/i18n/words.js';
import { countdownText, payByText } from '../../src/components/pay-checkout/views/deadline.js';

const now = new Date(2025, 0, 10, 9, 0).getTime();
const at = (day: number) => new Date(2025, 0, day, 17, 41).getTime();
const english = new Localizer('en');

describe('deadlines in every bundled locale', () => {
  before(() => Promise.all(Object.keys(bundledLocales).map((code) => loadWords(code, 'checkout'))));

  for (const code of Object.keys(bundledLocales)) {
    it(`${code}: today, tomorrow, a date and a countdown in its own words`, () => {
      const l = new Localizer(code);
      const own = l.bundled!.$deadline;
      const intlHasIt = Intl.DateTimeFormat.supportedLocalesOf(l.lang).length > 0;
      // A locale this browser's Intl lacks must bring words of its own, or it would say English.
      expect(intlHasIt || !!own, `${code}: no Intl data here and no words of its own`).to.equal(true);
      const today = payByText(l, at(10), now);
      const tomorrow = payByText(l, at(11), now);
      const later = payByText(l, at(15), now);
      for (const text of [today, tomorrow, later]) {
        expect(text).to.not.match(/\b(today|tomorrow|Wed)\b/, `${code}: "${text}"`);
        expect(text).to.match(/17[:.]41|5[:.]41|०५|০৫/, `${code}: "${text}" says the time`);
      }
      expect(countdownText(l, 90 * 60_000)).to.not.equal(countdownText(english, 90 * 60_000));
      if (!intlHasIt) {
        expect(today).to.contain(own!.today).and.contain('17:41');
        expect(tomorrow).to.contain(own!.tomorrow);
        expect(later).to.contain(own!.date(new Date(at(15))));
        expect(countdownText(l, 90 * 60_000)).to.contain(own!.minutes(30).replace(/ /g, '\u00a0'));
      }
    });
  }
});
