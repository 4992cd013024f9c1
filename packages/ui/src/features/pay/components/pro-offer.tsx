import { Link } from 'react-router-dom';
import type { User } from '@autoradar/contract';
import { PRO_OLD_PRICE_RUB, PRO_PRICE_RUB, formatPrice, isProActive } from '@autoradar/core';
import { payMessages } from '../messages';
import { PATHS } from '../../../paths';
import { Badge } from '../../../components/badge/badge';

const t = payMessages.pro;

/** The PRO card: price next to the crossed-out old one, what PRO gives, and the state of a running PRO. */
export function ProOffer({ user, now, action }: { user: User | undefined; now: Date; action: React.ReactNode }) {
  const active = isProActive(user, now) && user?.pro_expired;
  return (
    <section className="pay-card pay-card--pro" aria-labelledby="pay-pro-title">
      <h2 id="pay-pro-title" className="pay-card__title">
        {t.title}
      </h2>
      <p className="pay-price">
        <span className="pay-price__now">{formatPrice(PRO_PRICE_RUB)}</span>{' '}
        <s className="pay-price__old">
          <span className="visually-hidden">{t.oldPrice(formatPrice(PRO_OLD_PRICE_RUB))}</span>
          <span aria-hidden="true">{formatPrice(PRO_OLD_PRICE_RUB)}</span>
        </s>{' '}
        <span className="pay-price__period">{t.perMonth}</span>
      </p>
      {active ? (
        <p className="pay-badge">
          <Badge tone="positive" size="m">
            {t.activeUntil(payMessages.formatDate(new Date(active)))}
          </Badge>
        </p>
      ) : null}
      <ul className="pay-benefits">
        {t.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {action}
      <p className="pay-note">{t.paymentNote}</p>
      {!active && !user ? (
        <p className="pay-note">
          {t.trial} <Link to={PATHS.search}>{t.trialLink}</Link>
        </p>
      ) : null}
    </section>
  );
}
