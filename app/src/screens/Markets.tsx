// Several markets side by side: the saved recipe's label in each chosen country's default
// format (GET /v1/recipes/{id}/labels?countries=), each computed under its own law and
// drawn by the server. The chosen countries live in the address (?countries=US,DE).
import { useEffect, useState } from 'preact/hooks';
import { get, messageOf, query } from '../api';
import { LabelSvg } from '../components/LabelSvg';
import { ErrorNotice, StatusLine } from '../components/Notice';
import { RecipeHead } from '../components/RecipeHead';
import { drawLabel } from '../drawing';
import { loadCountries } from '../formats';
import { loadRecipe, recipePath } from '../recipes';
import { navigate, useLocation } from '../router';
import type { Country, LabelSet, Recipe } from '../types';

/** What one market shows: its drawing, or why there is none. */
interface Market {
  code: string;
  format: string;
  svg: string | null;
  error: string | null;
}

const codesOf = (text: string | null) => (text ?? '').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);

export function Markets({ id }: { id: string }) {
  const { search } = useLocation();
  const chosen = codesOf(search.get('countries') ?? 'US');
  const [recipe, setRecipe] = useState<Recipe | null>(null);
  const [countries, setCountries] = useState<Country[]>([]);
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<string[]>(chosen);
  const [markets, setMarkets] = useState<Market[] | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');

  useEffect(() => {
    loadRecipe(id).then(({ recipe: r }) => setRecipe(r), (err) => setError(messageOf(err)));
    loadCountries().then(setCountries, (err) => setError(messageOf(err)));
  }, [id]);

  // The labels of the countries in the address, drawn side by side.
  const shownKey = chosen.join(',');
  useEffect(() => {
    if (!chosen.length) return;
    let live = true;
    setStatus('Computing the labels…');
    setError('');
    get<LabelSet>(`${recipePath(id)}/labels${query({ countries: shownKey })}`)
      .then((set) =>
        Promise.all(
          set.data.map(async (entry, i): Promise<Market> => {
            const code = entry.country ?? chosen[i] ?? '';
            if (!entry.label) return { code, format: entry.format, svg: null, error: entry.error?.message ?? 'No label.' };
            try {
              return { code, format: entry.format, svg: await drawLabel(entry.label, 300), error: null };
            } catch (err) {
              return { code, format: entry.format, svg: null, error: `The drawing failed: ${messageOf(err)}` };
            }
          }),
        ),
      )
      .then((drawn) => {
        if (!live) return;
        setMarkets(drawn);
        setStatus(`${drawn.length} ${drawn.length === 1 ? 'market' : 'markets'} shown.`);
      })
      .catch((err) => {
        if (!live) return;
        setMarkets(null);
        setStatus('');
        setError(messageOf(err));
      });
    return () => {
      live = false;
    };
  }, [id, shownKey]);

  const nameOf = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const needle = filter.trim().toLowerCase();
  const listed = countries.filter((c) => picked.includes(c.code) || !needle || c.name.toLowerCase().includes(needle) || c.code.toLowerCase() === needle);
  const toggle = (code: string, on: boolean) => setPicked((p) => (on ? [...p.filter((c) => c !== code), code] : p.filter((c) => c !== code)));
  const show = (event: Event) => {
    event.preventDefault();
    if (!picked.length) {
      setError('Pick at least one country.');
      return;
    }
    navigate(`/app/recipes/${encodeURIComponent(id)}/markets${query({ countries: picked.join(',') })}`);
  };

  return (
    <section>
      <RecipeHead id={id} title={recipe ? `Markets: ${recipe.name}` : 'Markets'} />
      <p class="lede">The saved recipe's label in each country's default format, each computed under that country's law.</p>
      <form class="card markets-form" onSubmit={show} aria-label="Countries">
        <div class="field search">
          <label for="country-filter">Find a country</label>
          <input id="country-filter" type="search" value={filter} placeholder="Name or code, e.g. Germany" onInput={(e) => setFilter(e.currentTarget.value)} />
        </div>
        <fieldset class="country-list">
          <legend>Countries ({picked.length} picked)</legend>
          <div class="checks">
            {listed.map((c) => (
              <label key={c.code} class="check">
                <input type="checkbox" checked={picked.includes(c.code)} onChange={(e) => toggle(c.code, e.currentTarget.checked)} />
                {c.name} ({c.code})
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" class="button primary">
          Show labels
        </button>
      </form>
      <ErrorNotice message={error} />
      <StatusLine message={status} />
      {markets && (
        <ul class="markets" aria-label="Labels by market">
          {markets.map((m) => (
            <li key={`${m.code}-${m.format}`} class="market card">
              <h2>
                {nameOf(m.code)} <span class="meta">{m.format}</span>
              </h2>
              {m.svg ? <LabelSvg svg={m.svg} /> : <ErrorNotice message={m.error} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
