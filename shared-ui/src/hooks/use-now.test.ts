import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

afterEach(() => vi.useRealTimers());

describe('useNow', () => {
  it('ticks every interval', () => {
    vi.useFakeTimers({ now: new Date('2026-02-01T10:00:00Z') });
    const { result } = renderHook(() => useNow(60_000));
    expect(result.current.toISOString()).toBe('2026-02-01T10:00:00.000Z');
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.toISOString()).toBe('2026-02-01T10:01:00.000Z');
  });

  it('keeps a fixed time', () => {
    vi.useFakeTimers({ now: new Date('2026-02-01T10:00:00Z') });
    const fixed = new Date('2025-03-12T09:00:00Z');
    const { result } = renderHook(() => useNow(60_000, fixed));
    act(() => vi.advanceTimersByTime(120_000));
    expect(result.current).toBe(fixed);
  });
});
