import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { SupportDialog } from '../../../components/support-dialog/support-dialog';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useHaptics } from '../../../platform-hooks';
import { readAppName } from '../../../config';
import { PrimaryAction } from '../components/primary-action';
import { payMessages } from '../messages';
import { PATHS } from '../../../paths';
import '../pay.css';

const t = payMessages.fail;

/** Spec §2 payment fail: offers a retry (back to /pay) and a way to write to support. */
export function PaymentFailScreen() {
  useDocumentTitle(t.documentTitle(readAppName()));
  const navigate = useNavigate();
  const [supportOpen, setSupportOpen] = useState(false);
  const haptics = useHaptics();
  useEffect(() => haptics.notify('error'), [haptics]);
  return (
    <main className="pay-page pay-result">
      <Placeholder
        header={<h1 className="pay-result__title">{t.title}</h1>}
        description={<span className="pay-result__text">{t.text}</span>}
      >
        <div className="pay-result__icon pay-result__icon--fail" aria-hidden="true">
          !
        </div>
      </Placeholder>
      <PrimaryAction label={t.retry} onClick={() => void navigate(PATHS.pay)} />
      <div className="pay-secondary">
        <Button size="l" mode="plain" stretched onClick={() => setSupportOpen(true)}>
          {t.support}
        </Button>
      </div>
      <SupportDialog open={supportOpen} onOpenChange={setSupportOpen} />
    </main>
  );
}
