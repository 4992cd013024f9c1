import { useState } from 'react';
import { IconButton, Snackbar } from '@telegram-apps/telegram-ui';
import { SNACKBAR_SHORT_MS } from '@autoradar/core';
import { LineIcon } from '../../../components/line-icon';
import { usePlatform } from '../../../platform';
import { postMessages as t } from '../messages';
import { browserShareEnvironment, sharePost, type ShareEnvironment } from '../share';

function ShareIcon() {
  return (
    <LineIcon>
      <path d="M12 3v12" />
      <path d="m7 8 5-5 5 5" />
      <path d="M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
    </LineIcon>
  );
}

export interface ShareButtonProps {
  post: { id: number; title: string };
  /** Where the share goes; the page's platform, location and browser when absent (tests pass their own). */
  environment?: ShareEnvironment;
}

/**
 * 'Поделиться' on the listing page (issue 13): Telegram's chat picker with the mini-app link inside Telegram, the
 * system share sheet on the web, or the copied link with a confirmation.
 */
export function ShareButton({ post, environment }: ShareButtonProps) {
  const platform = usePlatform();
  const [notice, setNotice] = useState<'copied' | 'failed' | null>(null);

  const share = async () => {
    const outcome = await sharePost(environment ?? browserShareEnvironment(platform), post);
    if (outcome === 'copied' || outcome === 'failed') setNotice(outcome);
  };

  return (
    <>
      <IconButton type="button" size="m" mode="plain" aria-label={t.share} title={t.share} onClick={() => void share()}>
        <ShareIcon />
      </IconButton>
      {notice ? (
        <Snackbar
          role={notice === 'failed' ? 'alert' : 'status'}
          duration={SNACKBAR_SHORT_MS}
          onClose={() => setNotice(null)}
        >
          {notice === 'copied' ? t.shareCopied : t.shareFailed}
        </Snackbar>
      ) : null}
    </>
  );
}
