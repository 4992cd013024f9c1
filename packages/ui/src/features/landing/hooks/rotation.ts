import { useCallback, useEffect, useRef, useState } from 'react';

export interface Rotation {
  /** Jumps to a slide and restarts the interval, so a picked slide stays a full period. */
  select(index: number): void;
  stop(): void;
}

/** Advances an index through `count` items every `intervalMs`, wrapping around; a single item never ticks. */
export function startRotation(
  count: number,
  intervalMs: number,
  from: number,
  onChange: (index: number) => void,
): Rotation {
  let index = from;
  let timer: ReturnType<typeof setInterval> | undefined;
  const schedule = () => {
    if (count < 2) return;
    timer = setInterval(() => {
      index = (index + 1) % count;
      onChange(index);
    }, intervalMs);
  };
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  schedule();
  return {
    select(next) {
      stop();
      index = next;
      onChange(next);
      schedule();
    },
    stop,
  };
}

/** The current index of an auto-rotating list; the timer stops while `paused` and on unmount. */
export function useRotation(count: number, intervalMs: number, paused = false): [number, (index: number) => void] {
  const [index, setIndex] = useState(0);
  // Read by the effect below to resume from the shown item; kept in sync after each render, not during it.
  const indexRef = useRef(index);
  useEffect(() => {
    indexRef.current = index;
  }, [index]);
  const rotationRef = useRef<Rotation | null>(null);

  useEffect(() => {
    if (paused) return;
    const rotation = startRotation(count, intervalMs, indexRef.current, setIndex);
    rotationRef.current = rotation;
    return () => {
      rotation.stop();
      rotationRef.current = null;
    };
  }, [count, intervalMs, paused]);

  const select = useCallback((next: number) => {
    if (rotationRef.current) rotationRef.current.select(next);
    else setIndex(next);
  }, []);

  return [index, select];
}
