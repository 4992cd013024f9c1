import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { route } from '../../http/route';
import * as service from './reference.service';

export function referenceRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  const ref = contract.reference;

  route(app, ref.brands, async ({ query }) => ({ data: await service.listBrands(db, query) }));
  route(app, ref.brand, async ({ params }) => ({ data: await service.getBrand(db, params.id) }));
  route(app, ref.models, async ({ query }) => ({ data: await service.listModels(db, query) }));
  route(app, ref.generations, async ({ params }) => ({ data: await service.listGenerations(db, params.id) }));
  route(app, ref.configurations, async ({ params }) => ({ data: await service.listConfigurations(db, params.id) }));
  route(app, ref.cities, async ({ query }) => ({ data: await service.listCities(db, query) }));
  route(app, ref.carData, async ({ body }) => service.getCarData(db, body));

  route(app, ref.createBrand, async ({ body }) => ({
    status: 201,
    body: { data: await service.createBrand(db, body) },
  }));
  route(app, ref.updateBrand, async ({ params, body }) => ({ data: await service.updateBrand(db, params.id, body) }));
  route(app, ref.deleteBrand, async ({ params }) => {
    await service.deleteBrand(db, params.id);
    return { status: 204, body: undefined };
  });

  route(app, ref.createModel, async ({ body }) => ({
    status: 201,
    body: { data: await service.createModel(db, body) },
  }));
  route(app, ref.updateModel, async ({ params, body }) => ({ data: await service.updateModel(db, params.id, body) }));
  route(app, ref.deleteModel, async ({ params }) => {
    await service.deleteModel(db, params.id);
    return { status: 204, body: undefined };
  });

  route(app, ref.createCity, async ({ body }) => ({ status: 201, body: { data: await service.createCity(db, body) } }));
  route(app, ref.updateCity, async ({ params, body }) => ({ data: await service.updateCity(db, params.id, body) }));
  route(app, ref.deleteCity, async ({ params }) => {
    await service.deleteCity(db, params.id);
    return { status: 204, body: undefined };
  });
}
