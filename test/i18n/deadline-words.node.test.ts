/**
 * Deadlines in the locale's own words where the browser's Intl has no data for it: Chromium has
 * none for Lao or Zulu and would say "5:41 PM today" and "1 hr 30 min". Node has every locale, so
 * here an engine without Lao and Zulu is one whose supportedLocalesOf leaves them out, as
 * Chromium's does (test/i18n/deadline-words.test.ts sees the real one).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Localizer } from '../../src/i18n/localize.js';
import { loadWords } from '../../src/i18n/words.js';
import { countdownText, payByText } from '../../src/components/pay-checkout/views/deadline.js';

const now = new Date(2025, 0, 10, 9, 0).getTime();
const at = (day: number) => new Date(2025, 0, day, 17, 41).getTime();
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('deadlines where Intl has no data for the locale', () => {
  const original = Intl.DateTimeFormat.supportedLocalesOf;
  before(async () => {
    await Promise.all(['lo', 'zu', 'th'].map((code) => loadWords(code, 'checkout')));
    Intl.DateTimeFormat.supportedLocalesOf = (locales, options) =>
      original(locales, options).filter((tag) => !/^(lo|zu)\b/.test(tag));
  });
  after(() => void (Intl.DateTimeFormat.supportedLocalesOf = original));

  it('Lao: its own words for today and tomorrow, its short date, the 24-hour clock', () => {
    const lo = new Localizer('lo');
    assert.equal(payByText(lo, at(10), now), 'ຊຳລະພາຍໃນ 17:41 ມື້ນີ້');
    assert.equal(payByText(lo, at(11), now), 'ຊຳລະພາຍໃນ 17:41 ມື້ອື່ນ');
    assert.equal(payByText(lo, at(15), now), 'ຊຳລະພາຍໃນ 17:41 ວັນທີ 15/1');
    assert.equal(countdownText(lo, 90 * 60_000), `${nbsp('1 ຊົ່ວໂມງ')} ${nbsp('30 ນາທີ')}`);
    assert.equal(countdownText(lo, 2 * 3600_000), nbsp('2 ຊົ່ວໂມງ'));
  });

  it('Zulu: namuhla and kusasa, its weekday and month, hours and minutes with their concords', () => {
    const zu = new Localizer('zu');
    assert.equal(payByText(zu, at(10), now), 'Khokha namuhla ngaphambi kuka-17:41');
    assert.equal(payByText(zu, at(11), now), 'Khokha kusasa ngaphambi kuka-17:41');
    assert.equal(payByText(zu, at(15), now), 'Khokha Tha, 15 Jan ngaphambi kuka-17:41');
    assert.equal(countdownText(zu, 90 * 60_000), `${nbsp('ihora elilodwa')} ${nbsp('imizuzu engu-30')}`);
    assert.equal(countdownText(zu, 2 * 3600_000 + 60_000), `${nbsp('amahora angu-2')} ${nbsp('umzuzu owodwa')}`);
  });

  it('under an hour the countdown is m:ss, which needs no words', () => {
    assert.equal(countdownText(new Localizer('lo'), 14 * 60_000 + 5_000), '14:05');
    assert.equal(countdownText(new Localizer('zu'), 59_000), '0:59');
  });
});

describe('deadlines where Intl has the data', () => {
  before(() => Promise.all(['lo', 'zu'].map((code) => loadWords(code, 'checkout'))));

  it('a locale with words of its own still says Intl’s where the engine has them (CLDR’s Zulu says namhlanje)', () => {
    const zu = new Localizer('zu');
    assert.equal(
      payByText(zu, at(10), now),
      `Khokha ${new Intl.RelativeTimeFormat('zu', { numeric: 'auto' }).format(0, 'day')} ngaphambi kuka-17:41`,
    );
    assert.doesNotMatch(payByText(zu, at(10), now), /namuhla/);
    assert.equal(
      countdownText(zu, 90 * 60_000),
      `${nbsp(new Intl.NumberFormat('zu', { style: 'unit', unit: 'hour', unitDisplay: 'short' }).format(1))} ${nbsp(new Intl.NumberFormat('zu', { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(30))}`,
    );
    assert.match(payByText(new Localizer('lo'), at(10), now), /ມື້ນີ້/);
  });
});
