// The example shop: a checkout page per product, the element served from the installed package,
// and the whole server side of the payment in pay-checkout/server's kit, pointed at the emulator.
import { readFile } from 'node:fs/promises';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createCheckoutBackend } from 'pay-checkout/server';

const shopUrl = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
// The shop's prices, chosen among the emulator's amounts: 60 succeeds, 10 fails, 48 is refused.
const PRODUCTS = { tea: 60, 'tea-declined': 10, 'tea-refused': 48 };

const checkout = createCheckoutBackend({
  platformUrl: process.env.PLATFORM_URL,
  merchantCode: process.env.MERCHANT_CODE,
  privateKey: process.env.MERCHANT_PRIVATE_KEY,
  prefix: '/pay',
  callbackUrl: `${shopUrl}/pay/callbacks`,
  // The page names the product; the shop prices it.
  order: (request) => {
    const amount = PRODUCTS[new URL(request.url).searchParams.get('product')];
    if (!amount) return Response.json({ errorCode: 'NO_PRODUCT', message: 'No such product' }, { status: 404 });
    return { idPayin: `order-${crypto.randomUUID()}`, money: { amount, currencyCode: 'INR' } };
  },
  onPaymentUpdate: ({ id, payment }) => console.log(`order ${id}: ${payment.status}`),
});

const assets = new URL('dist/', import.meta.resolve('pay-checkout/package.json'));
const page = (product) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Checkout</title>
<script type="module" src="/assets/pay-checkout.js"></script></head>
<body>
<pay-checkout checkout-url="/pay/checkouts?product=${encodeURIComponent(product)}" payment-method-code="UPIQR"></pay-checkout>
</body>
</html>`;

const app = new Hono();
app.all('/pay/*', (c) => checkout.fetch(c.req.raw));
app.get('/assets/:file{[\\w-]+\\.js}', async (c) => {
  const code = await readFile(new URL(c.req.param('file'), assets)).catch(() => undefined);
  return code ? c.body(code, 200, { 'Content-Type': 'text/javascript' }) : c.notFound();
});
app.get('/checkout', (c) => c.html(page(c.req.query('product') ?? 'tea')));
app.get('/', (c) => c.text('Example shop'));
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' });
