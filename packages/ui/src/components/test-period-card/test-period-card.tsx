import { useEffect, useId, useRef, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import { Button, Progress, Skeleton } from '@telegram-apps/telegram-ui';
import type { User } from '@autoradar/contract';
import { MESSAGES, getTestPeriodState, isProActive, type TestPeriodState } from '@autoradar/core';
import { ApiError } from '../../api/api-error';
import { describeCallError } from '../../api/atom-with-call';
import { LinkButton } from '../link-button';
import { useSession } from '../../session/hooks';
import { loadUserAtom } from '../../session/state';
import { startTestPeriod } from './api';
import { testPeriodDismissedAtom, type TestPeriodBannerKey } from './dismissal';
import { testPeriodCompactMessages as c, testPeriodMessages as t } from './messages';
import { webAudioSounds, type TestPeriodSounds } from './sounds';
import { loginPath, PATHS } from '../../paths';
import './test-period-card.css';

const TICK_MS = 1_000;

export interface TestPeriodCardProps {
  /** The clock; tests inject one (or fake the timers). */
  now?: () => Date;
  sounds?: TestPeriodSounds;
  /** POST /api/test-period unless a test injects another. */
  activate?: () => Promise<User>;
  /** The links to /pay; off where the card is shown on /pay itself. */
  proLinks?: boolean;
}

const systemNow = () => new Date();

/** Re-renders every second while `ticking`, so the countdown moves. */
function useTick(ticking: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);
}

function describeActivationError(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return MESSAGES.connectionProblem;
  return describeCallError(error);
}

function CardFrame({ titleId, children, tone }: { titleId: string; children: React.ReactNode; tone: string }) {
  return (
    <section className={`test-period test-period--${tone}`} aria-labelledby={titleId}>
      {children}
    </section>
  );
}

