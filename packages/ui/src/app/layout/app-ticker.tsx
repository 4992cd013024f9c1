import type { RatesResponse } from '@autoradar/contract';
import { appMessages } from '../messages';
import { useTicker } from './ticker';

const t = appMessages.ticker;

export interface AppTickerProps {
  /** GET /api/rates; tests pass their own answers. */
  load?: (signal: AbortSignal) => Promise<RatesResponse>;
}

/**
 * The currency ticker of the top bar (spec §2): one pair at a time, rotating every 5 s. Screen readers get the four
 * pairs as a list instead of a value that changes under them.
 */
export function AppTicker({ load }: AppTickerProps) {
  const { items, current } = useTicker(load);
  return (
    <div className="app-ticker">
      <ul className="visually-hidden" aria-label={t.label}>
        {items.map(({ pair, text }) => (
          <li key={pair}>{`${pair} ${text ?? t.pending}`}</li>
        ))}
      </ul>
      <div className="app-ticker__window" aria-hidden="true" data-testid="app-ticker">
        {items.map(({ pair, text }, i) => (
          <span key={pair} className="app-ticker__item" data-active={i === current}>
            <span className="app-ticker__pair">{pair}</span>{' '}
            <span className={text === null ? 'app-ticker__value app-ticker__value--pending' : 'app-ticker__value'}>
              {text ?? t.pending}
            </span>
          </span>
        ))}
      </div>
    </div>
  );
}
