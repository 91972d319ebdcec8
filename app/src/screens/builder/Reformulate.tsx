// The builder's Reformulate panel: goals chosen from what the label shows, limits per line,
// then the API's candidates side by side (their changes, the goals they meet, their label
// drawn with its seals), and one click to apply one: a PUT of the recipe with the
// candidate's lines, If-Match the version the candidates were computed from. The request,
// the reading of the answer and the errors in words are in reformulate.ts.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, messageOf, post, request } from '../../api';
import { Field } from '../../components/Field';
import { LabelSvg } from '../../components/LabelSvg';
import { ErrorNotice } from '../../components/Notice';
import { Panel } from '../../components/Panel';
import { drawLabel } from '../../drawing';
import { describe } from '../../lookup';
import { recipePath } from '../../recipes';
import type { Analysis, FopScheme, Recipe } from '../../types';
import {
  applyBody,
  buildRequest,
  emptyForm,
  explainError,
  FIELD,
  fitForm,
  goalOffer,
  readCandidate,
  type Basis,
  type Candidate,
  type LineLimit,
  type ReformForm,
  type ReformResult,
} from '../../reformulate';

export interface ReformLine {
  name: string;
  grams: number;
}

interface Props {
  /** The saved recipe, or null for one not saved yet. */
  recipe: Recipe | null;
  etag: string | null;
  /** The builder has edits not saved: the panel works on the saved version only. */
  dirty: boolean;
  /** The live preview's analysis: what the label shows now. */
  analysis: Analysis | null;
  schemes: FopScheme[];
  /** The saved recipe's lines, by index. */
  lines: ReformLine[];
  /** A candidate was applied: the recipe as saved, its ETag, the candidate's number. */
  onApplied: (recipe: Recipe, etag: string | null, n: number) => void;
  /** Loads the latest saved version into the builder (after a 412). */
  onReload: () => Promise<void>;
}

/** Candidates as answered, with what they were computed from. */
interface Computed {
  candidates: Candidate[];
  goals: string[];
  version: number;
  etag: string;
  lines: ReformLine[];
}

export function ReformulatePanel(props: Props) {
  const { recipe } = props;
  return (
    <Panel id="reformulate-panel" title="Reformulate: lose a seal, raise a grade, earn a claim" startOpen={false}>
      <div class="reformulate">
        {recipe ? (
          <ReformulateForm {...props} recipe={recipe} key={recipe.id} />
        ) : (
          <p class="hint" id="reform-unsaved">
            Save the recipe first: the smallest changes are computed from a saved recipe, and applying one saves it as a new version.
          </p>
        )}
      </div>
    </Panel>
  );
}

