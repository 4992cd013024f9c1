import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { route } from '../../http/route';
import { createRatesService, type RatesService, type RatesSettings } from './rates.service';

/** GET /api/rates for every user from one in-memory copy per API instance. */
export function ratesRoutes(app: FastifyInstance, settings: RatesSettings): RatesService {
  const rates = createRatesService({
    ...settings,
    clock: () => app.clock(),
    onProviderError: (provider, err) =>
      app.log.warn({ provider, err: (err as Error).message }, 'exchange rates: provider failed, last values kept'),
  });
  route(app, contract.rates.get, () => rates.current());
  return rates;
}
