// Live embed benchmarks against a running `nls serve` (see bench/embed-run.sh).
//   node bench/embed-bench.mjs latency     BASE KEY [UPDATES=200]
//   node bench/embed-bench.mjs connections BASE KEY [CONNECTIONS=10000] [RECIPES=100] SERVER_PID
// latency: one open event stream; per update, the time from the PUT's response to the new
//   label arriving on the stream (0 when it arrived before the response finished).
// connections: CONNECTIONS event streams spread over RECIPES recipes; the server's RSS
//   (/proc/PID/status VmRSS) before, with all open, and after they close; plus the time for
//   one PUT to reach every stream of that recipe. SINCE=1 opens the streams as the embed
//   page does (`?since=<hash it shows>`), so no initial label is sent on them.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [mode, BASE, KEY, ...rest] = process.argv.slice(2);
if (!mode || !BASE || !KEY) {
  console.error('usage: embed-bench.mjs latency|connections BASE KEY ...');
  process.exit(2);
}

async function api(method, path, body) {
  const response = await fetch(BASE + path, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function recipe(name) {
  return api('POST', '/v1/recipes', {
    name,
    servings: 1,
    embed_enabled: true,
    ingredients: [{ name: 'all-purpose flour', grams: 100 }, { name: 'milk', grams: 200 }],
  });
}

// An event stream; `onLabel(hash, at)` for each label event. Resolves once headers arrived.
function stream(token, onLabel, since) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${BASE}/embed/${token}/events${since ? `?since=${since}` : ''}`,
      { agent: false, headers: { accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`events: ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const at = performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^event: ?label$/m.test(block)) {
              const id = /^id: ?(.*)$/m.exec(block);
              onLabel(id ? id[1] : '', at);
            }
          }
        });
        response.on('error', () => {});
        resolve(request);
      },
    );
    request.on('error', reject);
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const rss = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (mode === 'latency') {
  const updates = Number(rest[0] || 200);
  const r = await recipe('Latency');
  let waiting = null;
  let lastHash = null;
  const arrivals = new Map();
  const req = await stream(r.embed.token, (hash, at) => {
    lastHash = hash;
    arrivals.set(hash, at);
    if (waiting) waiting();
  });
  while (!lastHash) await sleep(5);
  const samples = [];
  for (let i = 0; i < updates; i++) {
    const before = lastHash;
    await api('PUT', `/v1/recipes/${r.id}`, { servings: 2 + i });
    const responded = performance.now();
    if (lastHash === before) await new Promise((res) => { waiting = res; });
    waiting = null;
    samples.push(Math.max(0, arrivals.get(lastHash) - responded));
  }
  req.destroy();
  samples.sort((a, b) => a - b);
  console.log(JSON.stringify({
    benchmark: 'write-to-embed latency (PUT response -> label on SSE)',
    updates,
    p50_ms: +quantile(samples, 0.5).toFixed(2),
    p90_ms: +quantile(samples, 0.9).toFixed(2),
    p99_ms: +quantile(samples, 0.99).toFixed(2),
    max_ms: +samples[samples.length - 1].toFixed(2),
  }));
} else if (mode === 'connections') {
  const total = Number(rest[0] || 10000);
  const recipes = Number(rest[1] || 100);
  const pid = Number(rest[2]);
  const made = [];
  for (let i = 0; i < recipes; i++) made.push(await recipe(`Conn ${i}`));
  // Warm up (pool connections, SVG cache) before the baseline; learn each label's hash.
  const hashes = [];
  for (const r of made) {
    let hash = null;
    const warm = await stream(r.embed.token, (h) => { hash = h; });
    while (!hash) await sleep(2);
    hashes.push(hash);
    warm.destroy();
  }
  const since = process.env.SINCE === '1';
  await sleep(500);
  const rssBefore = rss(pid);
  const started = performance.now();
  const requests = [];
  const received = made.map(() => 0);
  const BATCH = 500;
  for (let i = 0; i < total; i += BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(total, i + BATCH); j++) {
      const k = j % recipes;
      batch.push(stream(made[k].embed.token, () => { received[k]++; }, since ? hashes[k] : null));
    }
    requests.push(...(await Promise.all(batch)));
  }
  const connectSecs = (performance.now() - started) / 1000;
  if (!since) while (received.reduce((a, b) => a + b, 0) < total) await sleep(20);
  await sleep(1000);
  const rssOpen = rss(pid);
  // One PUT: how long until every stream of that recipe has the new label.
  const watchers = received.map((_, k) => Math.floor(total / recipes) + (k < total % recipes ? 1 : 0));
  const target = received[0] + watchers[0];
  const put = performance.now();
  await api('PUT', `/v1/recipes/${made[0].id}`, { servings: 3 });
  while (received[0] < target) await sleep(1);
  const fanoutMs = performance.now() - put;
  for (const r of requests) r.destroy();
  await sleep(2000);
  const rssClosed = rss(pid);
  console.log(JSON.stringify({
    benchmark: 'concurrent SSE connections in one process',
    connections: total,
    initial_label_sent: !since,
    recipes,
    connect_seconds: +connectSecs.toFixed(2),
    server_rss_mib_before: +rssBefore.toFixed(1),
    server_rss_mib_open: +rssOpen.toFixed(1),
    server_rss_kib_per_connection: +(((rssOpen - rssBefore) * 1024) / total).toFixed(1),
    server_rss_mib_after_close: +rssClosed.toFixed(1),
    fanout_one_put_to_all_watchers_ms: +fanoutMs.toFixed(1),
    watchers_of_that_recipe: watchers[0],
  }));
} else {
  console.error(`unknown mode ${mode}`);
  process.exit(2);
}
