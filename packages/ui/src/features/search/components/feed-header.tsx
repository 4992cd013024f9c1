import { useAtom } from 'jotai';
import type { FeedLayout } from '@autoradar/core';
import { LinkButton } from '../../../components/link-button';
import { formatFeedCount, formatFoundLine } from '../filter-rules';
import { searchMessages as t } from '../messages';
import { feedLayoutAtom } from '../state';
import { PATHS } from '../../../paths';
import { Badge } from '../../../components/badge/badge';

function SparkIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2l2.4 6.6L21 11l-6.6 2.4L12 20l-2.4-6.6L3 11l6.6-2.4z" fill="currentColor" />
    </svg>
  );
}

/** «Найдено 24 объявления» with the AI badge, and how many listings there are in all (spec §2). */
export function FoundLine({ total, all }: { total: number; all: number }) {
  return (
    <div className="found-line" role="status" aria-live="polite">
      <span className="found-line__count">{formatFoundLine(total)}</span>
      <Badge tone="ai">
        <SparkIcon />
        {t.aiBadge}
      </Badge>
      <span className="found-line__all">{t.allCount(formatFeedCount(all))}</span>
    </div>
  );
}

function LayoutIcon({ layout }: { layout: FeedLayout }) {
  return layout === 'single' ? (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="16" height="7" rx="1.5" fill="currentColor" />
      <rect x="4" y="13" width="16" height="7" rx="1.5" fill="currentColor" />
    </svg>
  ) : (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {[4, 10, 16].flatMap((x) =>
        [4, 10, 16].map((y) => (
          <rect key={`${x}-${y}`} x={x} y={y} width="4.5" height="4.5" rx="1" fill="currentColor" />
        )),
      )}
    </svg>
  );
}

/** Single or triple cards, kept in localStorage (spec §2). */
export function LayoutToggle() {
  const [layout, setLayout] = useAtom(feedLayoutAtom);
  const option = (value: FeedLayout, label: string) => (
    <button
      type="button"
      className={layout === value ? 'layout-toggle__option layout-toggle__option--on' : 'layout-toggle__option'}
      aria-pressed={layout === value}
      aria-label={label}
      title={label}
      onClick={() => setLayout(value)}
    >
      <LayoutIcon layout={value} />
    </button>
  );
  return (
    <div className="layout-toggle" role="group" aria-label={t.layoutLabel}>
      {option('single', t.layoutSingle)}
      {option('triple', t.layoutTriple)}
    </div>
  );
}

/**
 * For users without PRO: new listings reach them a day later (spec §1, §2). One line (issue 32): the text ends in an
 * ellipsis where it does not fit (the whole of it is its title and what a screen reader reads), the link beside it.
 */
export function DelayBanner({ pending = false }: { pending?: boolean }) {
  // Pending: its place while the session loads (the feed may come before the user, issue 32), the same text kept
  // invisible so the place has the banner's height at any width and the cards do not move when it shows.
  return (
    <div className={pending ? 'delay-banner delay-banner--pending' : 'delay-banner'} aria-hidden={pending || undefined}>
      <p className="delay-banner__text" title={t.delayBanner}>
        {t.delayBanner}
      </p>
      <LinkButton to={PATHS.pay} size="s" mode="plain" className="delay-banner__link">
        {t.delayBannerLink}
      </LinkButton>
    </div>
  );
}
