import { formatPrice, type PaymentStatus } from '@autoradar/core';
import { escapeHtml } from '@autoradar/server/escape-html';
import { PAYMENT_MESSAGES } from './payment.messages';

// The sandbox checkout page: a plain server-rendered form (no app bundle), so it works wherever the browser was sent.

const page = (appName: string, title: string, body: string) => `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${escapeHtml(appName)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1c1c1e; }
  .note { background: #fff4d6; border-radius: .5rem; padding: .75rem 1rem; }
  .sum { font-size: 2rem; font-weight: 600; margin: 1rem 0; }
  form { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { flex: 1; font: inherit; padding: .75rem; border-radius: .5rem; border: 0; cursor: pointer; }
  .pay { background: #2481cc; color: #fff; }
  .fail { background: #e5e5ea; }
</style>
</head>
<body>
${body}
</body>
</html>`;

export function renderSandboxCheckout(opts: {
  appName: string;
  paymentId: string;
  amountRub: number;
  description: string | null;
  status: PaymentStatus;
}): string {
  const id = escapeHtml(opts.paymentId);
  const action = `/payment/sandbox/${encodeURIComponent(opts.paymentId)}`;
  const open = opts.status === 'pending';
  const status = PAYMENT_MESSAGES.sandboxStatuses[opts.status];
  return page(
    opts.appName,
    PAYMENT_MESSAGES.sandboxTitle,
    `<h1>${PAYMENT_MESSAGES.sandboxTitle}</h1>
<p class="note">${PAYMENT_MESSAGES.sandboxNote}</p>
<p>${escapeHtml(opts.description ?? '')}</p>
<p class="sum">${escapeHtml(formatPrice(opts.amountRub))}</p>
<p>${PAYMENT_MESSAGES.sandboxPaymentState(`<code>${id}</code>`, status)}</p>
${
  open
    ? `<form method="post" action="${escapeHtml(action)}">
  <button class="pay" type="submit" name="action" value="succeed">${PAYMENT_MESSAGES.sandboxPay}</button>
  <button class="fail" type="submit" name="action" value="cancel">${PAYMENT_MESSAGES.sandboxDecline}</button>
</form>`
    : `<p><a href="/payment/${opts.status === 'succeeded' ? 'success' : 'fail'}">${PAYMENT_MESSAGES.sandboxBackToApp}</a></p>`
}`,
  );
}

export function renderSandboxNotFound(appName: string): string {
  const { sandboxNotFound: title, sandboxNotFoundText: text, sandboxBackToPay: back } = PAYMENT_MESSAGES;
  return page(appName, title, `<h1>${title}</h1><p>${text} <a href="/pay">${back}</a></p>`);
}
