import { describe, expect, it } from 'vitest';
import { findVin } from './find-vin';

describe('findVin', () => {
  it('finds a VIN written after its label, in any case', () => {
    expect(findVin('Продаю Ладу. VIN: XTA210990Y2765437, торг')).toBe('XTA210990Y2765437');
    expect(findVin('вин xta210990y2765437')).toBe('XTA210990Y2765437');
  });

  it('takes no number, no word with I, O or Q, and no longer word for a VIN', () => {
    expect(findVin('Телефон 89161234567 и 12345678901234567')).toBeNull();
    expect(findVin('XTA210990Y2765437X')).toBeNull();
    expect(findVin('XTA21O990Y2765437')).toBeNull();
    expect(findVin('ABCDEFGHJKLMNPRST')).toBeNull();
    expect(findVin('')).toBeNull();
  });
});
