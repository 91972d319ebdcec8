// Create or edit a custom ingredient: name, nutrients per 100 g, allergens, cost and unit.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, del, fieldProblems, messageOf, post, request } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Field } from '../components/Field';
import { Link } from '../components/Link';
import { ErrorNotice, StatusLine } from '../components/Notice';
import { Title } from '../components/Title';
import { LABEL_NUTRIENTS as NUTRIENTS } from '../nutrients';
import { navigate } from '../router';
import type { Ingredient, Nutrients } from '../types';
import { numberText, parseNumber } from '../util';
import { ingredientPath, inUseMessage, setArchived } from './Ingredients';

const ALLERGENS: [string, string][] = [
  ['milk', 'Milk'],
  ['eggs', 'Eggs'],
  ['fish', 'Fish'],
  ['crustacean_shellfish', 'Crustacean shellfish'],
  ['tree_nuts', 'Tree nuts'],
  ['peanuts', 'Peanuts'],
  ['wheat', 'Wheat'],
  ['soy', 'Soy'],
  ['sesame', 'Sesame'],
  ['gluten', 'Gluten (cereals)'],
  ['celery', 'Celery'],
  ['mustard', 'Mustard'],
  ['lupin', 'Lupin'],
  ['molluscs', 'Molluscs'],
  ['sulphites', 'Sulphites'],
];

const UNITS = ['g', 'kg', 'oz', 'lb', 'ml', 'l'];

interface Form {
  name: string;
  nutrients: Record<string, string>;
  /** Other nutrient keys of a stored ingredient, kept as they are. */
  otherNutrients: Nutrients;
  allergens: string[];
  cost: string;
  unit: string;
}

const emptyForm = (): Form => ({ name: '', nutrients: {}, otherNutrients: {}, allergens: [], cost: '', unit: 'kg' });

function formOf(item: Ingredient): Form {
  const nutrients: Record<string, string> = {};
  const other: Nutrients = {};
  for (const [key, value] of Object.entries(item.nutrients_per_100g)) {
    if (NUTRIENTS.some(([k]) => k === key)) nutrients[key] = numberText(value);
    else other[key] = value;
  }
  return {
    name: item.name,
    nutrients,
    otherNutrients: other,
    allergens: item.allergens,
    cost: numberText(item.cost_per_unit),
    unit: item.unit ?? 'kg',
  };
}

/** `tree_nuts:almond` counts as `tree_nuts` for the checkboxes. */
const hasAllergen = (list: string[], code: string) => list.some((a) => a === code || a.startsWith(`${code}:`));

