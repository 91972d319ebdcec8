// What one line says of itself: its name in the ingredient statement (`label_name`) and
// amounts per 100 g that override its ingredient's data (`nutrients`), e.g. the trans fat
// the food database does not know.
import { useState } from 'preact/hooks';
import { LABEL_NUTRIENTS, VOLUNTARY_NUTRIENTS, nutrientName } from '../../nutrients';
import { numberText, parseNumber } from '../../util';
import type { Row } from './model';

interface Props {
  row: Row;
  n: number;
  onChange: (row: Row) => void;
}

const KEYS = [...LABEL_NUTRIENTS, ...VOLUNTARY_NUTRIENTS].map(([key]) => key);

export function LineOverrides({ row, n, onChange }: Props) {
  const base = `row-${row.key}`;
  const entries = Object.entries(row.nutrients ?? {});
  const unused = KEYS.filter((k) => !(k in (row.nutrients ?? {})));
  const [adding, setAdding] = useState(unused[0] ?? '');
  // Amounts as typed, so "0." or an empty box survives until it is a number again.
  const [typed, setTyped] = useState<Record<string, string>>({});

  const setAmount = (key: string, text: string) => {
    setTyped((t) => ({ ...t, [key]: text }));
    const n = parseNumber(text);
    if (n !== null && n >= 0) onChange({ ...row, nutrients: { ...row.nutrients, [key]: n } });
  };
  const remove = (key: string) => {
    const next = { ...row.nutrients };
    delete next[key];
    onChange({ ...row, nutrients: Object.keys(next).length ? next : undefined });
  };
  const add = () => {
    const key = unused.includes(adding) ? adding : unused[0];
    if (!key) return;
    onChange({ ...row, nutrients: { ...row.nutrients, [key]: 0 } });
    setTyped((t) => ({ ...t, [key]: '0' }));
    setAdding(unused.find((k) => k !== key) ?? '');
    setTimeout(() => document.getElementById(`${base}-nutrient-${key}`)?.focus(), 0);
  };

  return (
    <div class="line-overrides" id={`${base}-details`}>
      <div class="field">
        <label for={`${base}-label-name`}>Name on the label for ingredient {n}</label>
        <input
          id={`${base}-label-name`}
          type="text"
          value={row.labelName ?? ''}
          aria-describedby={`${base}-label-name-hint`}
          onInput={(e) => onChange({ ...row, labelName: e.currentTarget.value || null })}
        />
        <small id={`${base}-label-name-hint`} class="hint">
          How this line reads in the ingredient statement; empty: the ingredient's own name.
        </small>
      </div>
      <p class="hint">Amounts per 100 g of this ingredient that replace its data on this line (for example what the food database lacks).</p>
      {entries.length > 0 && (
        <ul class="overrides">
          {entries.map(([key, amount]) => (
            <li key={key}>
              <label for={`${base}-nutrient-${key}`}>
                {nutrientName(key)} per 100 g, ingredient {n}
              </label>
              <input
                id={`${base}-nutrient-${key}`}
                type="text"
                inputMode="decimal"
                value={typed[key] ?? numberText(amount)}
                onInput={(e) => setAmount(key, e.currentTarget.value)}
              />
              <button type="button" class="button small danger" onClick={() => remove(key)} aria-label={`Remove ${nutrientName(key)} of ingredient ${n}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {unused.length > 0 && (
        <div class="add-override">
          <label for={`${base}-add-nutrient`}>Nutrient to give for ingredient {n}</label>
          <select id={`${base}-add-nutrient`} value={adding} onChange={(e) => setAdding(e.currentTarget.value)}>
            {unused.map((key) => (
              <option key={key} value={key}>
                {nutrientName(key)}
              </option>
            ))}
          </select>
          <button type="button" class="button small" onClick={add}>
            Add this value
          </button>
        </div>
      )}
    </div>
  );
}
