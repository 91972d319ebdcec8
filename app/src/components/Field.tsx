interface Props {
  label: string;
  id: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  problem?: string | null;
  type?: 'text' | 'email' | 'password' | 'search';
  inputMode?: 'decimal' | 'numeric' | 'text' | 'email';
  autocomplete?: string;
  placeholder?: string;
  required?: boolean;
  class?: string;
}

/** A labelled input with an optional hint and an error tied to it by aria-describedby. */
export function Field({ label, id, value, onValue, hint, problem, type = 'text', class: className, ...rest }: Props) {
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field ${className ?? ''}`}>
      <label for={id}>{label}</label>
      <input
        id={id}
        type={type as 'text'}
        value={value}
        inputMode={rest.inputMode}
        autocomplete={rest.autocomplete}
        placeholder={rest.placeholder}
        required={rest.required}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={described}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
      {problem && (
        <small id={`${id}-problem`} class="problem">
          {problem}
        </small>
      )}
    </div>
  );
}
