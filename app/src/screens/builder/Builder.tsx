// The recipe builder ("recipe generator"): the recipe's fields and ingredient rows on one
// side, the live label on the other. Nothing about labels is computed here: the label,
// its claims and warnings come from POST /v1/analyze and its drawing from the server.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, fieldProblems, messageOf, post, request } from '../../api';
import { Field } from '../../components/Field';
import { Link } from '../../components/Link';
import { Panel } from '../../components/Panel';
import { ErrorNotice } from '../../components/Notice';
import { Title } from '../../components/Title';
import { drawLabel } from '../../drawing';
import { loadFopSchemes, loadFormats, loadRaccCategories } from '../../formats';
import { describe, ownLabelName, type Choice } from '../../lookup';
import { planName } from '../../plans';
import { PreviewScheduler } from '../../preview';
import { loadRecipe, recipePath } from '../../recipes';
import { navigate, setLeaveGuard } from '../../router';
import { signedInAccount } from '../../session';
import type { Analysis, FopScheme, Format, RaccCategory, Recipe } from '../../types';
import { parseNumber } from '../../util';
import { FormatPicker } from './FormatPicker';
import { FrontOfPackFields } from './FrontOfPackFields';
import { IngredientRow, type Resolution } from './IngredientRow';
import {
  analyzeBody,
  draftOf,
  emptyDraft,
  emptyRow,
  FACT_NUMBERS,
  factsOf,
  PACKAGE_FIELDS,
  packageOf,
  problemsOf,
  saveBody,
  totalGrams,
  usableRows,
  type Draft,
  type Row,
} from './model';
import { PackageFields } from './PackageFields';
import { Preview, type LabelImage, type PreviewState } from './Preview';
import { ReformulatePanel, type ReformLine } from './Reformulate';
import { VoluntaryFields } from './VoluntaryFields';

interface PreviewResult {
  analysis: Analysis;
  image: LabelImage | null;
  /** Why there is no drawing (the analysis is still shown). */
  imageError: string | null;
  keys: string[];
}

const kindOf = (id: string | null): Choice['kind'] | undefined =>
  id?.startsWith('fooddb:') ? 'food' : id?.startsWith('ing_') ? 'custom' : id?.startsWith('rcp_') ? 'recipe' : undefined;

/**
 * Runs one preview: analyze, then the server's SVG drawing of the label it returned. The
 * export function draws a `preview` SVG for every plan, with the watermark wherever the
 * plan's exports carry one, so the Free plan gets real text too.
 */
async function runPreview(text: string): Promise<PreviewResult> {
  const { body, keys } = JSON.parse(text) as { body: unknown; keys: string[] };
  const analysis = await post<Analysis>('/v1/analyze', body);
  try {
    // With its front-of-pack elements under it, as its files draw them.
    const image: LabelImage = { kind: 'svg', svg: await drawLabel(analysis.label) };
    return { analysis, image, imageError: null, keys };
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) throw err;
    return { analysis, image: null, imageError: `The drawing failed: ${messageOf(err)}`, keys };
  }
}

