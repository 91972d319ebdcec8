// The account and what its plan allows.
import { useEffect, useState } from 'preact/hooks';
import { Title } from '../components/Title';
import { loadFormats } from '../formats';
import { planName, planReaches } from '../plans';
import { signedInAccount } from '../session';
import type { Format } from '../types';

export function Account() {
  const account = signedInAccount();
  const [formats, setFormats] = useState<Format[]>([]);
  useEffect(() => {
    loadFormats().then(setFormats, () => undefined);
  }, []);
  if (!account) return null;
  const plan = account.plan;
  const open = formats.filter((f) => planReaches(plan, f.plan));
  return (
    <section>
      <Title text="Account" />
      <dl class="facts card">
        <div>
          <dt>Business</dt>
          <dd>{account.name}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{account.email}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>
            <strong>{planName(plan.id)}</strong>
          </dd>
        </div>
      </dl>
      <section class="card" aria-labelledby="plan-title">
        <h2 id="plan-title">What the {planName(plan.id)} plan allows</h2>
        <ul class="plan-list">
          <li>
            Label formats:{' '}
            {plan.all_label_formats
              ? 'all of them'
              : formats.length
                ? `${open.length} of ${formats.length} (${open.map((f) => f.name).join('; ')})`
                : 'the US standard format'}
          </li>
          <li>Downloads: {plan.export_file_types.map((t) => t.toUpperCase()).join(', ') || 'none'}</li>
          <li>{plan.export_watermarked ? 'Downloaded labels carry a watermark' : 'Downloaded labels without a watermark'}</li>
          <li>{plan.live_embed ? 'Live embeds on your website' : 'No live embeds (Professional plan and above)'}</li>
          <li>{plan.rest_access ? 'REST API keys' : 'No REST API keys (Business plan)'}</li>
          <li>{plan.webhooks ? 'Webhooks' : 'No webhooks'}</li>
        </ul>
        {plan.id !== 'business' && <p>To change your plan, write to support from your account's e-mail address.</p>}
      </section>
    </section>
  );
}
