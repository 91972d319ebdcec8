// What the unit tests (src/*.test.ts, run by `npm test`) share.

// A few asserts of our own: the app's type check has no Node types.
export const assert = {
  equal(actual: unknown, expected: unknown, message = ''): void {
    if (actual !== expected) throw new Error(`${message}: expected ${String(expected)}, got ${String(actual)}`);
  },
  deepEqual(actual: unknown, expected: unknown, message = ''): void {
    const [a, b] = [JSON.stringify(actual), JSON.stringify(expected)];
    if (a !== b) throw new Error(`${message}: expected ${b}, got ${a}`);
  },
  ok(value: unknown, message = ''): void {
    if (!value) throw new Error(message);
  },
  fail(message: string): never {
    throw new Error(message);
  },
};

