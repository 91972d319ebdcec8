// One ingredient line of the builder: a combobox searching the account's ingredients and
// the food database, the grams, what the line resolved to with its allergens, and
// keyboard-reachable buttons to move or remove it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { search, type Choice } from '../../lookup';
import { allergenName } from '../../util';
import { LineOverrides } from './LineOverrides';
import type { Row } from './model';

export interface Resolution {
  /** The name the label uses for this line, from analyze. */
  name: string | null;
  id: string | null;
  allergens: string[] | null;
  kind?: Choice['kind'];
}

interface Props {
  row: Row;
  index: number;
  count: number;
  resolution: Resolution | null;
  gramsProblem?: string;
  onChange: (row: Row, picked?: Choice) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

const KIND: Record<Choice['kind'], string> = { custom: 'your ingredient', food: 'food database', recipe: 'sub-recipe' };

export function IngredientRow({ row, index, count, resolution, gramsProblem, onChange, onMove, onRemove }: Props) {
  const n = index + 1;
  const base = `row-${row.key}`;
  const listId = `${base}-options`;
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Choice[]>([]);
  const [active, setActive] = useState(-1);
  const [searching, setSearching] = useState(false);
  const [typed, setTyped] = useState('');
  const overridden = Boolean(row.labelName || (row.nutrients && Object.keys(row.nutrients).length));
  const [details, setDetails] = useState(overridden);
  const input = useRef<HTMLInputElement>(null);

  // Search as the user types (150 ms after the last key), cancelling older searches.
  useEffect(() => {
    if (!typed.trim()) {
      setOptions([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearching(true);
      search(typed, controller.signal)
        .then((found) => {
          setOptions(found);
          setActive(-1);
          setOpen(document.activeElement === input.current);
        })
        .catch(() => undefined)
        .finally(() => setSearching(false));
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);

  const pick = (choice: Choice) => {
    onChange({ ...row, text: choice.name, ingredientId: choice.id, labelName: null, nutrients: undefined }, choice);
    setOpen(false);
    setTyped('');
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      const choice = options[active];
      if (choice) pick(choice);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const resolvedText = describeResolution(row, resolution);
  return (
    <li class="ingredient-row" data-row={n}>
      <div class="combo">
        <label for={`${base}-name`}>Ingredient {n}</label>
        <input
          ref={input}
          id={`${base}-name`}
          type="text"
          role="combobox"
          autocomplete="off"
          aria-autocomplete="list"
          aria-expanded={open && options.length > 0 ? 'true' : 'false'}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={`${base}-resolved`}
          placeholder="Type to search, e.g. flour"
          value={row.text}
          onInput={(e) => {
            const text = e.currentTarget.value;
            onChange({ ...row, text, ingredientId: null, labelName: null, nutrients: undefined });
            setTyped(text);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 120)}
        />
        <ul id={listId} role="listbox" aria-label={`Suggestions for ingredient ${n}`} class="options" hidden={!(open && options.length > 0)}>
          {options.map((choice, i) => (
            <li
              key={choice.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active ? 'true' : 'false'}
              class={i === active ? 'option active' : 'option'}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(choice);
              }}
            >
              <span class="option-name">{choice.name}</span>
              <span class="option-kind">
                {KIND[choice.kind]}
                {choice.allergens.length ? ` · ${choice.allergens.map(allergenName).join(', ')}` : ''}
              </span>
            </li>
          ))}
        </ul>
        <small id={`${base}-resolved`} class={resolution && !resolution.id && !row.ingredientId ? 'resolved unresolved' : 'resolved'}>
          {searching ? 'Searching…' : resolvedText}
        </small>
      </div>
      <div class="grams">
        <label for={`${base}-grams`}>Grams</label>
        <input
          id={`${base}-grams`}
          type="text"
          inputMode="decimal"
          aria-label={`Grams of ingredient ${n}`}
          aria-invalid={gramsProblem ? 'true' : undefined}
          value={row.grams}
          onInput={(e) => onChange({ ...row, grams: e.currentTarget.value })}
        />
      </div>
      <div class="row-buttons">
        <button
          type="button"
          id={`${base}-up`}
          class="button icon"
          disabled={index === 0}
          aria-label={`Move ingredient ${n} up`}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          id={`${base}-down`}
          class="button icon"
          disabled={index === count - 1}
          aria-label={`Move ingredient ${n} down`}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
        <button type="button" class="button icon danger" aria-label={`Remove ingredient ${n}`} onClick={onRemove}>
          ×
        </button>
      </div>
      <div class="row-details">
        <button
          type="button"
          class="button link"
          aria-expanded={details ? 'true' : 'false'}
          aria-controls={`${base}-details`}
          onClick={() => setDetails((d) => !d)}
        >
          {details ? 'Hide' : 'Show'} label name and nutrient data of ingredient {n}
          {overridden && !details ? ' (set)' : ''}
        </button>
        {details && <LineOverrides row={row} n={n} onChange={(next) => onChange(next)} />}
      </div>
    </li>
  );
}

function describeResolution(row: Row, resolution: Resolution | null): string {
  if (!row.text.trim() && !row.ingredientId) return 'Type a name and pick a match.';
  if (!resolution) return row.ingredientId ? 'Picked; checking…' : 'Not checked yet (add grams).';
  if (!resolution.id && !resolution.name) return 'No match yet: pick a suggestion or create a custom ingredient.';
  const kind = resolution.kind ? ` (${KIND[resolution.kind]})` : '';
  const allergens =
    resolution.allergens === null
      ? ''
      : resolution.allergens.length
        ? ` · Allergens: ${resolution.allergens.map(allergenName).join(', ')}`
        : ' · Allergens: none';
  return `→ ${resolution.name ?? resolution.id}${kind}${allergens}`;
}