function ReformulateForm({ recipe, etag, dirty, analysis, schemes, lines, onApplied, onReload }: Props & { recipe: Recipe }) {
  // What the label shows: the live preview's, or the saved label while the form has
  // unsaved edits (or before the first preview), which has no claims judged.
  const shown = useMemo<Analysis | null>(
    () => (!dirty && analysis ? analysis : recipe.label ? { label: recipe.label, claims: [] } : null),
    [analysis, dirty, recipe.label],
  );
  const offer = useMemo(() => goalOffer(shown, schemes), [shown, schemes]);
  const sealsBefore = offer.seals.flatMap((s) => s.body.without ?? []);
  const [form, setForm] = useState<ReformForm>(() => emptyForm(lines.length));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [computed, setComputed] = useState<Computed | null>(null);
  const [drawings, setDrawings] = useState<Record<number, string>>({});
  const [names, setNames] = useState<Record<string, string>>({});
  const [applying, setApplying] = useState<number | null>(null);
  const [conflict, setConflict] = useState(false);
  const recomputeAfterReload = useRef(false);
  const seq = useRef(0);

  // The form follows the recipe's lines (a reload may bring more or fewer).
  useEffect(() => setForm((f) => fitForm(f, lines.length)), [lines.length]);

  const edit = (change: Partial<ReformForm>) => setForm((f) => ({ ...f, ...change }));
  const editLine = (i: number, change: Partial<LineLimit>) =>
    setForm((f) => ({ ...f, lines: f.lines.map((l, k) => (k === i ? { ...l, ...change } : l)) }));

  const compute = async (event?: Event) => {
    event?.preventDefault();
    const built = buildRequest(fitForm(form, lines.length), offer);
    if ('problems' in built) {
      setProblems(built.problems);
      setError('Some choices need fixing: see the fields marked.');
      return;
    }
    const n = ++seq.current;
    const from = { version: recipe.version, etag: etag ?? `"${recipe.version}"`, lines };
    setProblems({});
    setError('');
    setConflict(false);
    setBusy(true);
    setStatus(`Computing candidates from version ${recipe.version}…`);
    try {
      const result = await post<ReformResult>(`${recipePath(recipe.id)}/reformulate`, built.body);
      if (n !== seq.current) return;
      setComputed({ candidates: result.candidates, goals: built.goals, ...from });
      setDrawings({});
      setStatus(`${result.candidates.length} ${result.candidates.length === 1 ? 'candidate' : 'candidates'} from version ${recipe.version}.`);
      result.candidates.forEach((c, i) => {
        drawLabel(c.label, 300).then(
          (svg) => n === seq.current && setDrawings((d) => ({ ...d, [i]: svg })),
          () => undefined,
        );
        for (const s of c.substitutions) {
          void describe(s.ingredient).then((choice) => choice && setNames((all) => ({ ...all, [s.ingredient]: choice.name })));
        }
      });
    } catch (err) {
      if (n !== seq.current) return;
      // The choices stay as they are, whatever failed.
      const explained = explainError(err, built.goals, lines.map((l) => l.name));
      setProblems(explained.fields);
      setError(explained.message);
      setComputed(null);
      setStatus('');
    } finally {
      if (n === seq.current) setBusy(false);
    }
  };

  const apply = async (index: number) => {
    if (!computed) return;
    const candidate = computed.candidates[index];
    if (!candidate) return;
    setApplying(index);
    setError('');
    setStatus(`Applying candidate ${index + 1}…`);
    try {
      const reply = await request<Recipe>('PUT', recipePath(recipe.id), { body: applyBody(candidate), headers: { 'if-match': computed.etag } });
      setComputed(null);
      setStatus(`Applied candidate ${index + 1}: the recipe is now version ${reply.data.version}.`);
      onApplied(reply.data, reply.etag, index + 1);
    } catch (err) {
      setStatus('');
      if (err instanceof ApiError && err.status === 412) setConflict(true);
      else setError(`Candidate ${index + 1} was not applied: ${messageOf(err)}`);
    } finally {
      setApplying(null);
    }
  };

  const reloadAndCompute = async () => {
    recomputeAfterReload.current = true;
    await onReload();
  };
  // Once the builder holds the latest version, compute again from it with the same choices.
  useEffect(() => {
    if (!recomputeAfterReload.current || dirty) return;
    recomputeAfterReload.current = false;
    void compute();
  }, [recipe.version]);

  const stale = computed && computed.version !== recipe.version;
  const lineNames = (computed?.lines ?? lines).map((l) => l.name);
  return (
    <>
      {dirty && (
        <p class="notice" id="reform-dirty">
          This recipe has unsaved changes. Save them first: candidates are computed from the saved recipe (version {recipe.version}).
        </p>
      )}
      <form class="reform-form" onSubmit={compute} noValidate aria-label="Reformulation goals and limits">
        <GoalFields form={form} offer={offer} problems={problems} edit={edit} />
        <fieldset class="reform-lines">
          <legend>Lines: what may change</legend>
          <p class="hint" id="reform-lines-hint">
            Lock a line to keep its grams; give the least or most grams a line may have.
          </p>
          <ol class="reform-line-list" aria-describedby="reform-lines-hint">
            {lines.map((line, i) => {
              const limit = form.lines[i] ?? { locked: false, min: '', max: '' };
              return (
                <li key={i} class="reform-line">
                  <span class="reform-line-name">
                    {i + 1}. {line.name} <span class="meta">{round(line.grams)} g</span>
                  </span>
                  <label class="check">
                    <input type="checkbox" checked={limit.locked} onChange={(e) => editLine(i, { locked: e.currentTarget.checked })} />
                    <span>
                      Lock<span class="visually-hidden"> ingredient {i + 1}</span>
                    </span>
                  </label>
                  <div class="reform-bounds">
                    <SmallNumber id={FIELD.min(i)} label={`of ingredient ${i + 1}`} short="Least g" value={limit.min} disabled={limit.locked} problem={problems[FIELD.min(i)]} onValue={(min) => editLine(i, { min })} />
                    <SmallNumber id={FIELD.max(i)} label={`of ingredient ${i + 1}`} short="Most g" value={limit.max} disabled={limit.locked} problem={problems[FIELD.max(i)]} onValue={(max) => editLine(i, { max })} />
                  </div>
                </li>
              );
            })}
          </ol>
        </fieldset>
        <div class="field-row">
          <Field
            id={FIELD.maxChange}
            label="Largest change of a line (%)"
            inputMode="decimal"
            value={form.maxChangePct}
            problem={problems[FIELD.maxChange]}
            onValue={(maxChangePct) => edit({ maxChangePct })}
          />
          <div class="field">
            <label for={FIELD.candidates}>Candidates</label>
            <select id={FIELD.candidates} value={form.candidates} onChange={(e) => edit({ candidates: e.currentTarget.value })}>
              {['1', '2', '3', '4', '5'].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <label class="check reform-keep">
            <input type="checkbox" checked={form.keepTotal} onChange={(e) => edit({ keepTotal: e.currentTarget.checked })} />
            <span>Keep the total weight</span>
          </label>
        </div>
        <div class="save-bar">
          <button type="submit" class="button primary" disabled={busy || dirty} aria-describedby={dirty ? 'reform-dirty' : undefined}>
            Find candidates
          </button>
          <span role="status" class="save-status">
            {status}
          </span>
        </div>
      </form>
      <ErrorNotice message={error} />
      {conflict && computed && (
        <div class="notice notice-error" role="alert">
          <p>
            <strong>Not applied: the recipe changed</strong> (another tab, a colleague or the API) after these candidates were computed from version{' '}
            {computed.version}. Nothing was saved.
          </p>
          <button type="button" class="button" onClick={reloadAndCompute}>
            Load the latest version and compute again
          </button>
        </div>
      )}
      {computed && (
        <>
          {stale && (
            <p class="notice">
              These candidates were computed from version {computed.version}; the recipe is now version {recipe.version}. Find candidates again to start
              from it.
            </p>
          )}
          <ol class="candidates" aria-label="Candidates">
            {computed.candidates.map((c, i) => {
              const view = readCandidate(
                c,
                lineNames,
                computed.lines.map((l) => l.grams),
                computed.goals,
                schemes,
                (id) => names[id],
              );
              return (
                <li key={i} class="candidate" aria-labelledby={`candidate-${i}-title`}>
                  <h3 id={`candidate-${i}-title`}>Candidate {i + 1}</h3>
                  <p class="meta">
                    Changes {round(view.changeG)} g in all{typeof c.cost_change === 'number' ? `; cost ${c.cost_change >= 0 ? '+' : ''}${c.cost_change.toFixed(2)}` : ''}.
                  </p>
                  <ul class="candidate-lines" aria-label={`Lines of candidate ${i + 1}`}>
                    {view.lines.map((l) => (
                      <li key={l.index} class={`line-${l.kind}`}>
                        {l.kind === 'same' ? l.text : <strong>{l.text}</strong>}
                      </li>
                    ))}
                  </ul>
                  <p>
                    <strong>Goals met:</strong> {view.goals.join('; ')}.
                  </p>
                  <p class="candidate-seals">
                    <strong>Seals:</strong> {view.seals.length ? view.seals.join(', ') : 'none'}
                    {lostSeals(sealsBefore, view.seals)}
                    {view.grade ? `; grade ${view.grade}` : ''}
                  </p>
                  {drawings[i] ? <LabelSvg svg={drawings[i]!} /> : <p class="hint">Drawing the label…</p>}
                  <button type="button" class="button primary wide" disabled={applying !== null} onClick={() => apply(i)}>
                    Apply candidate {i + 1}
                  </button>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </>
  );
}

function GoalFields({
  form,
  offer,
  problems,
  edit,
}: {
  form: ReformForm;
  offer: ReturnType<typeof goalOffer>;
  problems: Record<string, string>;
  edit: (change: Partial<ReformForm>) => void;
}) {
  const toggle = (id: string, on: boolean) => edit({ chosen: on ? [...form.chosen, id] : form.chosen.filter((c) => c !== id) });
  const problem = problems[FIELD.goals];
  return (
    <fieldset class="reform-goals" aria-describedby={problem ? `${FIELD.goals}-problem` : undefined}>
      <legend>Goals</legend>
      {offer.seals.length ? (
        <div class="checks wide-checks">
          {offer.seals.map((s) => (
            <label key={s.id} class="check">
              <input type="checkbox" checked={form.chosen.includes(s.id)} onChange={(e) => toggle(s.id, e.currentTarget.checked)} />
              <span>
                {s.label}
                <span class="meta"> ({s.detail})</span>
              </span>
            </label>
          ))}
        </div>
      ) : (
        <p class="hint">The label carries no warning seal now (front-of-pack schemes are chosen in the form above).</p>
      )}
      {offer.grade && (
        <div class="field">
          <label for="reform-grade">{offer.grade.name} grade at least</label>
          <select id="reform-grade" value={form.grade} onChange={(e) => edit({ grade: e.currentTarget.value })}>
            <option value="">No grade goal (now {offer.grade.current})</option>
            {offer.grade.grades.map((g) => (
              <option key={g} value={g}>
                {g}
                {g === offer.grade!.current ? ' (keep the current grade)' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      {offer.claimsWithheld ? (
        <p class="hint">No claim goal: claims are not judged for this recipe ({offer.claimsWithheld}).</p>
      ) : (
        <>
          {offer.claims.length > 0 && (
            <div class="checks wide-checks">
              {offer.claims.map((c) => (
                <label key={c.id} class="check">
                  <input type="checkbox" checked={form.chosen.includes(c.id)} onChange={(e) => toggle(c.id, e.currentTarget.checked)} />
                  <span>
                    {c.label}
                    <span class="meta"> ({c.detail})</span>
                  </span>
                </label>
              ))}
            </div>
          )}
          <Field
            id={FIELD.otherClaim}
            label="Earn a claim (its code)"
            placeholder="low_sodium"
            hint="A US nutrient content claim code; an unknown code is answered with the list of codes."
            value={form.otherClaim}
            problem={problems[FIELD.otherClaim]}
            onValue={(otherClaim) => edit({ otherClaim })}
          />
        </>
      )}
      <div class="field-row reform-nutrient">
        <div class="field">
          <label for="reform-nutrient">Nutrient at most</label>
          <select id="reform-nutrient" value={form.nutrient} onChange={(e) => edit({ nutrient: e.currentTarget.value })}>
            <option value="">No nutrient goal</option>
            {offer.nutrients.map((n) => (
              <option key={n.key} value={n.key}>
                {n.name}
              </option>
            ))}
          </select>
        </div>
        <Field id={FIELD.atMost} label="At most" inputMode="decimal" value={form.atMost} problem={problems[FIELD.atMost]} onValue={(atMost) => edit({ atMost })} />
        <div class="field">
          <label for="reform-basis">Measured</label>
          <select id="reform-basis" value={form.basis} onChange={(e) => edit({ basis: e.currentTarget.value as Basis })}>
            <option value="per_serving">per serving</option>
            <option value="per_100g">per 100 g</option>
          </select>
        </div>
      </div>
      {problem && (
        <p id={`${FIELD.goals}-problem`} class="problem">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/** A small grams box: a short visible label, the rest of its name (`label`) for screen readers. */
function SmallNumber(p: { id: string; label: string; short: string; value: string; disabled: boolean; problem?: string; onValue: (v: string) => void }) {
  return (
    <div class="field small-number">
      <label for={p.id}>
        {p.short}
        <span class="visually-hidden"> {p.label}</span>
      </label>
      <input
        id={p.id}
        type="text"
        inputMode="decimal"
        value={p.value}
        disabled={p.disabled}
        aria-invalid={p.problem ? 'true' : undefined}
        aria-describedby={p.problem ? `${p.id}-problem` : undefined}
        onInput={(e) => p.onValue(e.currentTarget.value)}
      />
      {p.problem && (
        <small id={`${p.id}-problem`} class="problem">
          {p.problem}
        </small>
      )}
    </div>
  );
}

const round = (n: number) => Math.round(n * 10) / 10;

/** " (“ALTO EN AZÚCARES” removed)": the seals the label shows now that the candidate's lacks. */
function lostSeals(before: string[], after: string[]): string {
  const lost = before.filter((s) => !after.includes(s));
  return lost.length ? ` (${lost.map((s) => `“${s}”`).join(', ')} removed)` : '';
}
