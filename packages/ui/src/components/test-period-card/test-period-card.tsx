import { useEffect, useId, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
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
import { testPeriodMessages as t } from './messages';
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

/**
 * The search screen's test-period card (spec §4): not started (activate, or sign in first), running (countdown and
 * the share of the 24 hours left), expired ('Доступ истек', PRO offered). The stop sound plays when the period runs
 * out on screen, the fail sound when activation fails.
 */
export function TestPeriodCard({
  now = systemNow,
  sounds = webAudioSounds,
  activate = startTestPeriod,
  proLinks = true,
}: TestPeriodCardProps) {
  const titleId = useId();
  const { status, user: sessionUser } = useSession();
  const loadUser = useSetAtom(loadUserAtom);
  const { pathname, search } = useLocation();
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
    if (previous.current === 'running' && state.status === 'expired') {
      sounds.playStop();
      // PRO of the test period ended with it: the rest of the app reads the reloaded user.
      loadUser().catch(() => undefined);
    }
    previous.current = state.status;
  }, [state.status, sounds, loadUser]);

  if (status === 'loading')
    return (
      <Skeleton visible className="test-period test-period--loading">
        <div className="test-period__skeleton" />
      </Skeleton>
    );

  // A paid PRO needs no trial offer; a running trial still shows its countdown.
  if (user && state.status !== 'running' && isProActive(user, current)) return null;

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
