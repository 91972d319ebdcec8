// Unit tests of the preview scheduler (run by `npm test`: esbuild bundles this file, node runs it).
import { ApiError } from './api';
import { PreviewScheduler } from './preview';
import { assert } from './testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function firstChangeGoesAtOnceAndBurstsCoalesce(): Promise<void> {
  const sent: string[] = [];
  const shown: string[] = [];
  const scheduler = new PreviewScheduler<string>(
    async (body) => {
      sent.push(body);
      await sleep(20);
      return body;
    },
    { onResult: (r) => shown.push(r), onError: (e) => assert.fail(String(e)) },
    100,
  );
  scheduler.request('a');
  assert.deepEqual(sent, ['a'], 'the first change is sent at once');
  for (const body of ['ab', 'abc', 'abcd']) {
    await sleep(5);
    scheduler.request(body);
  }
  await sleep(300);
  assert.deepEqual(sent, ['a', 'abcd'], 'a burst becomes one trailing request with the latest input');
  assert.deepEqual(shown, ['abcd'], 'a stale answer is not shown');
  scheduler.request('abcd');
  await sleep(150);
  assert.equal(sent.length, 2, 'the input shown is not asked again');
  scheduler.stop();
}

async function aRateLimitWaitsItsRetryAfter(): Promise<void> {
  const sent: number[] = [];
  let waited = 0;
  let calls = 0;
  const scheduler = new PreviewScheduler<string>(
    async (body) => {
      sent.push(performance.now());
      calls += 1;
      if (calls === 1) throw new ApiError(429, 'rate_limited', 'slow down', undefined, 1);
      return body;
    },
    { onResult: () => undefined, onError: (e) => assert.fail(String(e)), onWaiting: (s) => (waited = s) },
    10,
  );
  scheduler.request('x');
  await sleep(1300);
  assert.equal(waited, 1, 'the wait is reported');
  assert.equal(sent.length, 2, 'retried once');
  assert.ok(sent[1]! - sent[0]! >= 990, `retried after Retry-After (${sent[1]! - sent[0]!} ms)`);
  scheduler.stop();
}

async function anErrorIsShownForTheLatestInputOnly(): Promise<void> {
  const errors: unknown[] = [];
  const scheduler = new PreviewScheduler<string>(
    async (body) => {
      if (body === 'bad') throw new ApiError(400, 'unknown_ingredient', 'no match');
      return body;
    },
    { onResult: () => undefined, onError: (e) => errors.push(e) },
    10,
  );
  scheduler.request('bad');
  await sleep(50);
  assert.equal(errors.length, 1);
  scheduler.request('bad');
  await sleep(50);
  assert.equal(errors.length, 1, 'the same failing input is not retried in a loop');
  scheduler.invalidate();
  await sleep(50);
  assert.equal(errors.length, 2, 'invalidate asks again');
  scheduler.stop();
}

for (const test of [firstChangeGoesAtOnceAndBurstsCoalesce, aRateLimitWaitsItsRetryAfter, anErrorIsShownForTheLatestInputOnly]) {
  await test();
  console.log(`ok - ${test.name}`);
}
