export { MarketBadge, MarketEstimateBlock } from './market-badge';
