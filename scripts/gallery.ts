/**
 * `npm run gallery`: what shoppers see, as a contact sheet of screenshots for people to review
 * (issue 14, item 10). The BUILT element (dist/) in headless Chromium through Playwright, against
 * the sandbox emulator in-process (scripts/page-server.ts): every method's form, pending and final
 * views × {1280 px desktop, 375 px phone (touch)} × {light, dark} × {en, th, hi}, then the end
 * states a shopper may meet (an expired QR, a different amount received, refused, errors, a copy).
 * Writes test/output/gallery/index.html and its PNGs.
 *
 *   npm run gallery                                  everything (about 3 minutes on 2 cores)
 *   npm run gallery -- --only UPIQR,OFFLINE-THB      some cases (by name; `dashboard`: the emulator's; `demo`: the demo's pages)
 *   npm run gallery -- --locales en --devices phone  some locales or devices
 *   npm run gallery -- --only demo --views shop,wallet-checkout   some of the demo's pages
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright';
import { checkoutOperations, fieldRulesFor, isRequired, PAYIN_METHOD_TABLE } from 'pay-checkout/server';
import { sampleValue } from '../test/support/samples.js';
import { ensureBuilt } from './ensure-build.mjs';
import { DASHBOARD_VIEWS, dashboardShots } from './gallery-dashboard.js';
import { DEMO_VIEWS, demoShots } from './gallery-demo.js';
import { launchChromium, startPageServer, uniquePayinId, type PageServer } from './page-server.js';

const OUT = new URL('../test/output/gallery/', import.meta.url);
const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index < 0 ? undefined : process.argv[index + 1]?.split(',');
};

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;
type Device = keyof typeof DEVICES;
const SCHEMES = ['light', 'dark'] as const;
const LOCALES = ['en', 'th', 'hi'];

/** An everyday amount per currency (≥ 51, so the emulator's scenario is a plain success). */
const AMOUNTS: Record<string, number> = {
  INR: 499,
  THB: 350,
  MYR: 120,
  IDR: 150000,
  VND: 250000,
  PHP: 560,
  BRL: 89.9,
  ZAR: 249,
  KES: 1500,
  GHS: 120,
  TZS: 25000,
  ZMW: 300,
  TWD: 890,
  KRW: 35000,
  USDT: 60,
  USDC: 60,
  COP: 85000,
  NAD: 249,
  ARS: 15000,
  CNY: 120,
  JPY: 3500,
  LAK: 250000,
  MXN: 450,
  NGN: 25000,
};

interface Case {
  name: string;
  code: string;
  currencyCode: string;
  amount?: number;
  attributes?: Record<string, string>;
  /** Also show the pending view just after the shopper pressed its first Copy. */
  copy?: boolean;
}

/** Every code of the method table in its first currency, and the variants a shopper may meet. */
const FLOWS: Case[] = [
  ...[...new Map(PAYIN_METHOD_TABLE.map((row) => [row.code, row])).values()].map((row) => ({
    name: row.code,
    code: row.code,
    currencyCode: row.currencies[0],
  })),
  { name: 'UPIQR-deep-link', code: 'UPIQR', currencyCode: 'INR', attributes: { 'show-deep-link': 'true' } },
  { name: 'UPIQR-upi-id', code: 'UPIQR', currencyCode: 'INR', attributes: { 'upi-id': 'asha@okdemo' } },
  { name: 'OFFLINE-THB', code: 'OFFLINE', currencyCode: 'THB', copy: true },
  { name: 'OFFLINE-VND-QR', code: 'OFFLINE', currencyCode: 'VND' },
  { name: 'OFFLINE-LAK-QR', code: 'OFFLINE', currencyCode: 'LAK' },
  { name: 'VAPAY-KRW', code: 'VAPAY', currencyCode: 'KRW' },
  { name: 'CRYPTO-USDT', code: 'CRYPTO_OFFLINE', currencyCode: 'USDT' },
];