/** What the card, the banner and the chip share: the session's user, the period's state, and activation. */
function useTestPeriod(
  { now = systemNow, sounds = webAudioSounds, activate = startTestPeriod }: TestPeriodCardProps,
  /** Plays the stop sound and reloads the user when the period runs out on screen (one of the shown pieces does). */
  watchExpiry = true,
) {
  const { status, user: sessionUser } = useSession();
  const loadUser = useSetAtom(loadUserAtom);
  const [activated, setActivated] = useState<User | null>(null);
  const [activating, setActivating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The activation's answer shows at once; the session's user replaces it once reloaded.
  const user = sessionUser?.started_at ? sessionUser : (activated ?? sessionUser);
  const current = now();
  const state: TestPeriodState = getTestPeriodState(user, current);
  useTick(state.status === 'running');

  const previous = useRef(state.status);
  useEffect(() => {
    if (watchExpiry && previous.current === 'running' && state.status === 'expired') {
      sounds.playStop();
      // PRO of the test period ended with it: the rest of the app reads the reloaded user.
      loadUser().catch(() => undefined);
    }
    previous.current = state.status;
  }, [state.status, sounds, loadUser, watchExpiry]);

  // A paid PRO needs no trial offer; a running trial still shows its countdown.
  const shown = status !== 'loading' && !(user && state.status !== 'running' && isProActive(user, current));
  const key: TestPeriodBannerKey = !user ? 'guest' : state.status === 'not_started' ? 'offer' : state.status;

  const onActivate = async () => {
    setActivating(true);
    setError(null);
    try {
      setActivated(await activate());
      await loadUser().catch(() => undefined);
    } catch (failure) {
      setError(describeActivationError(failure));
      sounds.playFail();
    } finally {
      setActivating(false);
    }
  };

  return { status, user, state, shown, key, activating, error, onActivate };
}

/**
 * The search screen's test-period card (spec §4): not started (activate, or sign in first), running (countdown and
 * the share of the 24 hours left), expired ('Доступ истек', PRO offered). The stop sound plays when the period runs
 * out on screen, the fail sound when activation fails.
 */
export function TestPeriodCard(props: TestPeriodCardProps) {
  const { proLinks = true } = props;
  const titleId = useId();
  const { pathname, search } = useLocation();
  const { status, user, state, shown, activating, error, onActivate } = useTestPeriod(props);

  if (status === 'loading')
    return (
      <Skeleton visible className="test-period test-period--loading">
        <div className="test-period__skeleton" />
      </Skeleton>
    );
  if (!shown) return null;

  const title = (
    <h2 id={titleId} className="test-period__title">
      {state.status === 'expired' ? MESSAGES.testPeriodExpired : state.status === 'running' ? t.running : t.title}
    </h2>
  );

  if (state.status === 'running') {
    const percent = Math.round(state.remainingPercent);
    return (
      <CardFrame titleId={titleId} tone="running">
        {title}
        <p className="test-period__countdown">
          <span className="test-period__left">{t.left}</span>{' '}
          <time role="timer" aria-live="off" dateTime={`PT${Math.ceil(state.remainingMs / 1000)}S`}>
            {state.countdown}
          </time>
        </p>
        <Progress value={percent} aria-label={t.progressLabel} aria-valuetext={`${percent}%`} />
        <p className="test-period__percent">{t.percentLeft(percent)}</p>
      </CardFrame>
    );
  }

  if (state.status === 'expired')
    return (
      <CardFrame titleId={titleId} tone="expired">
        {title}
        <p className="test-period__text">{t.expiredNote}</p>
        {proLinks ? (
          <LinkButton to={PATHS.pay} size="m" className="test-period__action">
            {t.buyPro}
          </LinkButton>
        ) : null}
      </CardFrame>
    );

  if (!user)
    return (
      <CardFrame titleId={titleId} tone="offer">
        {title}
        <p className="test-period__text">{t.guestOffer}</p>
        <LinkButton to={loginPath(pathname + search)} size="m" className="test-period__action">
          {t.signIn}
        </LinkButton>
      </CardFrame>
    );

  return (
    <CardFrame titleId={titleId} tone="offer">
      {title}
      <p className="test-period__text">{t.offer}</p>
      <Button
        size="m"
        className="test-period__action"
        loading={activating}
        disabled={activating}
        onClick={() => void onActivate()}
      >
        {t.activate}
      </Button>
      {error ? (
        <p className="test-period__error" role="alert">
          {error}
        </p>
      ) : null}
      {/* Keeps the plan link close for those who would rather pay at once. */}
      {proLinks ? (
        <p className="test-period__more">
          <Link to={PATHS.pay}>{t.buyPro}</Link>
        </p>
      ) : null}
    </CardFrame>
  );
}

function CloseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The test-period offer as the search screen shows it (issue 32): one compact banner above the feed with the same
 * states and actions as the card (activate, sign in, the countdown, PRO after the expiry), which the user can put
 * away; put away, it is a chip of the filter row (`TestPeriodChip`) that brings it back. Kept across visits
 * (`dismissal.ts`); a new state of the period shows it again.
 */
export function TestPeriodBanner(props: TestPeriodCardProps) {
  const { proLinks = true } = props;
  const titleId = useId();
  const { pathname, search } = useLocation();
  const [dismissed, setDismissed] = useAtom(testPeriodDismissedAtom);
  const { status, user, state, shown, key, activating, error, onActivate } = useTestPeriod(props);

  // While the session loads the banner keeps its place, unless the user has put one away (then it most likely stays
  // away, and a placeholder would only make the feed jump). The place is the offer itself, unseen, so it has the
  // offer's height at any width (its words wrap to two or three lines on a phone) and the feed does not move when the
  // session is in (issue 32: 20 px at 390 px before).
  if (status === 'loading')
    return dismissed ? null : (
      <Skeleton visible className="test-period test-period--compact test-period--loading">
        <div className="test-period__placeholder" aria-hidden="true">
          <div className="test-period__main">
            <p className="test-period__title">{t.title}</p>
            <p className="test-period__line">{c.offer}</p>
          </div>
          <Button size="s" className="test-period__action" tabIndex={-1}>
            {c.activate}
          </Button>
          <span className="test-period__dismiss">
            <CloseIcon />
          </span>
        </div>
      </Skeleton>
    );
  if (!shown || dismissed === key) return null;

  const title =
    state.status === 'expired' ? MESSAGES.testPeriodExpired : state.status === 'running' ? t.running : t.title;
  let line: React.ReactNode;
  let action: React.ReactNode = null;
  if (state.status === 'running') {
    const percent = Math.round(state.remainingPercent);
    line = (
      <>
        <span className="test-period__left">{t.left}</span>{' '}
        <time role="timer" aria-live="off" dateTime={`PT${Math.ceil(state.remainingMs / 1000)}S`}>
          {state.countdown}
        </time>
        <Progress value={percent} aria-label={t.progressLabel} aria-valuetext={`${percent}%`} />
      </>
    );
  } else if (state.status === 'expired') {
    line = t.expiredNote;
    action = proLinks ? (
      <LinkButton to={PATHS.pay} size="s" className="test-period__action">
        {t.buyPro}
      </LinkButton>
    ) : null;
  } else if (!user) {
    line = c.offer;
    action = (
      <LinkButton to={loginPath(pathname + search)} size="s" className="test-period__action">
        {t.signIn}
      </LinkButton>
    );
  } else {
    line = c.offer;
    action = (
      <Button
        size="s"
        className="test-period__action"
        loading={activating}
        disabled={activating}
        onClick={() => void onActivate()}
      >
        {c.activate}
      </Button>
    );
  }

  return (
    <section className={`test-period test-period--compact test-period--${key}`} aria-labelledby={titleId}>
      <div className="test-period__main">
        <h2 id={titleId} className="test-period__title">
          {title}
        </h2>
        {state.status === 'running' ? (
          <div className="test-period__line test-period__line--running">{line}</div>
        ) : (
          <p className="test-period__line" title={typeof line === 'string' ? line : undefined}>
            {line}
          </p>
        )}
      </div>
      {action}
      <button
        type="button"
        className="test-period__dismiss"
        aria-label={c.dismiss}
        title={c.dismiss}
        onClick={() => setDismissed(key)}
      >
        <CloseIcon />
      </button>
      {error ? (
        <p className="test-period__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** The put-away banner as a chip of the filter row: «Тестовый период» (or the countdown); it opens the banner again. */
export function TestPeriodChip(props: Pick<TestPeriodCardProps, 'now'>) {
  const [dismissed, setDismissed] = useAtom(testPeriodDismissedAtom);
  const { shown, key, state } = useTestPeriod(props, false);
  if (!shown || dismissed !== key) return null;
  const label =
    state.status === 'running'
      ? c.chipRunning(state.countdown)
      : state.status === 'expired'
        ? MESSAGES.testPeriodExpired
        : c.chip;
  return (
    <button
      type="button"
      className={`test-period-chip test-period-chip--${key}`}
      aria-expanded={false}
      onClick={() => setDismissed(undefined)}
    >
      {label}
    </button>
  );
}
