import { Cell, Section } from '@telegram-apps/telegram-ui';
import type { VinFacts } from '@autoradar/contract';
import { vinFactsMessages as t } from '../messages';

// What a completed VIN report says of the car (issue 33), as the API answers it: counts, years and yes/no only (the
// server keeps the report's personal data to itself: packages/server/src/reports/vin-facts.ts).

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

export function VinFactsSection({ facts }: { facts: VinFacts }) {
  const periods = facts.registration_years.map((p) => t.period(p.from, p.to)).join(', ');
  return (
    <Section className="vin-facts" header={t.title} footer={t.checkedAt(dateFormat.format(new Date(facts.checked_at)))}>
      {facts.owners !== null ? <Cell after={String(facts.owners)}>{t.owners}</Cell> : null}
      {periods ? (
        <Cell multiline subtitle={periods}>
          {t.registrations}
        </Cell>
      ) : null}
      {facts.restrictions_found !== null ? (
        <Cell after={facts.restrictions_found ? t.restrictionsFound : t.restrictionsNone}>{t.restrictions}</Cell>
      ) : null}
      {facts.osago_active !== null ? (
        <Cell after={facts.osago_active ? t.osagoActive : t.osagoNone}>{t.osago}</Cell>
      ) : null}
    </Section>
  );
}
