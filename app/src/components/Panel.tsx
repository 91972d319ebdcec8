import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

/**
 * An optional part of a form, folded away until opened (a native <details>, so it opens
 * with Enter or Space). It starts open when it already holds something.
 */
export function Panel({ id, title, startOpen, children }: { id: string; title: string; startOpen: boolean; children: ComponentChildren }) {
  const [open, setOpen] = useState(startOpen);
  return (
    <details id={id} class="panel" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{title}</summary>
      {children}
    </details>
  );
}
