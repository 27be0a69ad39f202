import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadTextFile } from './download-text-file';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('downloadTextFile', () => {
  it('clicks a hidden link to the text as a blob, then removes it and frees the address', () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const revoke = vi.fn();
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:file';
      }),
      revokeObjectURL: revoke,
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });

    downloadTextFile('classes.ics', 'BEGIN:VCALENDAR', 'text/calendar;charset=utf-8');

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('classes.ics');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:file');
    expect(blobs[0]?.type).toBe('text/calendar;charset=utf-8');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:file');
  });
});
