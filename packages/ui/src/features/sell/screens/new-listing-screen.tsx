import { Button } from '@telegram-apps/telegram-ui';
import { CallFailure, CallLoading, failureText } from '../../../api/call-view';
import { useCall } from '../../../api/use-call';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { useSession } from '../../../session/hooks';
import { ListingEditor } from '../components/listing-editor';
import { readLocalDraft } from '../local-draft';
import { sellMessages as t } from '../messages';
import { draftAtom } from '../state';
import '../sell.css';

/** The new-listing screen (spec §2 /new, signed in): the user's draft, loaded or created on entry. */
export function NewListingScreen() {
  const { user } = useSession();
  const { state, retry } = useCall(draftAtom);
  useDocumentTitle(t.documentTitle(readAppName()));

  let body;
  if (!user || state.kind === 'loading') body = <CallLoading look="screen" label={t.loading} />;
  else if (state.kind === 'loaded' || state.kind === 'empty')
    body = <ListingEditor key={state.data.id} draft={state.data} user={user} />;
  else {
    const message = failureText(state);
    // Without the server the device's copy is still shown and kept: nothing typed is hidden by a failed load.
    body = readLocalDraft(user.id) ? (
      <>
        <div className="sell-offline" role="alert">
          <p>{t.offlineDraft}</p>
          <Button size="s" mode="bezeled" onClick={retry}>
            {t.retry}
          </Button>
        </div>
        <ListingEditor key="device-copy" draft={null} user={user} />
      </>
    ) : (
      <CallFailure look="screen" message={message} retry={retry} retryLabel={t.retry} />
    );
  }

  return (
    <main className="sell-page">
      <h1 className="sell-page__title">{t.title}</h1>
      {body}
    </main>
  );
}
