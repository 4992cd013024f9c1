import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { pathId } from '../../http/http-error';
import { route } from '../../http/route';
import { createPrompt, getPrompt, listPartnerPrompts, removePrompt, savePrompt } from './prompts.service';

export function promptRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  route(app, contract.partners.prompts, async ({ params }) => ({
    data: await listPartnerPrompts(db, pathId(params.id, 'serial')),
  }));
  route(app, contract.partners.createPrompt, async ({ params, body }) => ({
    status: 201,
    body: { data: await createPrompt(db, pathId(params.id, 'serial'), body) },
  }));
  route(app, contract.partners.prompt, async ({ params }) => ({
    data: await getPrompt(db, pathId(params.id, 'serial'), pathId(params.promptId, 'serial')),
  }));
  route(app, contract.partners.updatePrompt, async ({ params, body }) => ({
    data: await savePrompt(db, pathId(params.id, 'serial'), pathId(params.promptId, 'serial'), body),
  }));
  route(app, contract.partners.deletePrompt, async ({ params, reply }) => {
    await removePrompt(db, pathId(params.id, 'serial'), pathId(params.promptId, 'serial'));
    return reply.status(204).send();
  });
}