/** End states reached by the emulator's scenarios (amounts) after its clock moves on an hour. */
const ENDS: (Case & { kind: 'resume' | 'error-base-url' | 'error-token-expired' | 'error-retryable' })[] = [
  { name: 'expired-UPIQR', code: 'UPIQR', currencyCode: 'INR', amount: 1, kind: 'resume' },
  { name: 'expired-PROMPTPAY', code: 'PROMPTPAY', currencyCode: 'THB', amount: 1, kind: 'resume' },
  { name: 'different-amount-failed', code: 'UPIQR', currencyCode: 'INR', amount: 25, kind: 'resume' },
  { name: 'different-amount-success', code: 'OFFLINE', currencyCode: 'THB', amount: 35, kind: 'resume' },
  { name: 'failed', code: 'QRISPAY', currencyCode: 'IDR', amount: 10, kind: 'resume' },
  { name: 'refused', code: 'NETBANKING', currencyCode: 'INR', amount: 48, kind: 'resume' },
  { name: 'error-base-url', code: 'UPIQR', currencyCode: 'INR', kind: 'error-base-url' },
  { name: 'error-token-expired', code: 'UPIQR', currencyCode: 'INR', kind: 'error-token-expired' },
  { name: 'error-retryable', code: 'UPIQR', currencyCode: 'INR', kind: 'error-retryable' },
];

/**
 * Top-ups (kind="topup", issue 22): the form with its quote, pending (the platform's numbers), and
 * the final view with the amount credited; the customer's own amount from presets; no rate.
 */
interface TopUpCase {
  name: string;
  code: string;
  currencyCode: string;
  attributes: Record<string, string>;
  /** The token may read GET /fx-rates (else a by-action token: no rate, unless handed in). */
  fxRates: boolean;
  /** Only the form: the case stops before paying. */
  formOnly?: boolean;
}
const TOP_UPS: TopUpCase[] = [
  {
    name: 'TOPUP-credit',
    code: 'UPIQR',
    currencyCode: 'INR',
    fxRates: true,
    attributes: { 'credit-amount': '100', 'credit-currency': 'USD' },
  },
  {
    name: 'TOPUP-pay',
    code: 'PROMPTPAY',
    currencyCode: 'THB',
    fxRates: true,
    attributes: { amount: '3500', 'credit-currency': 'USD' },
  },
  {
    name: 'TOPUP-choose',
    code: 'UPIQR',
    currencyCode: 'INR',
    fxRates: true,
    formOnly: true,
    attributes: {
      'amount-presets': '10,50,100',
      'min-amount': '5',
      'max-amount': '500',
      'credit-currency': 'USD',
    },
  },
  {
    name: 'TOPUP-no-rate',
    code: 'UPIQR',
    currencyCode: 'INR',
    fxRates: false,
    formOnly: true,
    attributes: { 'credit-amount': '100', 'credit-currency': 'USD' },
  },
];

const only = argument('only');
const locales = argument('locales') ?? LOCALES;
const devices = (argument('devices') ?? Object.keys(DEVICES)) as Device[];
const wanted = (item: { name: string }) => !only || only.includes(item.name);

interface Shot {
  name: string;
  view: string;
  device: Device;
  scheme: (typeof SCHEMES)[number];
  locale: string;
  file: string;
  note?: string;
}
const shots: Shot[] = [];
const progress = (line: string) => process.stderr.write(`· ${line}\n`);

/**
 * A page of the shop with the element, outside the strict CSP (the gallery styles its page).
 * `startedHere`: the payin was started in this tab (the element's sessionStorage marker, as after
 * a reload), so the element reads it and resumes instead of showing the form.
 */
function pageHtml(attributes: Record<string, string>, startedHere = false): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const list = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
  const marker = `pay-checkout:started:${new URL(attributes['base-url']!).href} ${attributes['payin-id']}`;
  return `<!doctype html><html lang="${attributes.locale ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>:root{color-scheme:light dark}body{margin:0;background:Canvas;color:CanvasText;font-family:system-ui,sans-serif}main{box-sizing:border-box;max-width:30rem;margin:0 auto;padding:16px}</style>
${startedHere ? `<script>sessionStorage.setItem(${JSON.stringify(marker)}, '1')</script>` : ''}
<script type="module" src="/dist/pay-checkout.js"></script></head><body><main id="host"><pay-checkout${list}></pay-checkout></main></body></html>`;
}

