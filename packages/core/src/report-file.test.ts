import { describe, expect, it } from 'vitest';
import { formatReportFile, reportFileName } from './report-file';

describe('the report file', () => {
  it('is the report as two-space JSON with a final newline', () => {
    expect(formatReportFile({ id: 5, result: { osago: [1] } })).toBe(
      '{\n  "id": 5,\n  "result": {\n    "osago": [\n      1\n    ]\n  }\n}\n',
    );
  });

  it('is named after the VIN and the order number', () => {
    expect(reportFileName({ id: 42, string: 'XTA21703080123456' })).toBe('report-XTA21703080123456-42.json');
  });
});
