import type { MarketEstimate } from '@autoradar/contract';
import { formatNumber, formatPrice } from '@autoradar/core';
import { Badge } from '../badge/badge';
import { MARKET_BADGE_TONES as TONES } from './tones';
import { marketMessages as t } from './messages';
import './market-badge.css';

/** «Хорошая цена», «Цена в рынке» or «Выше рынка»; nothing without an estimate (no badge when unsure). */
export function MarketBadge({
  market,
  size = 's',
  className,
}: {
  market: MarketEstimate | null | undefined;
  size?: 's' | 'm';
  className?: string;
}) {
  if (!market) return null;
  return (
    <Badge tone={TONES[market.verdict]} size={size} data-testid="market-badge" {...(className ? { className } : {})}>
      {t.verdict[market.verdict]}
    </Badge>
  );
}

/** The listing page's estimate: the badge, the range of comparable prices and how many listings it rests on. */
export function MarketEstimateBlock({ market }: { market: MarketEstimate | null | undefined }) {
  if (!market) return null;
  return (
    <section className="market-estimate" aria-label={t.rangeLabel} data-testid="market-estimate">
      <MarketBadge market={market} size="m" />
      <div className="market-estimate__body">
        <span className="market-estimate__label">{t.rangeLabel}</span>
        <span className="market-estimate__range">{t.range(formatPrice(market.low), formatPrice(market.high))}</span>
        <span className="market-estimate__basis">
          {t.median(formatPrice(market.median))} · {t.basis(market.comparables, formatNumber(market.comparables))}
        </span>
      </div>
    </section>
  );
}