async function mintToken(
  server: PageServer,
  idPayin: string,
  money: { amount: number; currencyCode: string },
  validitySecs?: number,
) {
  return server.issuer.withOperations({
    operations: checkoutOperations(idPayin, { merchantInfo: true, externalReference: true }),
    money,
    validitySecs,
  });
}

/** Screenshots of the element as it is, light and dark; `prepare` runs before each (a state that lasts a moment). */
async function shoot(
  page: Page,
  item: Case,
  view: string,
  device: Device,
  locale: string,
  note?: string,
  prepare?: () => Promise<void>,
) {
  // A drawn QR, not its placeholder; no skeleton; fonts in place.
  await page.waitForFunction(
    () => !document.querySelector('pay-checkout')?.shadowRoot?.querySelector('.qr-placeholder, .skeleton'),
    undefined,
    { timeout: 10_000 },
  );
  // Rendered now: a page the browser deems hidden re-renders nothing by itself (no countdown).
  await page.evaluate(async () => {
    const element = document.querySelector('pay-checkout') as HTMLElement & {
      requestUpdate(): void;
      updateComplete: Promise<boolean>;
    };
    element.requestUpdate();
    await element.updateComplete;
    await document.fonts.ready;
  });
  // Laid out and still: the same box twice, a few frames apart.
  let box = await page.locator('main').boundingBox();
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(60);
    const now = await page.locator('main').boundingBox();
    if (now && box && now.height === box.height && now.width === box.width) break;
    box = now;
  }
  for (const scheme of SCHEMES) {
    // The scheme by the element's color-scheme attribute and the page's (one emulated medium for
    // the whole run); each shot checks that it shows the view of its device.
    const drawn = await page.evaluate(async (scheme) => {
      document.documentElement.style.colorScheme = scheme;
      const element = document.querySelector('pay-checkout') as HTMLElement & {
        updateComplete: Promise<boolean>;
      };
      element.setAttribute('color-scheme', scheme);
      await element.updateComplete;
      return {
        coarse: matchMedia('(pointer: coarse)').matches,
        step: element.shadowRoot!.querySelector('.qr-step')?.className,
      };
    }, scheme);
    if (
      drawn.coarse !== (device === 'phone') ||
      (drawn.step && drawn.step.includes('touch') !== (device === 'phone'))
    ) {
      progress(
        `${item.name} ${view} ${device} ${locale} ${scheme}: drawn for the wrong device (${JSON.stringify(drawn)})`,
      );
    }
    await prepare?.();
    const file = `${item.name}/${view}-${device}-${scheme}-${locale}.png`;
    await page.locator('main').screenshot({ path: new URL(file, OUT).pathname, animations: 'disabled' });
    shots.push({ name: item.name, view, device, scheme, locale, file, note });
  }
  await page.evaluate(() => {
    document.documentElement.style.colorScheme = '';
    document.querySelector('pay-checkout')!.removeAttribute('color-scheme');
  });
}

const stateOf = (page: Page) => page.locator('pay-checkout').getAttribute('state');
async function untilState(page: Page, state: string) {
  await page.waitForFunction(
    (wanted) => {
      const element = document.querySelector('pay-checkout') as (HTMLElement & { state: string; views: string }) | null;
      return (
        !!element &&
        element.state === wanted &&
        (['loading', 'select', 'submitting', 'error'].includes(wanted) || element.views === 'ready')
      );
    },
    state,
    { timeout: 15_000 },
  );
}