export function Builder({ id }: { id: string | null }) {
  const account = signedInAccount();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [saved, setSaved] = useState<Recipe | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [loading, setLoading] = useState(id !== null);
  const [loadError, setLoadError] = useState('');
  const [formats, setFormats] = useState<Format[]>([]);
  const [formatsError, setFormatsError] = useState('');
  const [raccCategories, setRaccCategories] = useState<RaccCategory[]>([]);
  const [fopSchemes, setFopSchemes] = useState<FopScheme[]>([]);
  /** Field problems the server found in the last preview or save, by form field id. */
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<PreviewState>({ image: null, analysis: null, error: null, waiting: null, pending: false, seq: 0 });
  const [resolutions, setResolutions] = useState<Record<string, Resolution>>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveStatus, setSaveStatus] = useState('');
  const [saveError, setSaveError] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const focusAfterMove = useRef<string | null>(null);
  const formatsRef = useRef<Format[]>([]);
  formatsRef.current = formats;
  const draftRef = useRef<Draft>(draft);
  draftRef.current = draft;

  // The scheduler outlives renders; its handlers write state.
  const scheduler = useRef<PreviewScheduler<PreviewResult> | null>(null);
  if (!scheduler.current) {
    scheduler.current = new PreviewScheduler<PreviewResult>(runPreview, {
      onResult: (result) => {
        setPreview((p) => {
          return {
            image: result.image ?? p.image,
            analysis: result.analysis,
            error: result.imageError,
            waiting: null,
            pending: false,
            seq: p.seq + 1,
          };
        });
        resolveRows(result);
        setServerProblems({});
      },
      onError: (err, body) => {
        const unmatched = unmatchedRow(err, body);
        if (unmatched) {
          // Point at the row: its number in the form, and its own "no match" line.
          const n = draftRef.current.rows.findIndex((r) => r.key === unmatched.key) + 1;
          setResolutions((all) => ({ ...all, [unmatched.key]: { id: null, name: null, allergens: null } }));
          const message = `Ingredient ${n}: nothing matches “${unmatched.text}”. Pick a suggestion, check the spelling, or create a custom ingredient.`;
          setPreview((p) => ({ ...p, error: message, waiting: null, pending: false }));
          return;
        }
        setServerProblems(formProblems(err));
        setPreview((p) => ({ ...p, error: explainPreviewError(err, formatsRef.current), waiting: null, pending: false }));
      },
      onWaiting: (seconds) =>
        setPreview((p) => ({ ...p, waiting: `Many updates at once: the preview continues in ${seconds} s.`, pending: true })),
    });
  }
  useEffect(() => () => scheduler.current?.stop(), []);

  // What the saved rows are, before (or without) a preview: from their ingredient ids.
  const showSavedRows = (loaded: Draft) => {
    for (const row of loaded.rows) {
      const rid = row.ingredientId;
      if (!rid) continue;
      void describe(rid).then((choice) =>
        setResolutions((all) =>
          all[row.key]
            ? all
            : { ...all, [row.key]: { id: rid, name: choice?.name ?? row.text, allergens: choice?.allergens ?? null, kind: kindOf(rid) } },
        ),
      );
    }
  };

  const resolveRows = (result: PreviewResult) => {
    const lines = result.analysis.ingredients ?? [];
    const next: Record<string, Resolution> = {};
    result.keys.forEach((key, i) => {
      const line = lines[i];
      if (!line) return;
      const rid = line.ingredient_id;
      next[key] = { id: rid, name: line.resolved_name ?? line.label_name ?? line.name, allergens: null, kind: kindOf(rid) };
      if (rid) {
        void describe(rid).then((choice) => {
          if (!choice) return;
          setResolutions((all) => (all[key]?.id === rid ? { ...all, [key]: { ...all[key]!, allergens: choice.allergens, kind: choice.kind } } : all));
        });
      }
    });
    setResolutions((all) => ({ ...all, ...next }));
  };

  // Load the formats and (for a saved recipe) the recipe.
  useEffect(() => {
    loadFormats().then(setFormats, (err) => setFormatsError(messageOf(err)));
    // The pickers of the package and front-of-pack panels; without them the panels wait.
    loadRaccCategories().then(setRaccCategories, () => undefined);
    loadFopSchemes().then(setFopSchemes, () => undefined);
  }, []);
  useEffect(() => {
    if (id === null || saved?.id === id) return;
    setLoading(true);
    loadRecipe(id)
      .then(async ({ recipe, etag: tag }) => {
        // The recipe, its version and its form appear together, once the form is complete.
        const loaded = await withOwnLabelNames(recipe);
        setSaved(recipe);
        setEtag(tag);
        setDraft(loaded);
        showSavedRows(loaded);
        setDirty(false);
        setLoadError('');
      })
      .catch((err) => setLoadError(messageOf(err)))
      .finally(() => setLoading(false));
  }, [id]);

  // The builder is ready once its formats (and its recipe) are in: a mark for load timing.
  useEffect(() => {
    if (formats.length && !loading && !performance.getEntriesByName('nls-builder-ready').length) {
      performance.mark('nls-builder-ready');
    }
  }, [formats, loading]);

  // Every change asks for a new preview (the scheduler coalesces fast typing). A layout
  // effect runs as soon as the change is rendered; a plain effect would wait for the next
  // animation frame (up to 16 ms, or 35 ms in a tab that gets none) before asking.
  const problems = useMemo(() => problemsOf(draft, false), [draft]);
  const previewHint = problems.rows ?? problems['recipe-servings'] ?? problems['recipe-serving-grams'] ?? null;
  useLayoutEffect(() => {
    if (loading || previewHint) return;
    const keys = usableRows(draft).map((r) => r.key);
    setPreview((p) => ({ ...p, pending: true }));
    scheduler.current?.request(JSON.stringify({ body: analyzeBody(draft), keys }));
  }, [draft, loading, previewHint, account?.plan.id]);

  // Keep focus on a move button after its row moved (before paint, so it never drops).
  useLayoutEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    // The same button when the row can move on, else the row's other move button.
    const other = target.endsWith('-up') ? target.replace(/-up$/, '-down') : target.replace(/-down$/, '-up');
    const el = [target, other].map((id) => document.getElementById(id) as HTMLButtonElement | null).find((b) => b && !b.disabled);
    el?.focus();
  });

  // Unsaved edits: the browser asks before a reload or close, the app before its links.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    setLeaveGuard(() => window.confirm('This recipe has unsaved changes. Leave without saving them?'));
    return () => {
      window.removeEventListener('beforeunload', warn);
      setLeaveGuard(null);
    };
  }, [dirty]);

  const edit = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setDirty(true);
    setSaveStatus('');
  };
  const editRow = (index: number, row: Row, picked?: Choice) => {
    setDraft((d) => ({ ...d, rows: d.rows.map((r, i) => (i === index ? row : r)) }));
    setResolutions((all) => {
      const copy = { ...all };
      if (picked) copy[row.key] = { id: picked.id, name: picked.name, allergens: picked.allergens, kind: picked.kind };
      else if (!row.ingredientId && all[row.key] && draft.rows[index]?.text !== row.text) delete copy[row.key];
      return copy;
    });
    setDirty(true);
    setSaveStatus('');
  };
  const moveRow = (index: number, delta: -1 | 1) => {
    const rows = [...draft.rows];
    const target = index + delta;
    const a = rows[index];
    const b = rows[target];
    if (!a || !b) return;
    rows[index] = b;
    rows[target] = a;
    focusAfterMove.current = `row-${a.key}-${delta < 0 ? 'up' : 'down'}`;
    edit({ rows });
  };
  const removeRow = (index: number) => {
    const rows = draft.rows.filter((_, i) => i !== index);
    edit({ rows: rows.length ? rows : [emptyRow()] });
    const next = rows[index] ?? rows[index - 1];
    setTimeout(() => document.getElementById(next ? `row-${next.key}-name` : 'add-ingredient')?.focus(), 0);
  };
  const addRow = () => {
    const row = emptyRow();
    edit({ rows: [...draft.rows, row] });
    setTimeout(() => document.getElementById(`row-${row.key}-name`)?.focus(), 0);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    const found = problemsOf(draft, true);
    setShowProblems(true);
    if (Object.keys(found).length) {
      setSaveError('The recipe cannot be saved yet: ' + Object.values(found).join(' '));
      return;
    }
    setSaving(true);
    setSaveError('');
    setSaveStatus('Saving…');
    try {
      const reply = saved
        ? await request<Recipe>('PUT', recipePath(saved.id), { body: saveBody(draft, true), headers: etag ? { 'if-match': etag } : {} })
        : await request<Recipe>('POST', '/v1/recipes', { body: saveBody(draft, false) });
      setSaved(reply.data);
      setEtag(reply.etag);
      setDirty(false);
      setSaveStatus(`Saved: version ${reply.data.version}.`);
      if (!saved) navigate(`/app/recipes/${reply.data.id}`, { replace: true });
    } catch (err) {
      setSaveStatus('');
      if (err instanceof ApiError && err.status === 412) {
        setConflict(err.message);
      } else {
        setServerProblems(formProblems(err));
        setSaveError(explainPreviewError(err, formats));
      }
    } finally {
      setSaving(false);
    }
  };

  // A reformulation candidate was saved as the recipe's new version: show that version.
  const applied = async (recipe: Recipe, tag: string | null, n: number) => {
    setSaved(recipe);
    setEtag(tag);
    const loaded = await withOwnLabelNames(recipe);
    setDraft(loaded);
    showSavedRows(loaded);
    setDirty(false);
    setConflict(null);
    setSaveError('');
    setSaveStatus(`Applied candidate ${n}: version ${recipe.version}.`);
  };

  const reload = async () => {
    if (!saved) return;
    setLoading(true);
    try {
      const { recipe, etag: tag } = await loadRecipe(saved.id);
      setSaved(recipe);
      setEtag(tag);
      setDraft(await withOwnLabelNames(recipe));
      setDirty(false);
      setConflict(null);
      setSaveError('');
      setSaveStatus(`Reloaded version ${recipe.version}.`);
      scheduler.current?.invalidate();
    } catch (err) {
      setSaveError(messageOf(err));
    } finally {
      setLoading(false);
    }
  };

  if (!account) return null;
  if (loadError) {
    return (
      <section>
        <Title text="Recipe" />
        <ErrorNotice message={loadError} />
        <Link href="/app/recipes">Back to recipes</Link>
      </section>
    );
  }
  const shown = { ...serverProblems, ...(showProblems ? problemsOf(draft, true) : problems) };
  const title = saved ? saved.name : 'New recipe';
  return (
    <section class="builder">
      <div class="screen-head">
        <Title text={title} />
        {saved && (
          <div class="head-links">
            <Link href={`/app/recipes/${saved.id}/markets`} class="button">
              Markets
            </Link>
            <Link href={`/app/recipes/${saved.id}/share`} class="button">
              Export &amp; embed
            </Link>
            <Link href={`/app/recipes/${saved.id}/history`} class="button">
              History
            </Link>
          </div>
        )}
      </div>
      {/* Nothing to edit until the saved recipe is in: an edit made earlier would be overwritten by it. */}
      {loading ? (
        <p role="status">Loading…</p>
      ) : (
        <div class="builder-grid">
          <form class="builder-form" onSubmit={save} noValidate aria-label="Recipe">
            <Field id="recipe-name" label="Recipe name" value={draft.name} onValue={(name) => edit({ name })} problem={shown['recipe-name']} />
            <div class="field-row">
              <Field
                id="recipe-servings"
                label="Servings"
                inputMode="decimal"
                value={draft.servings}
                onValue={(servings) => edit({ servings })}
                problem={shown['recipe-servings']}
              />
              <Field
                id="recipe-serving-text"
                label="Household measure"
                placeholder="1 slice"
                value={draft.servingText}
                onValue={(servingText) => edit({ servingText })}
              />
              <Field
                id="recipe-serving-grams"
                label="Serving size (g)"
                inputMode="decimal"
                placeholder="auto"
                value={draft.servingGrams}
                onValue={(servingGrams) => edit({ servingGrams })}
                problem={shown['recipe-serving-grams']}
              />
            </div>
            <MoistureNote draft={draft} />
            {formats.length ? (
              <FormatPicker formats={formats} plan={account.plan} value={draft.format} onChange={(format) => edit({ format })} />
            ) : (
              <ErrorNotice message={formatsError} />
            )}
            <fieldset class="ingredients">
              <legend>Ingredients</legend>
              <ol class="ingredient-rows">
                {draft.rows.map((row, index) => (
                  <IngredientRow
                    key={row.key}
                    row={row}
                    index={index}
                    count={draft.rows.length}
                    resolution={resolutions[row.key] ?? null}
                    gramsProblem={shown[`row-${row.key}-grams`]}
                    onChange={(next, picked) => editRow(index, next, picked)}
                    onMove={(delta) => moveRow(index, delta)}
                    onRemove={() => removeRow(index)}
                  />
                ))}
              </ol>
              <button type="button" id="add-ingredient" class="button" onClick={addRow}>
                Add ingredient
              </button>
              <p class="hint">
                Search finds your <Link href="/app/ingredients">custom ingredients</Link> first, then the food database.
              </p>
            </fieldset>
            <Panel id="package-panel" title="Package: US layouts and claims" startOpen={Boolean(packageOf(draft.package))}>
              <PackageFields
                value={draft.package}
                categories={raccCategories}
                report={preview.analysis?.label.package ?? null}
                problems={shown}
                onChange={(change) => edit({ package: { ...draft.package, ...change } })}
              />
            </Panel>
            <Panel id="voluntary-panel" title="Voluntary nutrients" startOpen={draft.voluntary.length > 0}>
              <VoluntaryFields value={draft.voluntary} onChange={(voluntary) => edit({ voluntary })} />
            </Panel>
            <Panel id="fop-panel" title="Front-of-pack schemes" startOpen={draft.fop.length > 0 || Boolean(factsOf(draft.facts))}>
              <FrontOfPackFields
                schemes={fopSchemes}
                value={draft.fop}
                facts={draft.facts}
                problems={shown}
                onSchemes={(fop) => edit({ fop })}
                onFacts={(change) => edit({ facts: { ...draft.facts, ...change } })}
              />
            </Panel>
            {conflict !== null && (
              <div class="notice notice-error" role="alert">
                <p>
                  <strong>This recipe was changed elsewhere</strong> (another tab, a colleague or the API) after you opened it, so your
                  edits were not saved. {conflict}
                </p>
                <p>Reloading shows the latest version; your unsaved edits here are then lost.</p>
                <button type="button" class="button" onClick={reload}>
                  Reload the latest version
                </button>
              </div>
            )}
            <ErrorNotice message={saveError} />
            <div class="save-bar">
              <button type="submit" class="button primary" disabled={saving}>
                {saved ? 'Save' : 'Save recipe'}
              </button>
              <span role="status" class="save-status">
                {saveStatus || (dirty ? 'Unsaved changes.' : saved ? `Version ${saved.version}.` : '')}
              </span>
            </div>
          </form>
          <Preview state={preview} hint={previewHint} />
        </div>
      )}
      {/* Kept through a reload of the saved recipe: its choices survive, and it computes again. */}
      {(saved || !loading) && (
        <ReformulatePanel
          recipe={saved}
          etag={etag}
          dirty={dirty}
          analysis={preview.analysis}
          schemes={fopSchemes}
          lines={savedLines(saved, draft, resolutions)}
          onApplied={applied}
          onReload={reload}
        />
      )}
    </section>
  );
}

