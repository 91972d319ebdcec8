import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

interface Props {
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ComponentChildren;
}

/** A modal confirmation (<dialog>): focus is trapped and Escape cancels. */
export function ConfirmDialog({ title, confirmLabel, cancelLabel = 'Cancel', danger, busy, onConfirm, onCancel, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-labelledby="dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="dialog-title">{title}</h2>
      <div class="dialog-body">{children}</div>
      <div class="actions">
        <button type="button" class="button" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" class={danger ? 'button danger' : 'button primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
