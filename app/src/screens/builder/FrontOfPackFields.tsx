// Front-of-pack: the schemes the recipe keeps (`front_of_pack`) and the facts they need
// that a recipe does not hold (`front_of_pack_facts`). Nothing is guessed: a fact left
// empty is listed by the result as missing, next to the scheme that needs it.
import { Field } from '../../components/Field';
import type { FopScheme } from '../../types';
import { FACT_NUMBERS, type FactsDraft } from './model';

interface Props {
  schemes: FopScheme[];
  value: string[];
  facts: FactsDraft;
  problems: Record<string, string>;
  onSchemes: (ids: string[]) => void;
  onFacts: (change: Partial<FactsDraft>) => void;
}

/** The categories some schemes treat apart (the API's `category` values). */
const CATEGORIES: [string, string][] = [
  ['general', 'General food'],
  ['beverage', 'Beverage'],
  ['water', 'Plain water'],
  ['cheese', 'Cheese'],
  ['red_meat', 'Red meat'],
  ['fats_oils_nuts_seeds', 'Fats, oils, nuts and seeds'],
  ['vegetable_oil', 'Vegetable oil'],
  ['plain_milk', 'Plain milk'],
  ['main_dish', 'Prepackaged main dish'],
  ['whole_fruit_vegetable', 'Whole fruit or vegetable'],
  ['single_ingredient_meat_fish', 'Single-ingredient meat or fish'],
  ['sugar_honey_salt', 'Sugar, honey or salt'],
];

function YesNo({ id, label, value, onChange }: { id: string; label: string; value: '' | 'yes' | 'no'; onChange: (v: '' | 'yes' | 'no') => void }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as '' | 'yes' | 'no')}>
        <option value="">Not given</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    </div>
  );
}

export function FrontOfPackFields({ schemes, value, facts, problems, onSchemes, onFacts }: Props) {
  const toggle = (id: string, on: boolean) => onSchemes(schemes.map((s) => s.id).filter((s) => (s === id ? on : value.includes(s))));
  return (
    <fieldset class="front-of-pack">
      <legend>Front-of-pack</legend>
      <p class="hint" id="fop-hint">
        Schemes drawn beside the label. A market's mandatory scheme is always added to its labels; tick others to show them.
      </p>
      <div class="checks wide-checks" aria-describedby="fop-hint">
        {schemes.map((s) => (
          <label key={s.id} class="check">
            <input type="checkbox" checked={value.includes(s.id)} onChange={(e) => toggle(s.id, e.currentTarget.checked)} />
            <span>
              {s.name}
              <span class="meta">
                {' '}
                ({s.markets.join(', ')}; {s.required ? 'mandatory there' : 'voluntary'}
                {s.status === 'unconfirmed' ? '; unconfirmed' : ''})
              </span>
            </span>
          </label>
        ))}
      </div>
      <div class="field-row">
        <div class="field">
          <label for="fop-state">Solid or liquid</label>
          <select id="fop-state" value={facts.state} onChange={(e) => onFacts({ state: e.currentTarget.value as FactsDraft['state'] })}>
            <option value="">Not given</option>
            <option value="solid">Solid (per 100 g)</option>
            <option value="liquid">Liquid (per 100 mL)</option>
          </select>
        </div>
        <div class="field">
          <label for="fop-category">Category</label>
          <select id="fop-category" value={facts.category} onChange={(e) => onFacts({ category: e.currentTarget.value })}>
            <option value="">Not given</option>
            {CATEGORIES.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {FACT_NUMBERS.map(([key, , id, label]) => (
          <Field key={id} id={id} label={label} inputMode="decimal" value={facts[key]} onValue={(text) => onFacts({ [key]: text })} problem={problems[id]} />
        ))}
        <YesNo id="fop-sweeteners" label="Non-nutritive sweeteners" value={facts.sweeteners} onChange={(sweeteners) => onFacts({ sweeteners })} />
        <YesNo id="fop-caffeine" label="Added caffeine" value={facts.caffeine} onChange={(caffeine) => onFacts({ caffeine })} />
      </div>
    </fieldset>
  );
}