/** The recipe's draft, keeping the label names its lines set themselves. */
async function withOwnLabelNames(recipe: Recipe): Promise<Draft> {
  const draft = draftOf(recipe);
  const own = await Promise.all(recipe.ingredients.map(ownLabelName));
  return { ...draft, rows: draft.rows.map((row, i) => ({ ...row, labelName: own[i] ?? null })) };
}

/** The saved recipe's lines by index, named as the builder's rows resolved them. */
function savedLines(saved: Recipe | null, draft: Draft, resolutions: Record<string, Resolution>): ReformLine[] {
  if (!saved) return [];
  return saved.ingredients.map((line, i) => {
    const row = draft.rows[i];
    const name = (row && resolutions[row.key]?.name) || line.name || line.ingredient_id || `Ingredient ${i + 1}`;
    return { name, grams: line.grams };
  });
}

/** Cooked weight against the raw ingredients: what the serving grams imply. */
function MoistureNote({ draft }: { draft: Draft }) {
  const raw = totalGrams(draft);
  const servings = parseNumber(draft.servings);
  const grams = parseNumber(draft.servingGrams);
  if (!raw || !servings || servings <= 0) return null;
  if (grams === null || grams <= 0) {
    return <p class="hint">Each serving is {round(raw / servings)} g (raw ingredients {round(raw)} g ÷ servings). Give serving grams to weigh it after baking.</p>;
  }
  const cooked = grams * servings;
  const loss = ((raw - cooked) / raw) * 100;
  return (
    <p class="hint">
      Cooked weight {round(cooked)} g from {round(raw)} g of ingredients:{' '}
      {loss > 0.05 ? `${round(loss)} % moisture loss` : loss < -0.05 ? `${round(-loss)} % weight gain` : 'no moisture change'}.
    </p>
  );
}

