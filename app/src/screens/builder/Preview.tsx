// The live label: the server's drawing of the analyzed label, its claims with citations,
// every warning, and the statements printed with it.
import { LabelSvg } from '../../components/LabelSvg';
import type { Analysis, FopResult } from '../../types';
import { allergenName } from '../../util';

export type LabelImage = { kind: 'svg'; svg: string };

export interface PreviewState {
  image: LabelImage | null;
  analysis: Analysis | null;
  error: string | null;
  waiting: string | null;
  pending: boolean;
  /** How many results have been shown (tests and timing read it). */
  seq: number;
}

export function Preview({ state, hint }: { state: PreviewState; hint: string | null }) {
  const label = state.analysis?.label;
  const warnings = label?.warnings ?? [];
  const claims = state.analysis?.claims ?? [];
  return (
    <section class="preview" tabIndex={0} aria-labelledby="preview-title" data-seq={state.seq} aria-busy={state.pending ? 'true' : 'false'}>
      <h2 id="preview-title">Label preview</h2>
      <p class="status" role="status">
        {state.waiting ?? (state.error ? '' : hint ?? '')}
      </p>
      {state.error && (
        <div class="notice notice-error" role="alert">
          <p>{state.error}</p>
        </div>
      )}
      {state.image?.kind === 'svg' && <LabelSvg svg={state.image.svg} class={state.error || hint ? 'stale' : ''} />}
      {label && (
        <div class="label-facts">
          {label.ingredient_statement && (
            <p>
              <strong>Ingredients:</strong> {label.ingredient_statement}
            </p>
          )}
          {typeof state.analysis?.cost === 'number' && (
            <p>
              <strong>Cost of the recipe:</strong> {state.analysis.cost.toFixed(2)} (from your ingredients' costs)
            </p>
          )}
          <p>
            <strong>Allergens:</strong>{' '}
            {label.contains_statement ?? (label.allergens?.length ? label.allergens.map(allergenName).join(', ') : 'none declared')}
          </p>
        </div>
      )}
      {label && (
        <div class="warnings" aria-labelledby="warnings-title">
          <h3 id="warnings-title">Warnings ({warnings.length})</h3>
          {warnings.length === 0 ? (
            <p class="ok">None: the label prints everything its law asks for.</p>
          ) : (
            <ul>
              {warnings.map((w, i) => (
                <li key={`${w.code}-${i}`}>
                  <strong>{w.message}</strong> <code>{w.code}</code>
                  {w.code === 'no_household_measure' && <HouseholdMeasureHint />}
                </li>
              ))}
            </ul>
          )}
          {label.missing && label.missing.length > 0 && (
            <ul class="missing" aria-label="Missing nutrient data">
              {label.missing.map((m) => (
                <li key={m.nutrient}>
                  {m.nutrient.replace(/_/g, ' ')}: no data for {m.ingredients.join(', ')}
                  {m.more_ingredients ? ` and ${m.more_ingredients} more` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {label?.front_of_pack && label.front_of_pack.length > 0 && <FrontOfPackResults results={label.front_of_pack} />}
      {label && (
        <div class="claims" aria-labelledby="claims-title">
          <h3 id="claims-title">Claims ({claims.length})</h3>
          {claims.length === 0 ? (
            <p>{state.analysis?.claims_withheld ? `No claim is judged: ${state.analysis.claims_withheld}.` : 'No nutrient-content claim qualifies.'}</p>
          ) : (
            <ul>
              {claims.map((c) => (
                <li key={c.code}>
                  <strong>{c.text}</strong>
                  {c.basis ? ` (${c.basis})` : ''} <cite>{c.citation}</cite>
                  {c.disclosure && <span class="disclosure">Say with it: “{c.disclosure}”</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

// 21 CFR 101.9(b)(5), (b)(7): the US serving line is a household measure, then its grams.
// Until one is given the drawing carries a band that says so; this points at the field
// that supplies it (the builder's "Household measure").
function HouseholdMeasureHint() {
  const focus = () => document.getElementById('recipe-serving-text')?.focus();
  return (
    <span class="fix">
      {' '}
      Give the serving's household measure (e.g. “1 cup”, “2 tbsp”, “1 slice”, “1/4 pizza”): the label prints it before
      the grams.{' '}
      <button type="button" class="button link" onClick={focus}>
        Fill in Household measure
      </button>
    </span>
  );
}

/** Each scheme's marks with why, and the facts it still needs (the drawing shows the marks). */
function FrontOfPackResults({ results }: { results: FopResult[] }) {
  return (
    <div class="fop-results" aria-labelledby="fop-title">
      <h3 id="fop-title">Front-of-pack ({results.length})</h3>
      <ul>
        {results.map((r) => (
          <li key={r.scheme}>
            <strong>{r.scheme}</strong> {r.required ? '(mandatory in its market)' : '(voluntary)'}
            {r.status === 'unconfirmed' ? ' · unconfirmed' : ''} <cite>{r.citation}</cite>
            {r.exempt && <span class="disclosure">Exempt: {r.exempt}</span>}
            {r.marks.length === 0 ? (
              <span class="disclosure">No mark.</span>
            ) : (
              <ul>
                {r.marks.map((m, i) => (
                  <li key={i}>
                    {m.text ?? m.grade ?? [m.nutrient, m.colour].filter(Boolean).join(': ')}
                    {m.why ? ` — ${m.why}` : ''}
                  </li>
                ))}
              </ul>
            )}
            {r.missing && r.missing.length > 0 && (
              <span class="disclosure">
                Needs: {r.missing.map((f) => f.replace(/^front_of_pack_facts\./, '').replace(/_/g, ' ')).join(', ')} (Front-of-pack schemes in the form).
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
