import { useState } from 'preact/hooks';

/** Read-only code to copy, with a Copy button that says when it worked. */
export function CopyBox({ id, label, text }: { id: string; label: string; text: string }) {
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus('Copied.');
    } catch {
      const area = document.getElementById(id) as HTMLTextAreaElement | null;
      area?.select();
      setStatus('Selected: press Ctrl+C (or ⌘C) to copy.');
    }
  };
  return (
    <div class="copybox">
      <label for={id}>{label}</label>
      <textarea id={id} readOnly rows={3} value={text} spellcheck={false} />
      <div class="copy-row">
        <button type="button" class="button" onClick={copy}>
          Copy {label.toLowerCase()}
        </button>
        <span role="status">{status}</span>
      </div>
    </div>
  );
}
