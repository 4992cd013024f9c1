import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@autoradar/core';
import { useAction } from '../../../api/use-action';
import { PATHS, postPath } from '../../../paths';
import { useHaptics } from '../../../platform-hooks';
import { sellMessages as t } from '../messages';
import { showPageNotice } from '../page-notice';
import type { ListingDraft, SaveResult } from './use-listing-draft';

// The form's two buttons (spec §4 Draft, §7 publishing): publish, which sends a user without PRO to pay with the
// draft saved, and save. Each is one action (useAction): a second press while it runs does nothing.

export type Notice = { tone: 'success' | 'error'; text: string } | null;

/** A refusal whose text is already the listing's own words (core's describeListingError): shown as it is. */
class Refused extends Error {}
const describe = (error: unknown) => (error instanceof Refused ? error.message : MESSAGES.unknownError);

export interface PublishFlow {
  notice: Notice;
  /** Which button's action runs. */
  acting: 'publish' | 'save' | null;
  publish: () => void;
  save: () => void;
}

export function usePublishFlow(editor: Pick<ListingDraft, 'saveAll' | 'publish'>, isPro: boolean): PublishFlow {
  const navigate = useNavigate();
  const haptics = useHaptics();
  const [saved, setSaved] = useState<string | null>(null);

  /** Saved (or not), then on to pay: the draft waits here until PRO is there (spec §4). */
  const toPay = (result: SaveResult | null) => {
    if (!result) return;
    if (!result.ok) throw new Refused(result.message);
    showPageNotice(`${result.message || MESSAGES.draftSaved}\n${t.toPay}`);
    void navigate(PATHS.pay);
  };

  const publishing = useAction(async () => {
    if (!isPro) return toPay(await editor.saveAll());
    const result = await editor.publish();
    if (result.ok) {
      haptics.notify('success');
      showPageNotice(result.message);
      void navigate(postPath(result.postId));
      return;
    }
    // The tariff ended since the page was opened: the draft is saved and kept, then payment.
    if (result.proRequired) return toPay(await editor.saveAll());
    haptics.notify('error');
    throw new Refused(result.message);
  }, describe);

  const saving = useAction(async () => {
    const result = await editor.saveAll();
    if (result && !result.ok) throw new Refused(result.message);
    setSaved(result?.message ?? null);
  }, describe);

  const notice: Notice =
    publishing.state.kind === 'failed'
      ? { tone: 'error', text: publishing.state.message }
      : saving.state.kind === 'failed'
        ? { tone: 'error', text: saving.state.message }
        : saved
          ? { tone: 'success', text: saved }
          : null;

  /** A new press forgets what the last one said. */
  const run = (action: typeof publishing, other: typeof saving) => {
    setSaved(null);
    other.reset();
    void action.start();
  };

  return {
    notice,
    acting: publishing.state.kind === 'pending' ? 'publish' : saving.state.kind === 'pending' ? 'save' : null,
    publish: () => run(publishing, saving),
    save: () => run(saving, publishing),
  };
}
