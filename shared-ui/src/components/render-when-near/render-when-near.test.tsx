import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderWhenNear } from './render-when-near';

type Callback = (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void;

/**
 * A stand-in for the browser's observer (the unit tests have none, see vitest.setup.ts): the test
 * says when the part is near.
 */
function fakeObserver() {
  const observers: Array<{ callback: Callback; options?: IntersectionObserverInit }> = [];
  const disconnect = vi.fn();
  class FakeIntersectionObserver {
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      observers.push({ callback, options });
    }
    observe() {}
    disconnect = disconnect;
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return { observers, disconnect };
}

afterEach(() => vi.unstubAllGlobals());

describe('RenderWhenNear', () => {
  it('keeps the space and renders nothing until the part comes near the viewport', () => {
    const { observers, disconnect } = fakeObserver();
    const { container } = render(
      <RenderWhenNear minHeight={240}>
        <p>Chart</p>
      </RenderWhenNear>,
    );
    expect(screen.queryByText('Chart')).toBeNull();
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('240px');
    expect(observers[0]?.options?.rootMargin).toBe('400px');

    act(() => observers[0]!.callback([{ isIntersecting: false }]));
    expect(screen.queryByText('Chart')).toBeNull();

    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    expect(screen.getByText('Chart')).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });

  it('renders at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <RenderWhenNear minHeight={240}>
        <p>Chart</p>
      </RenderWhenNear>,
    );
    expect(screen.getByText('Chart')).toBeInTheDocument();
  });
});