/** The row an `unknown_ingredient` refusal names (details.field `ingredients[i].name`). */
function unmatchedRow(err: unknown, body: string): { key: string; text: string } | null {
  if (!(err instanceof ApiError) || err.code !== 'unknown_ingredient') return null;
  const field = (err.details as { field?: unknown } | undefined)?.field;
  const index = typeof field === 'string' ? /^ingredients\[(\d+)\]/.exec(field)?.[1] : undefined;
  if (index === undefined) return null;
  const { keys, body: request } = JSON.parse(body) as { keys: string[]; body: { ingredients: { name?: string }[] } };
  const key = keys[Number(index)];
  return key ? { key, text: request.ingredients[Number(index)]?.name ?? '' } : null;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The API's field names of the package and front-of-pack facts, to the form's field ids. */
const FIELD_IDS: Record<string, string> = Object.fromEntries([
  ['package.racc_category', 'package-racc'],
  ...PACKAGE_FIELDS.map(([, api, id]) => [`package.${api}`, id]),
  ...FACT_NUMBERS.map(([, api, id]) => [`front_of_pack_facts.${api}`, id]),
]);

/** A 400's field problems that belong next to a field of the form, by field id. */
function formProblems(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, problem] of Object.entries(fieldProblems(err))) {
    const id = FIELD_IDS[field];
    if (id) out[id] = problem;
  }
  return out;
}

function explainPreviewError(err: unknown, formats: Format[]): string {
  if (err instanceof ApiError && err.status === 403 && err.code.startsWith('plan_')) {
    const account = signedInAccount();
    const which = formats.find((f) => [f.id, ...f.aliases].some((name) => err.message.includes(`"${name}"`)));
    const needs = which && !/plan/i.test(err.message) ? ` It needs the ${planName(which.plan)} plan.` : '';
    const sentence = err.message.charAt(0).toUpperCase() + err.message.slice(1).replace(/\.?$/, '.');
    return `${sentence}${needs} Your plan is ${planName(account?.plan.id ?? 'free')}: pick another format, or see plans on the Account page.`;
  }
  return messageOf(err);
}
