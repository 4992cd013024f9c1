import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';
import type { Db } from '@autoradar/db';
import type { DomainEvents } from '@autoradar/server/events/domain-events';
import { pathId } from '../../http/http-error';
import { limited } from '../../http/rate-limits';
import { route } from '../../http/route';
import type { MediaStorage } from '@autoradar/server/media/storage';
import { getOrCreateDraft, publishDraft, saveDraft, uploadDraftMedia, type DraftsDeps } from './drafts.service';

export function draftsRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: MediaStorage; uploadMaxBytes: number; events: DomainEvents },
): void {
  const service: DraftsDeps = { ...deps, clock: () => app.clock(), log: app.log };

  route(app, contract.drafts.create, async ({ user }) => ({ data: await getOrCreateDraft(service, user.id) }));

  route(app, contract.drafts.update, async ({ user, params, body }) => ({
    data: await saveDraft(service, user.id, pathId(params.id), body),
    message: MESSAGES.draftSaved,
  }));

  route(
    app,
    contract.drafts.publish,
    async ({ user, params, body }) => ({
      post_id: await publishDraft(service, user.id, pathId(params.id), body),
      message: MESSAGES.publishSuccess,
    }),
    limited(app, 'publish'),
  );

  route(
    app,
    contract.drafts.uploadMedia,
    async ({ user, body }) => {
      const media = await uploadDraftMedia(service, user.id, pathId(body.draft_id), body.file);
      return { status: 201, body: { data: { id: media.id, src: media.src, main: media.main } } };
    },
    limited(app, 'upload'),
  );
}
