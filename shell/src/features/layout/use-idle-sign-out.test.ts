import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_ACTIVITY_STORAGE_KEY } from '@portal/shared-data';
import { useIdleSignOut } from './use-idle-sign-out';

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('useIdleSignOut', () => {
  it('calls back once after the timeout without input', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(5, onIdle));

    vi.advanceTimersByTime(5 * MINUTE - 1000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledOnce();
    expect(onIdle).toHaveBeenCalledWith(5);

    vi.advanceTimersByTime(30 * MINUTE);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it.each(['keydown', 'pointermove', 'pointerdown', 'touchstart', 'wheel'])(
    'counts %s as activity',
    (type) => {
      const onIdle = vi.fn();
      renderHook(() => useIdleSignOut(5, onIdle));

      vi.advanceTimersByTime(4 * MINUTE);
      fireEvent(window, new Event(type));
      vi.advanceTimersByTime(4 * MINUTE);
      expect(onIdle).not.toHaveBeenCalled();
      vi.advanceTimersByTime(MINUTE);
      expect(onIdle).toHaveBeenCalledOnce();
    },
  );

  it("counts another tab's activity and shares its own", () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(5, onIdle));
    expect(Number(localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY))).toBe(Date.now());

    vi.advanceTimersByTime(3 * MINUTE);
    // Another tab of the same browser is being used.
    localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Date.now()));
    vi.advanceTimersByTime(2 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3 * MINUTE);
    expect(onIdle).toHaveBeenCalledOnce();

    fireEvent.keyDown(window);
    expect(Number(localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY))).toBe(Date.now());
  });

  it('follows a changed timeout, and does nothing without one', () => {
    const onIdle = vi.fn();
    const { rerender, unmount } = renderHook(({ minutes }) => useIdleSignOut(minutes, onIdle), {
      initialProps: { minutes: null as number | null },
    });
    vi.advanceTimersByTime(600 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();

    rerender({ minutes: 10 });
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).toHaveBeenCalledWith(10);

    unmount();
    vi.advanceTimersByTime(600 * MINUTE);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('reports use of the portal to onUse at most once per 5 seconds', () => {
    const onUse = vi.fn();
    renderHook(() => useIdleSignOut(30, vi.fn(), onUse));

    fireEvent(window, new Event('keydown'));
    vi.advanceTimersByTime(6_000);
    fireEvent(window, new Event('pointermove'));
    fireEvent(window, new Event('pointermove'));
    vi.advanceTimersByTime(1_000);
    fireEvent(window, new Event('wheel'));

    expect(onUse).toHaveBeenCalledTimes(1);
    expect(onUse).toHaveBeenCalledWith(30);
    vi.advanceTimersByTime(5_000);
    fireEvent(window, new Event('keydown'));
    expect(onUse).toHaveBeenCalledTimes(2);
  });
});
