import { useEffect, useState } from 'react';
import type { PricePoint } from '@autoradar/contract';
import { changeTone, formatDaysSpan, formatMoney, formatPriceChange } from '../../../components/price-change';
import { fetchPriceHistory } from '../api';
import { priceHistoryMessages as t } from '../messages';

// Every price the listing had, with its date, as a small inline SVG line and a list (issue 33). A chart library would
// weigh more than the whole listing page for one polyline; the list beside it is what screen readers read.

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short' });

const WIDTH = 320;
const HEIGHT = 72;
const PAD = 6;

/**
 * The chart's points: one step per price, evenly spaced (the dates are in the list below: a price held for a month
 * and one held for an hour get the same room, so every change stays visible), price on y (a flat line in the middle
 * when it never changed).
 */
export function chartPoints(points: readonly PricePoint[]): { x: number; y: number }[] {
  const prices = points.map((p) => p.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const steps = Math.max(1, points.length);
  return points.map((p, i) => ({
    x: PAD + (i / steps) * (WIDTH - 2 * PAD),
    y: max === min ? HEIGHT / 2 : PAD + ((max - p.price) / (max - min)) * (HEIGHT - 2 * PAD),
  }));
}

function Chart({ points }: { points: readonly PricePoint[] }) {
  const xy = chartPoints(points);
  // A step line: a price holds until the next one, and the last one until now.
  const steps = xy.flatMap((p, i) => (i === 0 ? [p] : [{ x: p.x, y: xy[i - 1]!.y }, p]));
  steps.push({ x: WIDTH - PAD, y: xy.at(-1)!.y });
  return (
    <svg
      className="price-history__chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t.chartLabel(points.length)}
    >
      <polyline
        points={steps.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
      />
      {/* Dots as zero-length round-capped lines: they stay round when the chart stretches to the page's width. */}
      {xy.map((p, i) => (
        <line
          key={i}
          x1={p.x}
          y1={p.y}
          x2={p.x}
          y2={p.y}
          stroke="currentColor"
          strokeWidth="7"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}

/** The block for loaded prices; nothing when the listing never had a price. */
export function PriceHistoryView({ points, now }: { points: readonly PricePoint[]; now: Date }) {
  if (points.length === 0) return null;
  const first = points[0]!;
  const last = points.at(-1)!;
  const sameCurrency = points.every((p) => p.currency === first.currency);
  const delta = sameCurrency ? last.price - first.price : 0;
  const change = formatPriceChange(delta, last.currency);
  return (
    <section className="price-history" aria-labelledby="price-history-title">
      <h2 className="price-history__title" id="price-history-title">
        {t.title}
      </h2>
      {change ? (
        <p className={`price-history__change price-history__change--${changeTone(delta)}`}>
          {t.since(change, formatDaysSpan(new Date(first.recorded_at), now))}
        </p>
      ) : (
        <p className="price-history__change">{t.unchanged(dateFormat.format(new Date(first.recorded_at)))}</p>
      )}
      {points.length > 1 ? <Chart points={points} /> : null}
      <ol className="price-history__list">
        {[...points].reverse().map((p) => (
          <li key={`${p.recorded_at}-${p.price}`}>
            <time dateTime={p.recorded_at}>{shortDate.format(new Date(p.recorded_at))}</time>
            <span>{formatMoney(p.price, p.currency)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Loads the prices of a listing; loads again when its price changes while the page is open. */
export function PriceHistory({ postId, price, now }: { postId: number; price: number | null; now: Date }) {
  const [points, setPoints] = useState<{ postId: number; data: PricePoint[] } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchPriceHistory(postId, abort.signal)
      .then((data) => setPoints({ postId, data }))
      .catch(() => undefined); // the history is extra: the page stands without it
    return () => abort.abort();
  }, [postId, price]);
  if (!points || points.postId !== postId) return null;
  return <PriceHistoryView points={points.data} now={now} />;
}
