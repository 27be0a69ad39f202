// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize (Bytes, KB, MB, GB, two decimals)', () => {
  it.each([
    [0, '0 Bytes'],
    [null, '0 Bytes'],
    [undefined, '0 Bytes'],
    [-5, '0 Bytes'],
    [Number.NaN, '0 Bytes'],
    [Number.POSITIVE_INFINITY, '0 Bytes'],
    [0.5, '0.5 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234, '1.21 KB'],
    [1048575, '1024 KB'],
    [1048576, '1 MB'],
    [5 * 1024 * 1024 + 123456, '5.12 MB'],
    [1073741824, '1 GB'],
    [2.25 * 1073741824, '2.25 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%j → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('uses the Spanish decimal separator and no digit grouping', () => {
    expect(formatFileSize(1536, 'es')).toBe('1,5 KB');
    expect(formatFileSize(5 * 1024 ** 4, 'es')).toBe('5120 GB');
    expect(formatFileSize(5 * 1024 ** 4, 'en')).toBe('5120 GB');
  });
});
