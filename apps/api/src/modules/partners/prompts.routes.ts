import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { route } from '../../http/route';
import { toRowId } from './partner-ids';
import { createPrompt, getPrompt, listPartnerPrompts, removePrompt, savePrompt } from './prompts.service';

export function promptRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  route(app, contract.partners.prompts, async ({ params }) => ({ data: await listPartnerPrompts(db, toRowId(params.id)) }));
  route(app, contract.partners.createPrompt, async ({ params, body }) => ({
    status: 201,
    body: { data: await createPrompt(db, toRowId(params.id), body) },
  }));
  route(app, contract.partners.prompt, async ({ params }) => ({ data: await getPrompt(db, toRowId(params.id), toRowId(params.promptId)) }));
  route(app, contract.partners.updatePrompt, async ({ params, body }) => ({
    data: await savePrompt(db, toRowId(params.id), toRowId(params.promptId), body),
  }));
  route(app, contract.partners.deletePrompt, async ({ params, reply }) => {
    await removePrompt(db, toRowId(params.id), toRowId(params.promptId));
    return reply.status(204).send();
  });
}
