import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { Placeholder } from '@telegram-apps/telegram-ui';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useHaptics } from '../../../platform-hooks';
import { readAppName } from '../../../config';
import { PATHS } from '../../../paths';
import { useSession } from '../../../session/hooks';
import { loadUserAtom } from '../../../session/state';
import { PrimaryAction } from '../components/primary-action';
import { useProActive } from '../hooks';
import { payMessages } from '../messages';
import { Badge } from '../../../components/badge/badge';
import '../pay.css';

const t = payMessages.success;

/** Spec §2 payment success: thanks and a home button; the user is reloaded so PRO shows everywhere at once. */
export function PaymentSuccessScreen() {
  useDocumentTitle(t.documentTitle(readAppName()));
  const { token, user } = useSession();
  const loadUser = useSetAtom(loadUserAtom);
  const navigate = useNavigate();

  useEffect(() => {
    if (token) loadUser().catch(() => undefined);
  }, [token, loadUser]);

  // A successful payment is felt as well as seen inside Telegram (issue 13).
  const haptics = useHaptics();
  useEffect(() => haptics.notify('success'), [haptics]);

  const active = useProActive(user).active && user?.pro_expired;
  return (
    <main className="pay-page pay-result">
      <Placeholder
        header={<h1 className="pay-result__title">{t.title}</h1>}
        description={
          <>
            <span className="pay-result__text">{t.text}</span>
            {active ? (
              <Badge tone="positive" size="m" className="pay-result__badge">
                {payMessages.pro.activeUntil(payMessages.formatDate(new Date(active)))}
              </Badge>
            ) : token ? (
              <span className="pay-result__text">{t.pending}</span>
            ) : null}
          </>
        }
      >
        <div className="pay-result__icon pay-result__icon--success" aria-hidden="true">
          ✓
        </div>
      </Placeholder>
      <PrimaryAction label={t.home} onClick={() => void navigate(PATHS.landing)} />
    </main>
  );
}
