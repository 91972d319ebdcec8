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
  const current = formats.find((f) => f.id === value || f.aliases.includes(value));
  const selected = current?.id ?? value;
  return (
    <div class="field">
      <label for="recipe-format">Label format</label>
      <select id="recipe-format" value={selected} aria-describedby="recipe-format-hint" onChange={(e) => onChange(e.currentTarget.value)}>
        {!current && <option value={value}>{value}</option>}
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
    </div>
  );
}
