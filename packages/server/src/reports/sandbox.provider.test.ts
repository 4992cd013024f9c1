import { describe, expect, it, vi } from 'vitest';
import { REPORT_SECTION_KEYS } from '@autoradar/core';
import { sectionValueSchema } from './report.provider';
import { SANDBOX_MARK, createSandboxProvider, makeSampleReport } from './sandbox.provider';

describe('sandbox reports', () => {
  it('are the same for the same VIN and differ between VINs', () => {
    expect(makeSampleReport('XTA21703080123456')).toEqual(makeSampleReport('XTA21703080123456'));
    expect(makeSampleReport('XTA21703080123456')).not.toEqual(makeSampleReport('WVWZZZ1JZ3W386752'));
  });

  it('are clearly marked as samples', () => {
    const sample = makeSampleReport('XTA21703080123456');
    expect(sample.baseInfo?.model).toContain(SANDBOX_MARK);
    expect(sample.baseInfo?.engineNumber).toMatch(/^ОБРАЗЕЦ-/);
    expect(sample.osago?.[0]?.insurerName).toContain(SANDBOX_MARK);
    expect(createSandboxProvider().sandbox).toBe(true);
  });

  it('fit the contract for many VINs, with the year read from the VIN', async () => {
    const provider = createSandboxProvider();
    for (let i = 0; i < 200; i++) {
      const vin = `XTA21703${'0123456789ABCDEFGHJKLMNPRSTVWXY'[i % 31]}${String(i).padStart(8, '0')}`.slice(0, 17);
      const sample = makeSampleReport(vin);
      for (const key of REPORT_SECTION_KEYS) expect(sectionValueSchema(key).safeParse(sample[key]).success).toBe(true);
      const outcomes = await provider.fetchSections(vin, REPORT_SECTION_KEYS, new AbortController().signal);
      expect(Object.values(outcomes).every((o) => o.status === 'completed')).toBe(true);
    }
    expect(makeSampleReport('XTA21703080123456').baseInfo?.year).toBe(2008);
    expect(makeSampleReport('XTA217030C0123456').baseInfo?.year).toBe(2012);
  });

  it('take REPORTS_SANDBOX_DELAY per order, as a real provider takes its time, and stop when the order is abandoned', async () => {
    vi.useFakeTimers();
    try {
      const provider = createSandboxProvider({ delayMs: 3000 });
      let done = false;
      const answer = provider
        .fetchSections('XTA21703080123456', REPORT_SECTION_KEYS, new AbortController().signal)
        .then(() => (done = true));
      await vi.advanceTimersByTimeAsync(2999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await answer;
      expect(done).toBe(true);

      const abandoned = new AbortController();
      const stopped = provider.fetchSections('XTA21703080123456', REPORT_SECTION_KEYS, abandoned.signal);
      abandoned.abort();
      await expect(stopped).rejects.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });
});
