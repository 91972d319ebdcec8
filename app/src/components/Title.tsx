import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { takeFocusRequest } from '../router';

/**
 * A screen's h1. It also sets the document title, and takes focus when the screen opens
 * after an in-app navigation, so screen readers announce the new screen.
 */
export function Title({ children, text }: { children?: ComponentChildren; text: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${text} · NLS`;
  }, [text]);
  useEffect(() => {
    if (takeFocusRequest()) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children ?? text}
    </h1>
  );
}
