// The example shop: one checkout page per order, its token minted on the server with
// pay-checkout/server, the element served from the installed package.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createTokenIssuer } from 'pay-checkout/server';

const platformUrl = process.env.PLATFORM_URL;
const issuer = createTokenIssuer({
  baseUrl: platformUrl,
  merchantCode: process.env.MERCHANT_CODE,
  privateKey: process.env.MERCHANT_PRIVATE_KEY,
});
const assets = new URL('dist/', import.meta.resolve('pay-checkout/package.json'));

async function checkoutPage(amount) {
  const idPayin = `order-${randomUUID()}`;
  const token = await issuer.byAction({
    action: 'PAYIN_CREATE',
    idPayment: idPayin,
    money: { amount, currencyCode: 'INR' },
  });
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Checkout</title>
<script type="module" src="/assets/pay-checkout.js"></script></head>
<body>
<pay-checkout token="${token}" base-url="${platformUrl}" payin-id="${idPayin}"
  amount="${amount}" currency-code="INR" payment-method-code="UPIQR"></pay-checkout>
</body>
</html>`;
}

createServer(async (request, response) => {
  const url = new URL(request.url, 'http://shop');
  const asset = url.pathname.match(/^\/assets\/([\w-]+\.js)$/)?.[1];
  if (asset) {
    const code = await readFile(new URL(asset, assets)).catch(() => undefined);
    response.writeHead(code ? 200 : 404, { 'Content-Type': 'text/javascript' }).end(code);
  } else if (url.pathname === '/checkout') {
    const html = await checkoutPage(Number(url.searchParams.get('amount') ?? 60));
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  } else if (url.pathname === '/') {
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('Example shop');
  } else {
    response.writeHead(404).end();
  }
}).listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
