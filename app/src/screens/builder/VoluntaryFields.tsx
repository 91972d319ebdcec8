// Voluntary nutrients: rows a US label declares only when asked (`voluntary_nutrients`).
import { VOLUNTARY_NUTRIENTS } from '../../nutrients';

interface Props {
  value: string[];
  onChange: (keys: string[]) => void;
}

export function VoluntaryFields({ value, onChange }: Props) {
  const toggle = (key: string, on: boolean) =>
    // Kept in the table's order, whatever the order of the clicks.
    onChange(VOLUNTARY_NUTRIENTS.map(([k]) => k).filter((k) => (k === key ? on : value.includes(k))));
  return (
    <fieldset class="voluntary">
      <legend>Voluntary nutrients</legend>
      <p class="hint" id="voluntary-hint">
        Declared on US labels only when you ask (21 CFR 101.9(c)); a claim about a vitamin needs its row. A nutrient the
        ingredients' data cannot give is left off, with a warning.
      </p>
      <div class="checks" aria-describedby="voluntary-hint">
        {VOLUNTARY_NUTRIENTS.map(([key, name]) => (
          <label key={key} class="check">
            <input type="checkbox" checked={value.includes(key)} onChange={(e) => toggle(key, e.currentTarget.checked)} />
            {name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
