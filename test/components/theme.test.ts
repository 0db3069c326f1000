import { expect, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { FakePlatform, BASE_URL, OPTIONS_INR, checkoutToken, payinResponse } from '../support/fake-platform.js';
import { mount, untilState, $, fastPolling, normalPolling, startedHere } from '../support/element.js';
import { axeViolations, expectAccessible } from '../support/axe.js';
import { contrast, over, rgb, smallTargets } from '../support/measure.js';
import { TOKEN_PROBES, type TokenView } from '../support/theme-tokens.js';
import type { PayCheckout } from '../../src/pay-checkout.js';

const PRESETS = ['default', 'flat', 'night'] as const;
type Preset = (typeof PRESETS)[number];
/** The element's frame as each preset draws it: a sign that its values apply. */
const FRAME_RADIUS: Record<Preset, string> = { default: '8px', flat: '4px', night: '12px' };
const NIGHT_BACKGROUND = 'rgb(22, 26, 43)';

const base = { 'base-url': BASE_URL, amount: '100', 'currency-code': 'INR', token: checkoutToken() };
const notFound = { status: 404, body: { errorCode: 'PAYIN_NOT_FOUND' } };
const style = (node: Element) => getComputedStyle(node);

/**
 * A real click in the middle of a field, as a shopper focuses it. A page shows no focus unless its
 * window has the keyboard focus, which in a browser running two test files at once the other
 * file's window may hold: the browser's own input brings this one to the front first.
 */
async function clickOn(target: Element) {
  target.scrollIntoView({ block: 'center' });
  const box = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

/** The preset's values are drawn (they are a chunk of their own, fetched when the element is given one). */
async function untilPreset(element: PayCheckout, preset: Preset) {
  await waitUntil(
    () => style(element).borderTopLeftRadius === FRAME_RADIUS[preset],
    `the ${preset} preset drawn (corner ${style(element).borderTopLeftRadius})`,
  );
}

describe('<pay-checkout> theme', () => {
  let platform: FakePlatform;
  beforeEach(() => {
    platform = new FakePlatform().install();
    platform.on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } });
    fastPolling();
  });
  afterEach(async () => {
    await resetMouse();
    platform.restore();
    normalPolling();
    document.documentElement.style.removeProperty('--pay-color-background');
  });

  /**
   * The form (UPI collect: a read-only name, the phone's problem shown), a pending QR whose amount
   * differs from the order, and a success.
   */
  async function open(view: TokenView, attributes: Record<string, string> = {}) {
    if (view === 'form') {
      platform
        .on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR })
        .on('GET', '/payins/order-1', notFound);
      const mounted = await mount({
        ...base,
        'payment-method-code': 'UPICOLLECT',
        'account-name': 'Asha Devi',
        'allow-customer-data-change': 'false',
        ...attributes,
      });
      await untilState(mounted.element, 'select');
      mounted.element.reportValidity();
      await mounted.element.updateComplete;
      expect($(mounted.element, '.field-error'), 'a field with its problem').to.exist;
      return mounted.element;
    }
    startedHere();
    platform.on('POST', '/payins/!availablePaymentOptions', { body: OPTIONS_INR }).on('GET', '/payins/order-1', {
      body:
        view === 'pending'
          ? payinResponse({ status: 'PROCESSING' }, { moneyRequired: { amount: 99.5, currencyCode: 'INR' } })
          : payinResponse({ status: 'SUCCESS' }),
    });
    const { element } = await mount({ ...base, 'return-url': 'https://shop.example/return', ...attributes });
    await untilState(element, view === 'pending' ? 'pending' : 'success');
    if (view === 'pending') await waitUntil(() => $(element, 'svg.qr'), 'QR drawn', { timeout: 5000 });
    return element;
  }

  for (const view of ['form', 'pending', 'final'] as const) {
    it(`every --pay-* token of the ${view} view changes what it styles`, async () => {
      const element = await open(view);
      const probes = Object.entries(TOKEN_PROBES).filter(([, probe]) => probe.view === view);
      expect(probes.length).to.be.greaterThan(0);
      for (const [token, probe] of probes) {
        const node = probe.selector === ':host' ? element : $(element, probe.selector);
        expect(node, `${token}: ${probe.selector}`).to.exist;
        if (probe.focus) {
          if (element.shadowRoot!.activeElement !== node) await clickOn(node!);
          expect(node!.matches(':focus-visible'), `${token}: ${probe.selector} shows its focus`).to.equal(true);
        } else (element.shadowRoot!.activeElement as HTMLElement | null)?.blur();
        const before = style(node!).getPropertyValue(probe.property);
        element.style.setProperty(token, probe.value);
        const after = style(node!).getPropertyValue(probe.property);
        element.style.removeProperty(token);
        expect(after, `${token} changes ${probe.selector} ${probe.property}`).not.to.equal(before);
        if (probe.expected) expect(after, `${token}: ${probe.property}`).to.equal(probe.expected);
        expect(style(node!).getPropertyValue(probe.property), `${token} removed`).to.equal(before);
      }
    });
  }

  it('theme is a reflected property, default by default', async () => {
    const element = await open('form');
    expect(element.theme).to.equal('default');
    expect(element.getAttribute('theme')).to.equal('default');
    element.theme = 'night';
    await element.updateComplete;
    expect(element.getAttribute('theme')).to.equal('night');
    await untilPreset(element, 'night');
    element.setAttribute('theme', 'flat');
    await element.updateComplete;
    expect(element.theme).to.equal('flat');
    expect(style(element).backgroundColor, 'flat follows the scheme, not night').not.to.equal(NIGHT_BACKGROUND);
    await untilPreset(element, 'flat');
  });

  it('a page’s own values win over the preset’s, on the element or inherited from the page', async () => {
    const element = await open('form', { theme: 'night' });
    const submit = $(element, '[part="submit"]')!;
    // The preset's own primary, where the page sets none.
    await waitUntil(() => style(submit).backgroundColor === 'rgb(143, 162, 255)', 'night’s primary');
    element.style.setProperty('--pay-color-primary', 'rgb(200, 30, 40)');
    expect(style(submit).backgroundColor).to.equal('rgb(200, 30, 40)');
    element.style.setProperty('--pay-radius', '3px');
    expect(style(element).borderTopLeftRadius, 'the base radius over night’s').to.equal('3px');
    expect(style(submit).borderTopLeftRadius, 'and over its pill buttons').to.equal('3px');
    document.documentElement.style.setProperty('--pay-color-background', 'rgb(5, 6, 7)');
    expect(style(element).backgroundColor, 'inherited from the page').to.equal('rgb(5, 6, 7)');

    const flat = await open('form', { theme: 'flat' });
    await untilPreset(flat, 'flat');
    const input = $(flat, 'input[data-field="phoneNumber"]')!;
    expect(style(input).borderTopWidth, 'flat underlines its fields').to.equal('0px');
    flat.style.setProperty('--pay-input-border-width', '3px');
    expect(style(input).borderTopWidth).to.equal('3px');
  });

  it('a preset’s success and warning reach the payin views, whose own sheet declares their defaults', async () => {
    const final = await open('final', { theme: 'night' });
    await untilPreset(final, 'night');
    expect(style($(final, '[part="status"]')!).borderLeftColor, 'night’s success').to.equal('rgb(95, 220, 150)');
    final.remove();
    const pending = await open('pending', { theme: 'night' });
    await untilPreset(pending, 'night');
    expect(style($(pending, '.amount.required')!).borderTopColor, 'night’s warning').to.equal('rgb(242, 196, 90)');
    pending.style.setProperty('--pay-color-warning', 'rgb(1, 2, 3)');
    expect(style($(pending, '.amount.required')!).borderTopColor, 'the page’s over night’s').to.equal('rgb(1, 2, 3)');
  });

  it('color-scheme chooses light or dark for default and flat; night is dark in both', async () => {
    for (const preset of PRESETS) {
      const backgrounds: string[] = [];
      for (const scheme of ['light', 'dark']) {
        const element = await open('form', { theme: preset, 'color-scheme': scheme });
        await untilPreset(element, preset);
        backgrounds.push(style(element).backgroundColor);
        expect(style(element).colorScheme, `${preset} ${scheme}`).to.equal(preset === 'night' ? 'dark' : scheme);
        element.remove();
      }
      if (preset === 'night') expect(backgrounds).to.deep.equal([NIGHT_BACKGROUND, NIGHT_BACKGROUND]);
      else expect(backgrounds[0], `${preset}: light and dark differ`).not.to.equal(backgrounds[1]);
    }
  });

  for (const preset of PRESETS) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${preset}, ${scheme}: axe (colour contrast, WCAG 2.2 AA) on the form, a pending QR, a success and an error`, async () => {
        const attributes = { theme: preset, 'color-scheme': scheme };
        for (const view of ['form', 'pending', 'final'] as const) {
          const element = await open(view, attributes);
          await untilPreset(element, preset);
          expect(await axeViolations(element, ['color-contrast']), `${view}: colour contrast`).to.deep.equal([]);
          await expectAccessible(element);
          expect(smallTargets(element), `${view}: targets of 24 × 24 px`).to.deep.equal([]);
          element.remove();
        }
        const { element } = await mount({ ...base, token: 'broken', ...attributes });
        await untilState(element, 'error');
        await untilPreset(element, preset);
        await expectAccessible(element);
      });

      it(`${preset}, ${scheme}: every focus ring has 3:1 against the background and nothing of the element hides it`, async () => {
        const element = await open('form', { theme: preset, 'color-scheme': scheme });
        await untilPreset(element, preset);
        const background = rgb(style(element).backgroundColor);
        // Between a button before the element and one after it, Tab goes through the element in
        // order and on to the page. (Past a page's last control Firefox takes the keyboard focus to
        // its own toolbar, and the page then shows no focus at all until its window is focused again.)
        const button = (text: string) => Object.assign(document.createElement('button'), { textContent: text });
        const first = button('before');
        const last = button('after');
        element.before(first);
        element.after(last);
        first.focus();
        const seen: string[] = [];
        for (let step = 0; step < 8; step++) {
          await sendKeys({ press: 'Tab' });
          if (document.activeElement === last) break;
          const focused = element.shadowRoot!.activeElement as HTMLElement | null;
          if (!focused)
            expect.fail(
              `step ${step}: Tab left the element for ${document.activeElement?.tagName}, not the page’s next control`,
            );
          const what = `${focused.tagName} ${focused.getAttribute('type') ?? ''} ${focused.getAttribute('data-field') ?? ''}`;
          expect(focused.matches(':focus-visible'), `${what} (step ${step}) shows its focus`).to.equal(true);
          // A radio's ring is drawn by its method's card (WebKit draws no box-shadow on a native radio).
          const ringed = focused.matches('input[type="radio"]')
            ? focused.closest<HTMLElement>('[part="method"]')!
            : focused;
          const shadows = style(ringed)
            .boxShadow.split(/,(?![^(]*\))/)
            .filter((shadow) => !/\binset\b/.test(shadow));
          const name = `${focused.tagName.toLowerCase()} ${focused.getAttribute('data-field') ?? focused.getAttribute('part') ?? ''}`;
          expect(style(ringed).boxShadow, `${name} has a ring`).not.to.equal('none');
          const ring = over(shadows.at(-1)!, background);
          expect(contrast(ring, background), `${name}: ring ${ring} on ${background}`).to.be.at.least(3);
          expect(rgb(shadows[0]!), `${name}: the gap is the background`).to.deep.equal(background);
          // Focus not obscured: what is drawn at the middle of the focused control is that control.
          const box = ringed.getBoundingClientRect();
          const hit = element.shadowRoot!.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          expect(hit && (hit === focused || ringed.contains(hit)), `${name} is not covered`).to.equal(true);
          seen.push(name);
        }
        expect(document.activeElement === last, `Tab went on to the page (${seen.join(', ')})`).to.equal(true);
        expect(
          seen.some((name) => name.startsWith('input')),
          seen.join(', '),
        ).to.equal(true);
        expect(
          seen.some((name) => name.startsWith('button')),
          seen.join(', '),
        ).to.equal(true);
      });
    }
  }
});
