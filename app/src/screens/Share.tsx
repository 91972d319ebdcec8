// Export (SVG, PNG, PDF) and the live embed of one recipe.
import { useEffect, useState } from 'preact/hooks';
import { messageOf, request } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CopyBox } from '../components/CopyBox';
import { Link } from '../components/Link';
import { ErrorNotice, StatusLine } from '../components/Notice';
import { Title } from '../components/Title';
import { downloadFile, slug } from '../download';
import { EMBED_PLAN, planName } from '../plans';
import { loadRecipe, recipePath } from '../recipes';
import { signedInAccount } from '../session';
import type { Recipe } from '../types';

const FILE_TYPES = [
  { ext: 'svg', name: 'SVG', use: 'sharp at any size, for designers' },
  { ext: 'png', name: 'PNG', use: 'an image for the web or a document' },
  { ext: 'pdf', name: 'PDF', use: 'for the printer' },
];

export function Share({ id }: { id: string }) {
  const account = signedInAccount();
  const [recipe, setRecipe] = useState<Recipe | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmOff, setConfirmOff] = useState(false);

  useEffect(() => {
    loadRecipe(id).then(
      ({ recipe: r }) => setRecipe(r),
      (err) => setError(messageOf(err)),
    );
  }, [id]);

  if (!account) return null;
  const plan = account.plan;

  const download = async (ext: string) => {
    if (!recipe) return;
    setError('');
    setStatus(`Preparing ${ext.toUpperCase()}…`);
    try {
      await downloadFile(`${recipePath(recipe.id)}/label.${ext}`, `${slug(recipe.name)}.${ext}`);
      setStatus(`${ext.toUpperCase()} downloaded.`);
    } catch (err) {
      setStatus('');
      setError(messageOf(err));
    }
  };

  const setEmbed = async (enabled: boolean) => {
    if (!recipe) return;
    setBusy(true);
    setError('');
    try {
      const reply = await request<Recipe>('PUT', recipePath(recipe.id), { body: { embed_enabled: enabled } });
      setRecipe(reply.data);
      setStatus(enabled ? 'The live embed is on.' : 'The live embed is off; its old token no longer works.');
      setConfirmOff(false);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <div class="screen-head">
        <Title text={recipe ? `Export and embed: ${recipe.name}` : 'Export and embed'} />
        {recipe && (
          <div class="head-links">
            <Link href={`/app/recipes/${recipe.id}`} class="button">
              Edit recipe
            </Link>
          </div>
        )}
      </div>
      <ErrorNotice message={error} />
      <StatusLine message={status} />
      {recipe && (
        <>
          <section class="card" aria-labelledby="export-title">
            <h2 id="export-title">Download the label</h2>
            <p>
              The {recipe.label_format} label of the saved recipe (version {recipe.version}).
              {plan.export_watermarked && ' On the Free plan files carry a watermark; paid plans remove it.'}
            </p>
            <ul class="downloads">
              {FILE_TYPES.map((type) => {
                const allowed = plan.export_file_types.includes(type.ext);
                return (
                  <li key={type.ext}>
                    <button type="button" class="button" disabled={!allowed} onClick={() => download(type.ext)}>
                      Download {type.name}
                    </button>
                    <span class="meta">{allowed ? type.use : `not on the ${planName(plan.id)} plan: a higher plan unlocks it`}</span>
                  </li>
                );
              })}
            </ul>
          </section>
          <section class="card" aria-labelledby="embed-title">
            <h2 id="embed-title">Live embed</h2>
            <p>Show the label on your own website. It updates by itself when you change the recipe.</p>
            {!plan.live_embed ? (
              <p class="notice">
                Live embeds come with the {planName(EMBED_PLAN)} plan and above. Your plan is {planName(plan.id)}:{' '}
                <Link href="/app/account">see your plan</Link>.
              </p>
            ) : (
              <div class="switch-row">
                <button
                  type="button"
                  role="switch"
                  class="switch"
                  aria-checked={recipe.embed_enabled ? 'true' : 'false'}
                  disabled={busy}
                  onClick={() => (recipe.embed_enabled ? setConfirmOff(true) : setEmbed(true))}
                >
                  <span aria-hidden="true" class="knob" />
                  Live embed
                </button>
                <span>{recipe.embed_enabled ? 'On' : 'Off'}</span>
              </div>
            )}
            {recipe.embed_enabled && recipe.embed && (
              <>
                <CopyBox id="embed-script" label="Script snippet" text={recipe.embed.script} />
                <CopyBox id="embed-iframe" label="Iframe snippet" text={recipe.embed.iframe} />
                <h3>Preview</h3>
                <iframe class="embed-preview" src={`/embed/${encodeURIComponent(recipe.embed.token)}`} title="Live embed preview" width={290} height={620} />
              </>
            )}
          </section>
        </>
      )}
      {confirmOff && (
        <ConfirmDialog
          title="Turn the live embed off?"
          confirmLabel="Turn off and revoke"
          danger
          busy={busy}
          onConfirm={() => setEmbed(false)}
          onCancel={() => setConfirmOff(false)}
        >
          <p>
            Every page that shows this label stops showing it at once. Its token is revoked for good: turning the embed on again
            gives a new token, and you would have to paste the new snippet into your pages.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
