import type { ReactNode } from 'react';
import type { Order } from '@autoradar/contract';
import {
  formatKbm,
  formatNumber,
  formatPrice,
  getOrderStatusLabel,
  getOwnershipOperationLabel,
  isOwnershipOperationCode,
  OWNER_TYPE_LABELS,
  type ReportSectionKey,
} from '@autoradar/core';
import { formatCoefficient, formatReportDate } from '../format';
import { adminMessages } from '../messages';

// The per-section results of a report order (spec §3): base info, ownership periods, OSAGO policies and
// restrictions, each shown once its section has completed.

type Result = Order['result'];
type Section<K extends ReportSectionKey> = NonNullable<Result[K]>;
type Value<K extends ReportSectionKey> = NonNullable<Section<K>['value']>;

const m = adminMessages;
const dash = m.notSet;

/** Label and value pairs; a missing value shows a dash, so every field the provider may send has its place. */
function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="admin-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="admin-facts__row">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? dash : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section's items (owners, policies, restrictions), each under its own heading with its facts. */
function ReportList<T>({
  items,
  title,
  facts,
}: {
  items: readonly T[];
  title: (item: T, index: number) => string;
  facts: (item: T) => readonly [string, ReactNode][];
}) {
  return (
    <ol className="admin-report-list">
      {items.map((item, index) => (
        <li key={index} className="admin-report-item">
          <h4 className="admin-report-item__title">{title(item, index)}</h4>
          <Facts rows={facts(item)} />
        </li>
      ))}
    </ol>
  );
}

/** Why a section shows no facts. */
const emptyText = (text: string) => <p className="admin-report-empty">{text}</p>;

const num = (value: number | null | undefined) => (typeof value === 'number' ? formatNumber(value) : null);

export function BaseInfoView({ value }: { value: Value<'baseInfo'> }) {
  const t = m.baseInfo;
  return (
    <Facts
      rows={[
        [t.vin, value.vin],
        [t.year, value.year],
        [t.model, value.model],
        [t.powerHp, num(value.powerHp)],
        [t.powerKwt, typeof value.powerKwt === 'number' ? formatCoefficient(value.powerKwt) : null],
        [t.engineNumber, value.engineNumber],
        [t.engineVolume, num(value.engineVolume)],
        [t.type, value.type],
        [t.color, value.color],
        [t.category, value.category],
      ]}
    />
  );
}

/** The operation's name with its code (spec §9): 01, 03, 12, 62 and 69 are named, others shown as they came. */
export function operationText(code: string | null | undefined): string | null {
  if (!code?.trim()) return null;
  const normalized = code.trim().padStart(2, '0');
  const label = getOwnershipOperationLabel(code);
  return isOwnershipOperationCode(normalized) ? m.ownership.operationValue(label, normalized) : label;
}

export function OwnershipView({ value }: { value: Value<'ownershipPeriods'> }) {
  const t = m.ownership;
  return (
    <ReportList
      items={value}
      title={(_, index) => t.period(index + 1)}
      facts={(period) => [
        [t.owner, period.owner ? OWNER_TYPE_LABELS[period.owner] : null],
        [t.from, formatReportDate(period.startDate)],
        [t.to, period.endDate ? formatReportDate(period.endDate) : t.present],
        [t.operation, operationText(period.operation)],
      ]}
    />
  );
}

/** kbm as the driver reads it (spec §9): the coefficient and the discount or surcharge it means. */
export function kbmText(kbm: number | null | undefined): string | null {
  if (typeof kbm !== 'number') return null;
  return m.osago.kbmValue(formatCoefficient(kbm), formatKbm(kbm).label);
}

export function OsagoView({ value }: { value: Value<'osago'> }) {
  const t = m.osago;
  return (
    <ReportList
      items={value}
      title={(policy) => (policy.insuranceNumber ? t.policy(policy.insuranceNumber) : t.policyNoNumber)}
      facts={(policy) => [
        [t.statusDescription, policy.statusDescription],
        [t.active, typeof policy.isActive === 'boolean' ? (policy.isActive ? t.activeYes : t.activeNo) : null],
        [t.insuranceDate, formatReportDate(policy.insuranceDate)],
        [t.insurer, policy.insurerName],
        [t.cost, typeof policy.cost === 'number' ? formatPrice(policy.cost) : null],
        [t.kbm, kbmText(policy.kbm)],
        [t.owner, policy.owner],
        [t.insuredTo, policy.insuredTo],
        [t.markModel, policy.markModel],
        [t.licensePlate, policy.licensePlate],
        [t.carRegion, policy.carRegion],
        [t.enginePower, num(policy.enginePower)],
        [t.purpose, policy.carPurposeType],
        [t.restrictions, policy.restrictions],
      ]}
    />
  );
}

export function RestrictionsView({ value }: { value: Value<'restrictions'> }) {
  const t = m.restrictions;
  if (value.length === 0) return emptyText(t.none);
  return (
    <ReportList
      items={value}
      title={(_, index) => t.item(index + 1)}
      facts={(restriction) => [
        [t.type, restriction.restrictionType],
        [t.registrationDate, formatReportDate(restriction.registrationDate)],
        [t.basis, restriction.osnOgr],
        [t.region, restriction.region],
        [t.whoImposed, restriction.whoImposed],
      ]}
    />
  );
}

/** One section's body: its data once completed, else why there is none yet. */
export function SectionBody({ sectionKey, result }: { sectionKey: ReportSectionKey; result: Result }) {
  const section = result[sectionKey];
  if (!section || section.status === 'new' || section.status === 'processing')
    return emptyText(m.orders.sectionPending);
  if (section.status === 'failed') return emptyText(m.orders.sectionFailed);
  const { value } = section;
  // An empty list of owners or policies reads as no data; no restrictions is news of its own («Ограничений нет»).
  if (value === null || (sectionKey !== 'restrictions' && Array.isArray(value) && value.length === 0))
    return emptyText(m.orders.sectionEmpty);
  switch (sectionKey) {
    case 'baseInfo':
      return <BaseInfoView value={value as Value<'baseInfo'>} />;
    case 'ownershipPeriods':
      return <OwnershipView value={value as Value<'ownershipPeriods'>} />;
    case 'osago':
      return <OsagoView value={value as Value<'osago'>} />;
    case 'restrictions':
      return <RestrictionsView value={value as Value<'restrictions'>} />;
  }
}

/** A section's status as the order's own labels say it. */
export function sectionStatusLabel(result: Result, key: ReportSectionKey): string {
  return getOrderStatusLabel(result[key]?.status ?? 'new');
}
