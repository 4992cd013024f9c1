import { useEffect, useId, useState } from 'react';
import { Switch } from '@telegram-apps/telegram-ui';
import { Alert } from '../../../components/alert';
import { fetchPriceAlerts, savePriceAlerts } from '../api';
import { profileMessages as t } from '../messages';

/** The profile's switch of the price-drop alerts on favourites (issue 33); hidden until the setting is loaded. */
export function PriceAlertsSwitch() {
  const id = useId();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetchPriceAlerts(abort.signal)
      .then(setOn)
      .catch(() => undefined);
    return () => abort.abort();
  }, []);
  if (on === null) return null;
  return (
    <section className="profile-card profile-alerts" aria-labelledby={`${id}-title`}>
      <h2 className="profile-card__title" id={`${id}-title`}>
        {t.alertsTitle}
      </h2>
      <div className="profile-alerts__row">
        <label htmlFor={`${id}-switch`}>{t.priceAlerts}</label>
        <Switch
          id={`${id}-switch`}
          checked={on}
          disabled={busy}
          aria-describedby={`${id}-note`}
          onChange={(event) => {
            const wanted = event.target.checked;
            setOn(wanted);
            setBusy(true);
            setFailed(false);
            savePriceAlerts(wanted)
              .then(setOn)
              .catch(() => {
                setOn(!wanted);
                setFailed(true);
              })
              .finally(() => setBusy(false));
          }}
        />
      </div>
      <p className="profile-card__note" id={`${id}-note`}>
        {t.priceAlertsNote}
      </p>
      <Alert message={failed ? t.priceAlertsFailed : null} />
    </section>
  );
}
