// Bulk import (POST /v1/imports): pick a CSV or .xlsx file, see the dry run (each recipe,
// its lines with their rows, its label drawn, every row problem next to its row), then
// import for real. The real import carries an Idempotency-Key made once per file, so a
// double click or a retry after a lost answer creates nothing twice.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, messageOf, request } from '../api';
import { LabelSvg } from '../components/LabelSvg';
import { Link } from '../components/Link';
import { ErrorNotice, StatusLine } from '../components/Notice';
import { TableHead } from '../components/TableHead';
import { Title } from '../components/Title';
import { drawLabel } from '../drawing';
import { describe } from '../lookup';
import type { ImportProblem, ImportReport } from '../types';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Recipes whose labels the dry run draws at once; the others on request (each drawing is an export). */
const DRAWN_AT_ONCE = 12;

type Recipe = ImportReport['recipes'][number];

interface Picked {
  name: string;
  data: ArrayBuffer;
  contentType: string;
  /** The Idempotency-Key of this file's import, whatever the number of attempts. */
  key: string;
}

function newKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `imp-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The problems of a refused file: the dry run's list, or a 400's `details`. */
function problemsOf(err: unknown): ImportProblem[] {
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return [];
  return (err.details as ImportProblem[]).filter((p) => typeof p?.row === 'number');
}

export function Import() {
  const [file, setFile] = useState<Picked | null>(null);
  const [dry, setDry] = useState<ImportReport | null>(null);
  const [created, setCreated] = useState<ImportReport | null>(null);
  const [refused, setRefused] = useState<ImportProblem[]>([]);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  // Set at once by a click (state would wait for a render): a double click sends one import.
  const importing = useRef(false);

  const send = (picked: Picked, dryRun: boolean) =>
    request<ImportReport>('POST', `/v1/imports${dryRun ? '?dry_run=true' : ''}`, {
      raw: { data: picked.data, contentType: picked.contentType },
      headers: dryRun ? {} : { 'idempotency-key': picked.key },
    }).then((r) => r.data);

  const choose = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    setDry(null);
    setCreated(null);
    setRefused([]);
    setError('');
    if (!chosen) return;
    const xlsx = chosen.name.toLowerCase().endsWith('.xlsx') || chosen.type === XLSX;
    const picked: Picked = { name: chosen.name, data: await chosen.arrayBuffer(), contentType: xlsx ? XLSX : 'text/csv', key: newKey() };
    setFile(picked);
    setBusy(true);
    setStatus(`Checking ${chosen.name}…`);
    try {
      const report = await send(picked, true);
      setDry(report);
      const count = report.problems?.length ?? 0;
      setStatus(
        count
          ? `${count + (report.more_problems ?? 0)} ${count === 1 ? 'problem' : 'problems'} to fix before importing. Nothing was created.`
          : `Ready to import ${report.recipes.length} ${report.recipes.length === 1 ? 'recipe' : 'recipes'} from ${report.rows} rows. Nothing is created until you import.`,
      );
    } catch (err) {
      setStatus('');
      setRefused(problemsOf(err));
      setError(`${chosen.name} cannot be imported: ${messageOf(err)}`);
    } finally {
      setBusy(false);
    }
  };

  const importAll = async () => {
    if (!file || importing.current) return;
    importing.current = true;
    setBusy(true);
    setError('');
    setStatus('Importing…');
    try {
      const report = await send(file, false);
      setCreated(report);
      setStatus(`Created ${report.recipes.length} ${report.recipes.length === 1 ? 'recipe' : 'recipes'}.`);
    } catch (err) {
      setStatus('');
      setRefused(problemsOf(err));
      setError(`Nothing was created: ${messageOf(err)}${err instanceof ApiError && err.status === 0 ? ' Importing again is safe: it cannot create the recipes twice.' : ''}`);
    } finally {
      importing.current = false;
      setBusy(false);
    }
  };

  const problems = dry?.problems?.length ? dry.problems : refused;
  const ready = dry && !dry.problems?.length && dry.recipes.length > 0 && !created;
  return (
    <section class="import">
      <div class="screen-head">
        <Title text="Import recipes" />
      </div>
      <p class="lede">Create many recipes at once from a spreadsheet. You see every recipe and its label before anything is created.</p>
      <div class="card">
        <div class="field">
          <label for="import-file">Spreadsheet (CSV or .xlsx)</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby="import-format"
            disabled={busy}
            onChange={(e) => void choose(e.currentTarget)}
          />
        </div>
        <div id="import-format" class="hint">
          <p>
            One row per ingredient line, with a header row naming the columns: <code>recipe</code>, <code>servings</code>,{' '}
            <code>ingredient</code>, <code>grams</code>, and optionally <code>serving_weight_g</code> and <code>label_format</code>. The rows
            of a recipe go together; an ingredient is a name (as in the builder) or an id. The header is row 1.
          </p>
        </div>
      </div>
      <ErrorNotice message={error} />
      <StatusLine message={status} />
      {problems.length > 0 && <ProblemTable problems={problems} more={dry?.more_problems ?? 0} />}
      {created ? (
        <CreatedList report={created} />
      ) : (
        dry && (
          <>
            {ready && (
              <div class="save-bar">
                <button type="button" class="button primary" disabled={busy} onClick={importAll}>
                  Import {dry.recipes.length} {dry.recipes.length === 1 ? 'recipe' : 'recipes'}
                </button>
                <span class="hint">All or nothing: if anything fails, no recipe is created.</span>
              </div>
            )}
            <ol class="import-recipes" aria-label="Recipes in the file">
              {dry.recipes.map((recipe, i) => (
                <RecipePreview key={`${recipe.first_row}`} recipe={recipe} problems={problems} drawAtOnce={i < DRAWN_AT_ONCE} />
              ))}
            </ol>
          </>
        )
      )}
    </section>
  );
}

function ProblemTable({ problems, more }: { problems: ImportProblem[]; more: number }) {
  return (
    <table class="diff problems" id="import-problems">
      <caption>Problems by row{more ? ` (the first ${problems.length}; ${more} more)` : ''}</caption>
      <TableHead columns={['Row', 'Column', 'Problem']} />
      <tbody>
        {problems.map((p, i) => (
          <tr key={i}>
            <th scope="row">Row {p.row}</th>
            <td>{p.field}</td>
            <td>
              {p.problem} <code>{p.code}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RecipePreview({ recipe, problems, drawAtOnce }: { recipe: Recipe; problems: ImportProblem[]; drawAtOnce: boolean }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [drawError, setDrawError] = useState('');
  const [asked, setAsked] = useState(false);
  const draw = () => {
    if (!recipe.label || asked) return;
    setAsked(true);
    drawLabel(recipe.label, 280).then(setSvg, (err) => setDrawError(`The drawing failed: ${messageOf(err)}`));
  };
  useEffect(() => {
    if (drawAtOnce) draw();
  }, []);
  const rows: number[] = [];
  for (let row = recipe.first_row; row <= recipe.last_row; row++) rows.push(row);
  const lineAt = (row: number) => recipe.lines?.find((l) => l.row === row);
  const titleId = `import-recipe-${recipe.first_row}`;
  return (
    <li class="card import-recipe" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {recipe.name} <span class="meta">rows {recipe.first_row}–{recipe.last_row}</span>
      </h2>
      <div class="import-recipe-body">
        <table class="diff">
          <caption>Lines of {recipe.name}</caption>
          <TableHead columns={['Row', 'Ingredient', 'Grams', 'Resolved to']} />
          <tbody>
            {rows.map((row) => {
              const line = lineAt(row);
              const rowProblems = problems.filter((p) => p.row === row);
              return (
                <tr key={row} class={rowProblems.length ? 'has-problem' : ''}>
                  <th scope="row">{row}</th>
                  <td>{line?.ingredient ?? '—'}</td>
                  <td>{line ? line.grams : '—'}</td>
                  <td>
                    {line && <ResolvedName id={line.ingredient_id} />}
                    {rowProblems.map((p, i) => (
                      <span key={i} class="problem">
                        Row {p.row}, {p.field}: {p.problem}
                      </span>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div class="import-label">
          {recipe.label_error ? (
            <ErrorNotice message={`No label: ${recipe.label_error.message}`} />
          ) : svg ? (
            <LabelSvg svg={svg} />
          ) : drawError ? (
            <ErrorNotice message={drawError} />
          ) : recipe.label && !asked ? (
            <button type="button" class="button" onClick={draw}>
              Draw the label of {recipe.name}
            </button>
          ) : (
            <p class="hint">Drawing the label…</p>
          )}
        </div>
      </div>
    </li>
  );
}

/** What an id names (a food's or custom ingredient's name), the id while it is looked up. */
function ResolvedName({ id }: { id: string }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void describe(id).then((choice) => live && setName(choice?.name ?? null));
    return () => {
      live = false;
    };
  }, [id]);
  return <>{name ?? id}</>;
}

function CreatedList({ report }: { report: ImportReport }) {
  return (
    <section class="card" aria-labelledby="created-title">
      <h2 id="created-title">Created recipes</h2>
      <ul class="created">
        {report.recipes.map((r) =>
          r.id ? (
            <li key={r.id}>
              <Link href={`/app/recipes/${r.id}`}>{r.name}</Link> <span class="meta">rows {r.first_row}–{r.last_row}</span>
            </li>
          ) : null,
        )}
      </ul>
      <p>
        <Link href="/app/recipes">All recipes</Link>
      </p>
    </section>
  );
}
