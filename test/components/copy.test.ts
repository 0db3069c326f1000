/**
 * The copy buttons of the pending view, pressed with the browser's own mouse (a script's click()
 * carries no user activation, which WebKit requires for a clipboard write): the value reaches the
 * clipboard, and the element says so to screen readers.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { FakePlatform, BASE_URL, checkoutToken, payinResponse } from '../support/fake-platform.js';
import { mount, startedHere, untilState, $, $$ } from '../support/element.js';

const ACCOUNT_NUMBER = '8801234567890';

/** A real mouse click in the middle of `target`. */
async function press(target: Element) {
  target.scrollIntoView({ block: 'center' });
  const box = target.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)],
  });
}

describe('<pay-checkout> copy buttons', () => {
  let platform: FakePlatform;
  beforeEach(() => {
    platform = new FakePlatform().install();
    // A payin this tab started: the element resumes it at its pending view.
    startedHere();
    platform
      .on('GET', '/merchant-info', { body: { channelInfo: { name: 'Demo Shop' } } })
      .on('GET', '/payins/order-1', {
        body: payinResponse(
          { status: 'PROCESSING' },
          {
            paymentMethodCode: 'OFFLINE',
            account: { bankName: 'Demo Bank', accountName: 'Demo Shop Ltd', accountNumber: ACCOUNT_NUMBER },
          },
        ),
      });
  });
  afterEach(async () => {
    platform.restore();
    await resetMouse();
  });

  it('a click on Copy puts the value on the clipboard and announces "Copied"', async () => {
    const { element } = await mount({
      'base-url': BASE_URL,
      amount: '100',
      'currency-code': 'INR',
      token: checkoutToken(),
    });
    await untilState(element, 'pending');
    const row = $$(element, '.row').find(
      (candidate) => candidate.querySelector('.copy-value')?.textContent === ACCOUNT_NUMBER,
    );
    expect(row, 'the account number has a copy row').to.exist;
    const writes: string[] = [];
    const clipboard = navigator.clipboard;
    const writeText = clipboard.writeText.bind(clipboard);
    // Seen on its way: reading the clipboard back needs a permission some engines only grant by prompt.
    clipboard.writeText = (text: string) => (writes.push(text), writeText(text));
    try {
      await press(row!.querySelector('button.copy')!);
      const status = $(element, '[role="status"]')!;
      await waitUntil(
        () => status.textContent!.trim() === 'Copied',
        `the announcement (is "${status.textContent!.trim()}")`,
        { timeout: 3000 },
      );
      expect(writes).to.deep.equal([ACCOUNT_NUMBER]);
    } finally {
      clipboard.writeText = writeText;
    }
  });
});
