import type { ComponentChildren } from 'preact';

/** An error the user must see: announced at once (role=alert). */
export function ErrorNotice({ message, children }: { message?: string | null; children?: ComponentChildren }) {
  if (!message && !children) return null;
  return (
    <div class="notice notice-error" role="alert">
      {message && <p>{message}</p>}
      {children}
    </div>
  );
}

/** A polite status line (saved, copied, loading). Always rendered so updates are announced. */
export function StatusLine({ message, id }: { message?: string | null; id?: string }) {
  return (
    <p class="status" role="status" id={id}>
      {message ?? ''}
    </p>
  );
}
