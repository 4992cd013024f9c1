import { KBM_LABELS } from './messages';

export interface KbmDisplay {
  kind: 'discount' | 'surcharge' | 'base';
  percent: number;
  label: string;
}

/**
 * OSAGO bonus-malus coefficient as the driver reads it: below 1 is a discount, above 1 a surcharge, in whole
 * percent (0.9 -> 'Скидка 10%', 1.4 -> 'Надбавка 40%').
 */
export function formatKbm(kbm: number): KbmDisplay {
  const percent = Math.round(Math.abs(1 - kbm) * 100);
  if (percent === 0) return { kind: 'base', percent: 0, label: KBM_LABELS.base };
  if (kbm < 1) return { kind: 'discount', percent, label: KBM_LABELS.discount(percent) };
  return { kind: 'surcharge', percent, label: KBM_LABELS.surcharge(percent) };
}
