import { INSPECTION_PRICE_FROM_RUB, PRO_PRICE_RUB, formatPrice } from '@autoradar/core';
import { TestPeriodCard } from '../../../components/test-period-card/test-period-card';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { useSession } from '../../../session/hooks';
import { PayErrorSnackbar } from '../components/pay-error-snackbar';
import { PrimaryAction } from '../components/primary-action';
import { ProOffer } from '../components/pro-offer';
import { payMessages as t } from '../messages';
import { useProActive } from '../hooks';
import { usePurchase } from '../state';
import '../pay.css';

/** Services and prices (spec §2 /pay, everyone): PRO with its purchase, the free tier, the inspection. */
export function PayScreen() {
  useDocumentTitle(t.documentTitle(readAppName()));
  const { user } = useSession();
  const purchase = usePurchase();
  const { active, now } = useProActive(user);
  const price = formatPrice(PRO_PRICE_RUB);
  const label = purchase.needsSignIn ? t.pro.signIn : active ? t.pro.extend(price) : t.pro.buy(price);

  return (
    <main className="pay-page">
      <h1 className="pay-page__title">{t.title}</h1>
      <p className="pay-page__lead">{t.lead}</p>
      {/* A signed-in user may start, or watch, the free 24 hours here too. */}
      {user ? <TestPeriodCard proLinks={false} /> : null}
      <ProOffer
        user={user}
        now={now}
        action={
          <>
            {purchase.needsSignIn ? <p className="pay-note">{t.pro.signInNote}</p> : null}
            <PrimaryAction label={label} loading={purchase.busy} onClick={purchase.purchase} />
          </>
        }
      />
      <section className="pay-card" aria-labelledby="pay-basic-title">
        <h2 id="pay-basic-title" className="pay-card__title">
          {t.basic.title}
        </h2>
        <p className="pay-price">
          <span className="pay-price__now pay-price__now--small">{t.basic.price}</span>
        </p>
        <p className="pay-card__text">{t.basic.text}</p>
      </section>
      <section className="pay-card" aria-labelledby="pay-inspection-title">
        <h2 id="pay-inspection-title" className="pay-card__title">
          {t.inspection.title}
        </h2>
        <p className="pay-price">
          <span className="pay-price__now pay-price__now--small">
            {t.inspection.price(formatPrice(INSPECTION_PRICE_FROM_RUB))}
          </span>
        </p>
        <p className="pay-card__text">{t.inspection.text}</p>
      </section>
      {purchase.error ? (
        <PayErrorSnackbar key={purchase.error.id} message={purchase.error.message} onClose={purchase.dismissError} />
      ) : null}
    </main>
  );
}
