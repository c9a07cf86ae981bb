import { describe, expect, it } from 'vitest';
import { baseName, fileNameWords } from './file-name';

describe('file names', () => {
  it('baseName drops folders and the last extension', () => {
    expect(baseName('C:\\docs\\Q3 report.final.pdf')).toBe('Q3 report.final');
    expect(baseName('.env')).toBe('.env');
  });

  it('fileNameWords splits on everything but letters and digits', () => {
    expect(fileNameWords('reports/Q3-report_final.v2.pdf')).toBe('Q3 report final v2 pdf');
    expect(fileNameWords('Überweisung 2024.txt')).toBe('Überweisung 2024 txt');
  });
});