export function IngredientForm({ id }: { id: string | null }) {
  const [form, setForm] = useState<Form>(emptyForm);
  const [item, setItem] = useState<Ingredient | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState('');

  useEffect(() => {
    if (!id) return;
    request<Ingredient>('GET', ingredientPath(id)).then(
      (reply) => {
        setItem(reply.data);
        setEtag(reply.etag);
        setForm(formOf(reply.data));
      },
      (err) => setError(messageOf(err)),
    );
  }, [id]);

  const set = (change: Partial<Form>) => {
    setForm((f) => ({ ...f, ...change }));
    setStatus('');
  };

  const save = async (event: Event) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!form.name.trim()) local.name = 'Give the ingredient a name.';
    const nutrients: Nutrients = { ...form.otherNutrients };
    for (const [key, label] of NUTRIENTS) {
      const text = form.nutrients[key] ?? '';
      if (!text.trim()) continue;
      const n = parseNumber(text);
      if (n === null || n < 0) local[`nutrients_per_100g.${key}`] = `${label} must be a number, 0 or more.`;
      else nutrients[key] = n;
    }
    const cost = parseNumber(form.cost);
    if (form.cost.trim() && (cost === null || cost < 0)) local.cost_per_unit = 'Cost must be a number, 0 or more.';
    setProblems(local);
    if (Object.keys(local).length) {
      setError('Please correct the fields marked below.');
      return;
    }
    const body = {
      name: form.name.trim(),
      nutrients_per_100g: nutrients,
      allergens: form.allergens,
      cost_per_unit: form.cost.trim() ? cost : null,
      unit: form.cost.trim() ? form.unit : null,
    };
    setBusy(true);
    setError('');
    try {
      if (item) {
        const reply = await request<Ingredient>('PUT', ingredientPath(item.id), { body, headers: etag ? { 'if-match': etag } : {} });
        setItem(reply.data);
        setEtag(reply.etag);
        setStatus(`Saved: version ${reply.data.version}.`);
      } else {
        const created = await post<Ingredient>('/v1/ingredients', body);
        navigate(`/app/ingredients?created=${encodeURIComponent(created.name)}`);
      }
    } catch (err) {
      setProblems(fieldProblems(err));
      setError(
        err instanceof ApiError && err.status === 412
          ? 'This ingredient was changed elsewhere after you opened it, so your edits were not saved. Reload the page to see the latest version.'
          : messageOf(err),
      );
    } finally {
      setBusy(false);
    }
  };

  const archive = async () => {
    if (!item) return;
    setBusy(true);
    try {
      const next = await setArchived(item, !item.archived);
      setItem(next);
      setStatus(next.archived ? 'Archived: it no longer shows in searches; recipes keep it.' : 'Restored.');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!item) return;
    setBusy(true);
    try {
      await del(ingredientPath(item.id));
      navigate('/app/ingredients');
    } catch (err) {
      setDeleteError(inUseMessage(err));
      setBusy(false);
    }
  };

  // An ingredient being opened shows no form yet: an edit made before it arrives would be
  // overwritten, and its button would still say "Create".
  if (id && !item) {
    return (
      <section>
        <Title text="Ingredient" />
        {error ? <ErrorNotice message={error} /> : <p role="status">Loading…</p>}
        <Link href="/app/ingredients">All ingredients</Link>
      </section>
    );
  }
  return (
    <section>
      <div class="screen-head">
        <Title text={item ? `Ingredient: ${item.name}` : 'New ingredient'} />
        <Link href="/app/ingredients" class="button">
          All ingredients
        </Link>
      </div>
      {item?.archived && <p class="notice">This ingredient is archived: it stays in recipes that use it, but search does not offer it.</p>}
      <ErrorNotice message={error} />
      <form onSubmit={save} noValidate class="ingredient-form">
        <Field id="ingredient-name" label="Name" value={form.name} onValue={(name) => set({ name })} problem={problems.name} />
        <fieldset>
          <legend>Nutrients per 100 g</legend>
          <p class="hint">Leave a box empty when you do not know the amount (the label then says what is missing); 0 means none.</p>
          <div class="nutrient-grid">
            {NUTRIENTS.map(([key, label]) => (
              <Field
                key={key}
                id={`nutrient-${key}`}
                label={label}
                inputMode="decimal"
                value={form.nutrients[key] ?? ''}
                onValue={(v) => set({ nutrients: { ...form.nutrients, [key]: v } })}
                problem={problems[`nutrients_per_100g.${key}`]}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Allergens</legend>
          <div class="checks">
            {ALLERGENS.map(([code, label]) => (
              <label key={code} class="check">
                <input
                  type="checkbox"
                  checked={hasAllergen(form.allergens, code)}
                  onChange={(e) =>
                    set({
                      allergens: e.currentTarget.checked
                        ? [...form.allergens, code]
                        : form.allergens.filter((a) => a !== code && !a.startsWith(`${code}:`)),
                    })
                  }
                />{' '}
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Cost</legend>
          <div class="field-row">
            <Field id="ingredient-cost" label="Cost per unit" inputMode="decimal" value={form.cost} onValue={(cost) => set({ cost })} problem={problems.cost_per_unit} />
            <div class="field">
              <label for="ingredient-unit">Unit</label>
              <select id="ingredient-unit" value={form.unit} onChange={(e) => set({ unit: e.currentTarget.value })}>
                {UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
        <div class="save-bar">
          <button type="submit" class="button primary" disabled={busy}>
            {item ? 'Save ingredient' : 'Create ingredient'}
          </button>
          {item && (
            <>
              <button type="button" class="button" disabled={busy} onClick={archive}>
                {item.archived ? 'Restore' : 'Archive'}
              </button>
              <button
                type="button"
                class="button danger"
                disabled={busy}
                onClick={() => {
                  setDeleteError('');
                  setDeleting(true);
                }}
              >
                Delete
              </button>
            </>
          )}
          <StatusLine message={status} />
        </div>
      </form>
      {deleting && item && (
        <ConfirmDialog title={`Delete “${item.name}”?`} confirmLabel="Delete ingredient" danger busy={busy} onConfirm={remove} onCancel={() => setDeleting(false)}>
          <p>This cannot be undone. An ingredient that recipes use cannot be deleted; archive it instead.</p>
          <ErrorNotice message={deleteError} />
        </ConfirmDialog>
      )}
    </section>
  );
}
