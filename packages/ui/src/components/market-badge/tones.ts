import type { MarketVerdict } from '@autoradar/core';
import type { BadgeTone } from '../badge/badge-class';

/** The badge's colour for each verdict of the market estimate (issue 33). */
export const MARKET_BADGE_TONES: Record<MarketVerdict, BadgeTone> = {
  good: 'positive',
  fair: 'neutral',
  high: 'negative',
};
