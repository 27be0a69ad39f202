import { useEffect, useRef, useState, type ReactNode } from 'react';

export type RenderWhenNearProps = {
  children: ReactNode;
  /** The space kept for the content until it renders, so nothing below it jumps. */
  minHeight: number;
  /** How far outside the viewport the content starts to render (CSS margin). */
  margin?: string;
};

/**
 * Renders its children once they come near the viewport, and keeps them from then on. For heavy
 * parts below the fold (a dashboard's chart): on a phone their code and their drawing would
 * otherwise block the main thread while the visitor reads the top of the page. Without
 * IntersectionObserver the children render at once.
 */
export function RenderWhenNear({ children, minHeight, margin = '400px' }: RenderWhenNearProps) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  if (near) return <>{children}</>;
  return <div ref={placeholder} style={{ minHeight }} />;
}
