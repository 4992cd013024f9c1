import { formatPrice } from '@autoradar/core';
import type { PaymentStatus } from '@autoradar/db';
import { escapeHtml } from '../../plugins/spa';

// The sandbox checkout page: a plain server-rendered form (no app bundle), so it works wherever the browser was sent.

const STATUS_TEXT: Record<PaymentStatus, string> = {
  pending: 'ожидает оплаты',
  waiting_for_capture: 'ожидает подтверждения',
  succeeded: 'оплачен',
  canceled: 'отменён',
};

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
  return page(
    opts.appName,
    'Тестовая оплата',
    `<h1>Тестовая оплата</h1>
<p class="note">Магазин ЮKassa не подключён: это тестовая страница, деньги не списываются.</p>
<p>${escapeHtml(opts.description ?? '')}</p>
<p class="sum">${escapeHtml(formatPrice(opts.amountRub))}</p>
<p>Платёж <code>${id}</code>: ${STATUS_TEXT[opts.status]}.</p>
${
  open
    ? `<form method="post" action="${escapeHtml(action)}">
  <button class="pay" type="submit" name="action" value="succeed">Оплатить</button>
  <button class="fail" type="submit" name="action" value="cancel">Отказаться</button>
</form>`
    : `<p><a href="/payment/${opts.status === 'succeeded' ? 'success' : 'fail'}">Вернуться в приложение</a></p>`
}`,
  );
}

export function renderSandboxNotFound(appName: string): string {
  return page(appName, 'Платёж не найден', '<h1>Платёж не найден</h1><p>Такого тестового платежа нет. <a href="/pay">Вернуться к оплате</a></p>');
}