/** The form, filled as a shopper would, then pending, then the success the emulator is told to give. */
async function flow(server: PageServer, context: BrowserContext, item: Case, device: Device, locale: string) {
  const page = await context.newPage();
  try {
    const idPayin = uniquePayinId(item.name.toLowerCase());
    const amount = item.amount ?? AMOUNTS[item.currencyCode]!;
    const token = await mintToken(server, idPayin, { amount, currencyCode: item.currencyCode });
    const attributes = {
      token,
      'base-url': server.platformUrl,
      'payin-id': idPayin,
      amount: String(amount),
      'currency-code': item.currencyCode,
      'payment-method-code': item.code,
      'options-available': 'false',
      'return-url': 'https://shop.example/orders/1029',
      locale,
      ...item.attributes,
    };
    await page.goto(server.page(pageHtml(attributes), { csp: false }));
    await untilState(page, 'select');
    const fields = fieldRulesFor(item.code, item.currencyCode).filter(
      (rule) =>
        isRequired(rule, item.currencyCode) &&
        rule.field !== 'paymentOperatorCode' &&
        rule.field !== 'externalReference.reference',
    );
    await page.evaluate(
      (values) => {
        const element = document.querySelector('pay-checkout') as HTMLElement & {
          setValue(field: string, value: string): void;
        };
        for (const [field, value] of values) element.setValue(field, value);
      },
      fields.map((rule) => [rule.field, sampleValue(rule.field, item.code, item.currencyCode)] as [string, string]),
    );
    const operators = page.locator('pay-checkout #f-operator');
    if ((await operators.count()) && (await operators.locator('option').count()) > 1)
      await operators.selectOption({ index: 1 });
    await shoot(page, item, 'form', device, locale);
    await page.locator('pay-checkout [part="submit"]').click();
    await untilState(page, 'pending');
    await shoot(page, item, 'pending', device, locale);
    if (item.copy) {
      // "Copied" lasts a moment: the copy is made again just before each screenshot, then the
      // keyboard moves on to the next Copy, so its focus ring shows too.
      await shoot(page, item, 'copied', device, locale, undefined, async () => {
        await page.locator('pay-checkout .row button.copy').first().click();
        await page.waitForFunction(
          () => document.querySelector('pay-checkout')?.shadowRoot?.querySelector('button.done, .copy-note'),
          undefined,
          { timeout: 5000 },
        );
        await page.keyboard.press('Tab');
      });
    }
    await fetch(`${server.sandbox.url}/__sandbox/payins/${encodeURIComponent(idPayin)}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'SUCCESS' }),
    });
    await untilState(page, 'success');
    await shoot(page, item, 'final', device, locale);
  } catch (error) {
    progress(
      `${item.name} ${device} ${locale}: ${(error as Error).message.split('\n')[0]} (state ${await stateOf(page).catch(() => '?')})`,
    );
    await page
      .locator('main')
      .screenshot({ path: new URL(`${item.name}/failed-${device}-${locale}.png`, OUT).pathname })
      .catch(() => undefined);
  } finally {
    await page.close();
  }
}

/** Runs `jobs` with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await run(item);
    }),
  );
}

function contactSheet(): string {
  const names = [...new Set(shots.map((shot) => shot.name))];
  const views = ['form', 'pending', 'copied', 'final', 'end', ...DASHBOARD_VIEWS, ...DEMO_VIEWS];
  const columns = devices.flatMap((device) => SCHEMES.map((scheme) => ({ device, scheme })));
  const section = (name: string) => {
    const rows = views.flatMap((view) =>
      locales.map((locale) => {
        const cells = columns.map(({ device, scheme }) =>
          shots.find(
            (s) =>
              s.name === name && s.view === view && s.locale === locale && s.device === device && s.scheme === scheme,
          ),
        );
        if (!cells.some(Boolean)) return '';
        return `<tr><th>${view}<br><small>${locale}</small></th>${cells.map((shot) => `<td>${shot ? `<a href="${shot.file}"><img loading="lazy" src="${shot.file}" alt="${name} ${view} ${shot.device} ${shot.scheme} ${locale}"></a>` : ''}</td>`).join('')}</tr>`;
      }),
    );
    return `<section id="${name}"><h2>${name}</h2><table><tr><th></th>${columns.map((c) => `<th>${c.device} · ${c.scheme}</th>`).join('')}</tr>${rows.join('')}</table></section>`;
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pay-checkout gallery</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;background:#f3f4f6}nav a{margin-right:.75em}table{border-collapse:collapse}td,th{vertical-align:top;padding:6px}th{font-weight:600;text-align:left}img{width:220px;border:1px solid #ccc;background:#fff}section{margin:32px 0}</style></head>
<body><h1>pay-checkout: what shoppers see</h1><p>${shots.length} screenshots, ${new Date().toISOString()}. Built element (dist/) against the sandbox emulator; phone = 375 px with touch, desktop = 1280 px.</p>
<nav>${names.map((name) => `<a href="#${name}">${name}</a>`).join(' ')}</nav>${names.map(section).join('')}</body></html>`;
}

async function main() {
  const started = Date.now();
  await ensureBuilt();
  if (!only) rmSync(OUT, { recursive: true, force: true });
  for (const item of [...FLOWS, ...ENDS, ...TOP_UPS])
    if (wanted(item)) mkdirSync(new URL(`${item.name}/`, OUT), { recursive: true });
  // A long settle delay: a payment stays pending until the gallery says how it ends.
  const [server, browser]: [PageServer, Browser] = await Promise.all([
    startPageServer({ sandbox: { settleDelayMs: 3_600_000 } }),
    launchChromium(),
  ]);
  try {
    const contexts = Object.fromEntries(
      await Promise.all(
        devices.map(async (device) => {
          const context = await browser.newContext({ ...DEVICES[device], colorScheme: 'light' });
          // The device's pointer, answered steadily: Chromium's touch emulation lapses while a
          // screenshot is taken, and a countdown render in that moment drew a phone's view for a
          // desktop. A real phone does not change its pointer; the views read it at each render.
          await context.addInitScript((coarse: boolean) => {
            const original = window.matchMedia.bind(window);
            window.matchMedia = (query: string) =>
              query === '(pointer: coarse)'
                ? ({
                    matches: coarse,
                    media: query,
                    addEventListener() {},
                    removeEventListener() {},
                  } as unknown as MediaQueryList)
                : original(query);
          }, device === 'phone');
          return [device, context] as const;
        }),
      ),
    );
    const jobs = FLOWS.filter(wanted).flatMap((item) =>
      devices.flatMap((device) => locales.map((locale) => ({ item, device, locale }))),
    );
    let done = 0;
    await pool(jobs, 4, async ({ item, device, locale }) => {
      await flow(server, contexts[device]!, item, device, locale);
      if (++done % 20 === 0) progress(`${done}/${jobs.length} flows`);
    });
    await ends(server, contexts as Record<Device, BrowserContext>);
    await topUps(server, contexts as Record<Device, BrowserContext>);
    // The emulator's dashboard, as a merchant's developer keeps it open: desktop only.
    if (wanted({ name: 'dashboard' })) {
      mkdirSync(new URL('dashboard/', OUT), { recursive: true });
      for (const shot of await dashboardShots(browser, OUT))
        shots.push({
          name: 'dashboard',
          view: shot.view,
          device: 'desktop',
          scheme: shot.scheme,
          locale: 'en',
          file: shot.file,
        });
    }
    // The demo's pages, as a new user tries them on a phone and a laptop.
    if (wanted({ name: 'demo' })) {
      mkdirSync(new URL('demo/', OUT), { recursive: true });
      for (const shot of await demoShots(browser, OUT, argument('views')))
        shots.push({ name: 'demo', locale: 'en', ...shot });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  writeFileSync(new URL('index.html', OUT), contactSheet());
  progress(
    `${shots.length} screenshots in ${((Date.now() - started) / 1000).toFixed(0)} s: ${new URL('index.html', OUT).pathname}`,
  );
}

/** Top-ups: form and quote, then pending; the emulator's clock an hour on settles them, then the final view. */
async function topUps(server: PageServer, contexts: Record<Device, BrowserContext>) {
  const jobs = TOP_UPS.filter(wanted).flatMap((item) =>
    devices.flatMap((device) => locales.map((locale) => ({ item, device, locale }))),
  );
  const pending: { item: TopUpCase; device: Device; locale: string; page: Page }[] = [];
  for (const { item, device, locale } of jobs) {
    const page = await contexts[device].newPage();
    const idTopUp = uniquePayinId(item.name.toLowerCase());
    const escaped = idTopUp.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
    // A day-long token: the final views come after the emulator's clock moves 3700 s on, past a
    // default token's 1800 s, and a top-up page has nothing to renew it (it would wait for one).
    const validitySecs = 86_400;
    const token = item.fxRates
      ? await server.issuer.withOperations({
          operations: [
            'POST /topups/!availablePaymentOptions',
            `POST /topups/${escaped}`,
            `GET /topups/${escaped}`,
            'GET /fx-rates',
          ],
          validitySecs,
        })
      : await server.issuer.byAction({ action: 'WALLET_OPERATION_CREATE', idPayment: idTopUp, validitySecs });
    const attributes = {
      kind: 'topup',
      token,
      'base-url': server.platformUrl,
      'topup-id': idTopUp,
      'currency-code': item.currencyCode,
      'payment-method-code': item.code,
      'options-available': 'false',
      'return-url': 'https://shop.example/wallet',
      locale,
      ...item.attributes,
    };
    try {
      await page.goto(
        server.page(pageHtml({ ...attributes, 'payin-id': idTopUp }).replace(` payin-id="${idTopUp}"`, ''), {
          csp: false,
        }),
      );
      await untilState(page, 'select');
      const fields = fieldRulesFor(item.code, item.currencyCode).filter(
        (rule) =>
          isRequired(rule, item.currencyCode) &&
          rule.field !== 'paymentOperatorCode' &&
          rule.field !== 'externalReference.reference',
      );
      await page.evaluate(
        (values) => {
          const element = document.querySelector('pay-checkout') as HTMLElement & {
            setValue(field: string, value: string): void;
          };
          for (const [field, value] of values) element.setValue(field, value);
        },
        fields.map((rule) => [rule.field, sampleValue(rule.field, item.code, item.currencyCode)] as [string, string]),
      );
      await page.waitForFunction(
        () => document.querySelector('pay-checkout')?.shadowRoot?.querySelector('[part="quote"] p'),
        undefined,
        { timeout: 10_000 },
      );
      await shoot(page, item as unknown as Case, 'form', device, locale);
      if (item.formOnly) {
        await page.close();
        continue;
      }
      await page.locator('pay-checkout [part="submit"]').click();
      await untilState(page, 'pending');
      await shoot(page, item as unknown as Case, 'pending', device, locale);
      pending.push({ item, device, locale, page });
    } catch (error) {
      progress(
        `${item.name} ${device} ${locale}: ${(error as Error).message.split('\n')[0]} (state ${await stateOf(page).catch(() => '?')})`,
      );
      await page.close();
    }
  }
  if (!pending.length) return;
  await fetch(`${server.sandbox.url}/__sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds: 3700 }),
  });
  for (const { item, device, locale, page } of pending) {
    try {
      await page.evaluate(() =>
        (document.querySelector('pay-checkout') as HTMLElement & { requestUpdate(): void }).requestUpdate(),
      );
      await page.waitForFunction(
        () =>
          ['success', 'failed', 'refused'].includes(
            document.querySelector('pay-checkout')?.getAttribute('state') ?? '',
          ),
        undefined,
        { timeout: 30_000 },
      );
      await untilState(page, (await stateOf(page))!);
      await shoot(page, item as unknown as Case, 'final', device, locale, (await stateOf(page)) ?? undefined);
    } catch (error) {
      progress(
        `${item.name} ${device} ${locale}: ${(error as Error).message.split('\n')[0]} (state ${await stateOf(page).catch(() => '?')})`,
      );
    } finally {
      await page.close();
    }
  }
}

/** The end states: payins made first, the emulator's clock an hour on, then each seen by a shopper. */
async function ends(server: PageServer, contexts: Record<Device, BrowserContext>) {
  const items = ENDS.filter(wanted);
  const jobs = items.flatMap((item) =>
    devices.flatMap((device) => locales.map((locale) => ({ item, device, locale, idPayin: uniquePayinId(item.name) }))),
  );
  const made = new Map<string, Record<string, string>>();
  for (const job of jobs) {
    const { item, idPayin, locale } = job;
    const amount = item.amount ?? AMOUNTS[item.currencyCode]!;
    const money = { amount, currencyCode: item.currencyCode };
    // Tokens live in sandbox time, which moves an hour on below: a day-long token outlasts it.
    const token = await mintToken(server, idPayin, money, item.kind === 'error-token-expired' ? 1 : 86_400);
    const attributes: Record<string, string> = {
      token,
      'base-url': server.platformUrl,
      'payin-id': idPayin,
      amount: String(amount),
      'currency-code': item.currencyCode,
      'payment-method-code': item.code,
      'options-available': 'false',
      'return-url': 'https://shop.example/orders/1029',
      locale,
    };
    if (item.kind === 'error-base-url') attributes['base-url'] = `${server.origin}/wrong/api`;
    if (item.kind === 'resume') {
      const method: Record<string, unknown> = { paymentMethodCode: item.code };
      for (const rule of fieldRulesFor(item.code, item.currencyCode)) {
        if (
          !isRequired(rule, item.currencyCode) ||
          rule.field === 'externalReference.reference' ||
          rule.field === 'paymentOperatorCode'
        )
          continue;
        let node = method;
        const keys = rule.field.split('.');
        for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
        node[keys.at(-1)!] = sampleValue(rule.field, item.code, item.currencyCode);
      }
      const response = await fetch(`${server.sandbox.url}/payins/${encodeURIComponent(idPayin)}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-API-Version': '2',
          Authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({
          paymentRequested: { money },
          paymentMethod: method,
          returnUrl: attributes['return-url'],
        }),
      });
      if (!response.ok) progress(`${item.name}: create answered ${response.status} ${await response.text()}`);
    }
    made.set(idPayin, attributes);
  }
  // Settles the scenarios (settle delay 1 h) and passes the QR's expireAt (15 min), not yet the 2 h failure after it.
  await fetch(`${server.sandbox.url}/__sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds: 3700 }),
  });
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the expired tokens' last second
  const faults = (method: string, body?: unknown) =>
    fetch(`${server.sandbox.url}/__sandbox/faults`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const retryable = jobs.filter((job) => job.item.kind === 'error-retryable');
  await see(jobs.filter((job) => !retryable.includes(job)));
  // An answer the element cannot read (the emulator's malformed fault): an error retrying can mend.
  await faults('POST', { malformedRate: 1 });
  await see(retryable);
  await faults('DELETE');

  async function see(some: typeof jobs) {
    await pool(some, 4, ({ item, device, locale, idPayin }) => seeOne(item, device, locale, idPayin));
  }
  async function seeOne(item: (typeof ENDS)[number], device: Device, locale: string, idPayin: string) {
    const page = await contexts[device].newPage();
    try {
      await page.goto(server.page(pageHtml(made.get(idPayin)!, item.kind === 'resume'), { csp: false }));
      await page.waitForFunction(
        () => {
          const element = document.querySelector('pay-checkout') as
            (HTMLElement & { state: string; views: string }) | null;
          return !!element && element.state !== 'loading' && (element.state === 'error' || element.views === 'ready');
        },
        undefined,
        { timeout: 15_000 },
      );
      if (item.name.startsWith('expired')) {
        await page.waitForFunction(
          () => document.querySelector('pay-checkout')?.shadowRoot?.querySelector('.expired-note'),
          undefined,
          { timeout: 15_000 },
        );
      }
      await shoot(page, item, 'end', device, locale, (await stateOf(page)) ?? undefined);
    } catch (error) {
      progress(
        `${item.name} ${device} ${locale}: ${(error as Error).message.split('\n')[0]} (state ${await stateOf(page).catch(() => '?')})`,
      );
    } finally {
      await page.close();
    }
  }
}

await main();
