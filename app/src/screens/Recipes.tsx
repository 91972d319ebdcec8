// The recipe list: search, paging, create, duplicate and delete.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, del, messageOf } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Link } from '../components/Link';
import { ErrorNotice, StatusLine } from '../components/Notice';
import { Cursors, Pager } from '../components/Pager';
import { Title } from '../components/Title';
import { duplicateRecipe, listRecipes, loadRecipe, recipePath } from '../recipes';
import type { Page, Recipe } from '../types';
import { useDebounced, when } from '../util';

export function Recipes() {
  const [q, setQ] = useState('');
  const search = useDebounced(q.trim(), 250);
  const [cursors, setCursors] = useState(new Cursors());
  const [page, setPage] = useState<Page<Recipe> | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [reload, setReload] = useState(0);
  const [deleting, setDeleting] = useState<Recipe | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => setCursors(new Cursors()), [search]);
  useEffect(() => {
    let live = true;
    listRecipes(search, cursors.current)
      .then((result) => {
        if (!live) return;
        setPage(result);
        setError('');
      })
      .catch((err) => live && setError(messageOf(err)));
    return () => {
      live = false;
    };
  }, [search, cursors, reload]);

  const duplicate = async (recipe: Recipe) => {
    setBusy(true);
    setStatus(`Duplicating ${recipe.name}…`);
    try {
      const { recipe: full } = await loadRecipe(recipe.id);
      const copy = await duplicateRecipe(full);
      setStatus(`Created “${copy.name}”.`);
      setReload((n) => n + 1);
    } catch (err) {
      setStatus('');
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await del(recipePath(deleting.id));
      setStatus(`Deleted “${deleting.name}”.`);
      setDeleting(null);
      setReload((n) => n + 1);
    } catch (err) {
      setDeleteError(
        err instanceof ApiError && err.code === 'recipe_in_use'
          ? `${err.message} Remove it from those recipes first.`
          : messageOf(err),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <div class="screen-head">
        <Title text="Recipes" />
        <div class="head-links">
          <Link href="/app/import" class="button">
            Import from a spreadsheet
          </Link>
          <Link href="/app/recipes/new" class="button primary">
            New recipe
          </Link>
        </div>
      </div>
      <div class="field search">
        <label for="recipe-search">Search recipes</label>
        <input id="recipe-search" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} placeholder="Name contains…" />
      </div>
      <ErrorNotice message={error} />
      <StatusLine message={status} />
      {page === null ? (
        <p>Loading recipes…</p>
      ) : page.data.length === 0 ? (
        <p class="empty">
          {search ? `No recipe matches “${search}”.` : 'No recipes yet. '}
          {!search && <Link href="/app/recipes/new">Create your first recipe</Link>}
        </p>
      ) : (
        <ul class="rows" aria-label="Recipes">
          {page.data.map((recipe) => (
            <li key={recipe.id} class="row">
              <div class="row-main">
                <Link href={`/app/recipes/${recipe.id}`} class="row-title">
                  {recipe.name}
                </Link>
                <span class="meta">
                  {recipe.label_format} · {recipe.servings} servings · version {recipe.version} · updated {when(recipe.updated_at)}
                  {recipe.embed_enabled ? ' · embedded' : ''}
                </span>
              </div>
              <div class="row-actions">
                <Link href={`/app/recipes/${recipe.id}/share`} class="button small" aria-label={`Export or embed ${recipe.name}`}>
                  Export
                </Link>
                <button type="button" class="button small" disabled={busy} onClick={() => duplicate(recipe)} aria-label={`Duplicate ${recipe.name}`}>
                  Duplicate
                </button>
                <button
                  type="button"
                  class="button small danger"
                  disabled={busy}
                  onClick={() => {
                    setDeleteError('');
                    setDeleting(recipe);
                  }}
                  aria-label={`Delete ${recipe.name}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page && (
        <Pager label="Recipe pages" cursors={cursors} nextCursor={page.next_cursor} onChange={setCursors} />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${deleting.name}”?`}
          confirmLabel="Delete recipe"
          danger
          busy={busy}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>Its label and embed stop working. Its history is kept for audits.</p>
          <ErrorNotice message={deleteError} />
        </ConfirmDialog>
      )}
    </section>
  );
}
