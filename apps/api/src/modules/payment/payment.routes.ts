import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Config } from '@autoradar/server/config/config';
import type { Db } from '@autoradar/db';
import { refusalStatus } from '../../http/http-error';
import { route } from '../../http/route';
import { findPaymentByProviderId } from './payment.repo';
import { handleProviderNotification, startProPayment, syncPayment, type PaymentDeps } from './payment.service';
import type { PaymentProvider } from './payment.provider';
import { createSandboxProvider } from './sandbox.provider';
import { renderSandboxCheckout, renderSandboxNotFound } from './sandbox-page';
import { createYookassaClient } from './yookassa.client';

/**
 * YooKassa with shop credentials; without them the sandbox checkout, except in production, where a missing shop
 * must not turn into free PRO (the pay call answers 503 instead).
 */
export function paymentProvidersFromConfig(db: Db, config: Pick<Config, 'env' | 'appUrl' | 'yookassa'>) {
  const { shopId, secretKey, apiUrl } = config.yookassa;
  const yookassa = shopId && secretKey ? createYookassaClient({ apiUrl, shopId, secretKey }) : null;
  const sandbox = yookassa || config.env === 'production' ? null : createSandboxProvider(db, config.appUrl);
  const provider: PaymentProvider | null = yookassa ?? sandbox;
  return { provider, sandbox, providers: { ...(yookassa ? { yookassa } : {}), ...(sandbox ? { sandbox } : {}) } };
}

export function paymentRoutes(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  const { provider, sandbox, providers } = paymentProvidersFromConfig(deps.db, deps.config);
  const service: PaymentDeps = {
    db: deps.db,
    provider,
    providers,
    appName: deps.config.appName,
    appUrl: deps.config.appUrl,
    clock: () => app.clock(),
    events: app.events,
    log: app.log,
  };

  route(app, contract.payment.pay, async ({ user, body }) => ({ url: await startProPayment(service, user, body.pro) }));

  route(app, contract.payment.yookassaWebhook, async ({ body }) => {
    await handleProviderNotification(service, body.object.id);
    return {};
  });

  // The sandbox's pages answer a browser: a path that names no payment (a malformed id fails in route() before the
  // handler) is the HTML not-found page, not the API's JSON. The form's parser lives in this scope only.
  void app.register(async (scope) => {
    const notFoundPage = () => renderSandboxNotFound(deps.config.appName);
    scope.setErrorHandler((error, _request, reply) => {
      if (refusalStatus(error) === 404) {
        return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
      }
      throw error;
    });
    route(scope, contract.payment.sandboxCheckout, async ({ params }) => {
      const found = sandbox ? await sandbox.find(params.paymentId) : null;
      if (!found) return { status: 404, body: notFoundPage() };
      return {
        status: 200,
        body: renderSandboxCheckout({
          appName: deps.config.appName,
          paymentId: found.id,
          amountRub: Number(found.amount.value),
          description: found.description,
          status: found.status,
        }),
      };
    });

    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1_024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
    }
    route(scope, contract.payment.sandboxComplete, async ({ params, body, reply }) => {
      const settled = sandbox ? await sandbox.settle(params.paymentId, body.action) : null;
      const stored = settled ? await findPaymentByProviderId(deps.db, settled.id) : undefined;
      // The same path as a YooKassa notification: the stored payment follows what "the provider" now says.
      const status = stored ? await syncPayment(service, stored) : 'canceled';
      return reply.redirect(status === 'succeeded' ? '/payment/success' : '/payment/fail', 302);
    });
  });
}
