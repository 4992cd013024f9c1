import { useEffect, useState } from 'react';
import { RELATIVE_TIME_REFRESH_MS } from '@autoradar/core';

/** The current time, refreshed every minute so «5 минут назад» keeps up (spec §9). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), RELATIVE_TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
