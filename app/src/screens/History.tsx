// A recipe's timeline: each version, when, what changed (fields and the printed values of
// the label) and the label as it was at that version.
import { useEffect, useState } from 'preact/hooks';
import { get, messageOf } from '../api';
import { ErrorNotice } from '../components/Notice';
import { RecipeHead } from '../components/RecipeHead';
import { TableHead } from '../components/TableHead';
import { loadRecipe, recipePath } from '../recipes';
import type { History as HistoryBody, HistoryEntry, Recipe } from '../types';
import { when } from '../util';

const TYPES: Record<string, string> = {
  recipe_created: 'Created',
  recipe_updated: 'Changed',
  recipe_deleted: 'Deleted',
  recipe_archived: 'Archived',
  recipe_unarchived: 'Restored',
  recipe_embed_enabled: 'Live embed turned on',
  recipe_embed_disabled: 'Live embed turned off (token revoked)',
  'label.recomputed': 'Label recomputed',
};

export function History({ id }: { id: string }) {
  const [recipe, setRecipe] = useState<Recipe | null>(null);
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    loadRecipe(id).then(({ recipe: r }) => setRecipe(r), () => undefined);
    get<HistoryBody>(`${recipePath(id)}/history?include=label`).then(
      (h) => setEntries([...h.data].reverse()),
      (err) => setError(messageOf(err)),
    );
  }, [id]);
  return (
    <section>
      <RecipeHead id={id} title={recipe ? `History: ${recipe.name}` : 'History'} />
      <ErrorNotice message={error} />
      {entries === null && !error && <p>Loading history…</p>}
      {entries && (
        <ol class="timeline" aria-label="Versions, newest first">
          {entries.map((entry, i) => (
            <li key={`${entry.version}-${entry.type}-${i}`} class="card">
              <h2>
                Version {entry.version}: {TYPES[entry.type] ?? entry.type.replace(/_/g, ' ')}
              </h2>
              <p class="meta">
                <time dateTime={entry.occurred_at}>{when(entry.occurred_at)}</time>
                {entry.cause && ` · because ${entry.cause.type.replace(/_/g, ' ')} of ${entry.cause.id} (version ${entry.cause.version})`}
              </p>
              <Changes changes={entry.changes} />
              <LabelChanges entry={entry} />
              {entry.type !== 'recipe_deleted' && (
                <details>
                  <summary>Label at version {entry.version}</summary>
                  <img
                    class="label-img"
                    loading="lazy"
                    src={`${recipePath(id)}/label.svg?version=${entry.version}`}
                    alt={`The label as it was at version ${entry.version}`}
                  />
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Changes({ changes }: { changes: unknown }) {
  if (!changes || typeof changes !== 'object') return null;
  const fields = Object.entries(changes as Record<string, unknown>);
  if (!fields.length) return null;
  return (
    <dl class="changes">
      {fields.map(([field, value]) => (
        <div key={field}>
          <dt>{field.replace(/_/g, ' ')}</dt>
          <dd>{field === 'ingredients' && Array.isArray(value) ? ingredientsText(value) : valueText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ingredientsText(lines: unknown[]): string {
  return lines
    .map((line) => {
      const l = line as { name?: string | null; ingredient_id?: string | null; grams?: number };
      return `${l.name ?? l.ingredient_id ?? '?'} ${l.grams ?? '?'} g`;
    })
    .join(', ');
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ') || 'none';
  return JSON.stringify(value);
}

/** `display.total_fat_g` -> `total fat (printed)`. */
function fieldName(field: string): string {
  const [group, key] = field.includes('.') ? (field.split('.', 2) as [string, string]) : ['', field];
  const name = key.replace(/_(g|mg|mcg)$/, '').replace(/_/g, ' ');
  if (group === 'display') return name;
  if (group === 'daily_values') return `${name} (% Daily Value)`;
  return group ? `${name} (${group.replace(/_/g, ' ')})` : name;
}

function LabelChanges({ entry }: { entry: HistoryEntry }) {
  // The printed values first (what a reader of the label sees), then the rest.
  const rank = (field: string) => (field.startsWith('display.') ? 0 : field.startsWith('daily_values.') ? 1 : 2);
  const changes = (entry.label_changes ?? [])
    .filter((c) => c.field !== 'label')
    .sort((a, b) => rank(a.field) - rank(b.field));
  if (!changes.length) return null;
  return (
    <table class="diff">
      <caption>Printed on the label</caption>
      <TableHead columns={['What', 'Before', 'After']} />
      <tbody>
        {changes.map((c) => (
          <tr key={c.field}>
            <th scope="row">{fieldName(c.field)}</th>
            <td>{valueText(c.before)}</td>
            <td>{valueText(c.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
