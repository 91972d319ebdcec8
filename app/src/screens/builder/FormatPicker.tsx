// The label format picker: every format of the catalog, those above the account's plan
// shown but disabled with the plan that unlocks them.
import { planName, planReaches } from '../../plans';
import type { Format, Plan } from '../../types';

interface Props {
  formats: Format[];
  plan: Plan;
  value: string;
  onChange: (id: string) => void;
}

/** Not a format but a choice: the first US layout the package allows (`package`). */
export const AUTO = 'us.auto';

/** Formats whose extra inputs this builder does not ask for (they stay API-only for now). */
const BUILDER_EXCLUDED: Record<string, string> = {
  'us.aggr': 'variety packs: through the API',
  'us.v.dual-prep': 'as prepared: through the API',
};

export function FormatPicker({ formats, plan, value, onChange }: Props) {
  const families = new Map<string, Format[]>();
  for (const format of formats) {
    const list = families.get(format.family) ?? [];
    list.push(format);
    families.set(format.family, list);
  }
  const locked = formats.filter((f) => !planReaches(plan, f.plan));
  // A recipe may hold an alias (`standard`); the picker shows the format it names.
  const current = value === AUTO ? null : formats.find((f) => f.id === value || f.aliases.includes(value));
  const selected = current?.id ?? value;
  const hint = value === AUTO ? 'recipe-format-hint recipe-format-auto' : 'recipe-format-hint';
  return (
    <div class="field">
      <label for="recipe-format">Label format</label>
      <select id="recipe-format" value={selected} aria-describedby={hint} onChange={(e) => onChange(e.currentTarget.value)}>
        {!current && value !== AUTO && <option value={value}>{value}</option>}
        <optgroup label="Chosen for you">
          <option value={AUTO}>US layout the package allows (us.auto)</option>
        </optgroup>
        {[...families.entries()].map(([family, list]) => (
          <optgroup key={family} label={family}>
            {list.map((format) => {
              const allowed = planReaches(plan, format.plan) && !BUILDER_EXCLUDED[format.id];
              return (
                <option key={format.id} value={format.id} disabled={!allowed}>
                  {format.name}
                  {BUILDER_EXCLUDED[format.id]
                    ? ` (${BUILDER_EXCLUDED[format.id]})`
                    : allowed
                      ? ''
                      : ` (needs the ${planName(format.plan)} plan)`}
                </option>
              );
            })}
          </optgroup>
        ))}
      </select>
      <small id="recipe-format-hint" class="hint">
        {locked.length
          ? `${locked.length} formats need a higher plan: they are listed but greyed out, with the plan that unlocks them.`
          : 'Every format is open on your plan.'}
      </small>
      {value === AUTO && (
        <small id="recipe-format-auto" class="hint">
          The label takes the first US layout your package allows, in FDA's order of preference: give the package below.
        </small>
      )}
    </div>
  );
}
