// Custom ingredients: list with search, archived toggle and paging; archive, restore, delete.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, del, get, messageOf, query, request } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Link } from '../components/Link';
import { ErrorNotice, StatusLine } from '../components/Notice';
import { Cursors, Pager } from '../components/Pager';
import { Title } from '../components/Title';
import type { Ingredient, Page } from '../types';
import { allergenName, useDebounced } from '../util';

export const ingredientPath = (id: string) => `/v1/ingredients/${encodeURIComponent(id)}`;

export function inUseMessage(err: unknown): string {
  return err instanceof ApiError && err.code === 'ingredient_in_use'
    ? `${err.message}. Archive it instead: archived ingredients stay in the recipes that use them but leave the search.`
    : messageOf(err);
}

export async function setArchived(ingredient: Ingredient, archived: boolean): Promise<Ingredient> {
  const reply = await request<Ingredient>('PUT', ingredientPath(ingredient.id), { body: { archived } });
  return reply.data;
}

export function Ingredients() {
  const [q, setQ] = useState('');
  const search = useDebounced(q.trim(), 250);
  const [archived, setArchivedShown] = useState(false);
  const [cursors, setCursors] = useState(new Cursors());
  const [page, setPage] = useState<Page<Ingredient> | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState(() => {
    const created = new URLSearchParams(location.search).get('created');
    return created ? `Created “${created}”.` : '';
  });
  const [reload, setReload] = useState(0);
  const [deleting, setDeleting] = useState<Ingredient | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => setCursors(new Cursors()), [search, archived]);
  useEffect(() => {
    let live = true;
    get<Page<Ingredient>>(`/v1/ingredients${query({ q: search, cursor: cursors.current, limit: 20, include_archived: archived || undefined })}`)
      .then((result) => live && (setPage(result), setError('')))
      .catch((err) => live && setError(messageOf(err)));
    return () => {
      live = false;
    };
  }, [search, archived, cursors, reload]);

  const toggle = async (item: Ingredient) => {
    setBusy(true);
    try {
      const next = await setArchived(item, !item.archived);
      setStatus(next.archived ? `Archived “${item.name}”.` : `Restored “${item.name}”.`);
      setReload((n) => n + 1);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await del(ingredientPath(deleting.id));
      setStatus(`Deleted “${deleting.name}”.`);
      setDeleting(null);
      setReload((n) => n + 1);
    } catch (err) {
      setDeleteError(inUseMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <div class="screen-head">
        <Title text="Ingredients" />
        <Link href="/app/ingredients/new" class="button primary">
          New ingredient
        </Link>
      </div>
      <p class="lede">Your own ingredients, with their nutrients per 100 g. The recipe builder finds them by name.</p>
      <div class="filters">
        <div class="field search">
          <label for="ingredient-search">Search ingredients</label>
          <input id="ingredient-search" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
        </div>
        <label class="check">
          <input type="checkbox" checked={archived} onChange={(e) => setArchivedShown(e.currentTarget.checked)} /> Show archived
        </label>
      </div>
      <ErrorNotice message={error} />
      <StatusLine message={status} />
      {page === null ? (
        <p>Loading ingredients…</p>
      ) : page.data.length === 0 ? (
        <p class="empty">{search ? `No ingredient matches “${search}”.` : 'No custom ingredients yet.'}</p>
      ) : (
        <ul class="rows" aria-label="Ingredients">
          {page.data.map((item) => (
            <li key={item.id} class={item.archived ? 'row archived' : 'row'}>
              <div class="row-main">
                <Link href={`/app/ingredients/${item.id}`} class="row-title">
                  {item.name}
                </Link>
                <span class="meta">
                  {item.nutrients_per_100g.calories !== undefined ? `${item.nutrients_per_100g.calories} kcal/100 g` : 'no calories given'}
                  {' · '}
                  {item.allergens.length ? item.allergens.map(allergenName).join(', ') : 'no allergens'}
                  {item.cost_per_unit != null && ` · ${item.cost_per_unit} per ${item.unit ?? 'unit'}`}
                  {item.archived && ' · archived'}
                </span>
              </div>
              <div class="row-actions">
                <button type="button" class="button small" disabled={busy} onClick={() => toggle(item)} aria-label={`${item.archived ? 'Restore' : 'Archive'} ${item.name}`}>
                  {item.archived ? 'Restore' : 'Archive'}
                </button>
                <button
                  type="button"
                  class="button small danger"
                  disabled={busy}
                  aria-label={`Delete ${item.name}`}
                  onClick={() => {
                    setDeleteError('');
                    setDeleting(item);
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page && (
        <Pager label="Ingredient pages" cursors={cursors} nextCursor={page.next_cursor} onChange={setCursors} />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${deleting.name}”?`}
          confirmLabel="Delete ingredient"
          danger
          busy={busy}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>This cannot be undone. An ingredient that recipes use cannot be deleted; archive it instead.</p>
          <ErrorNotice message={deleteError} />
        </ConfirmDialog>
      )}
    </section>
  );
}
