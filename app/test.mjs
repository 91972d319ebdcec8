// Runs the app's unit tests (src/*.test.ts): bundled by esbuild for node, then run.
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'nls-app-test-'));
try {
  for (const file of readdirSync(join(root, 'src')).filter((f) => f.endsWith('.test.ts'))) {
    const outfile = join(out, file.replace(/\.ts$/, '.mjs'));
    await esbuild.build({ entryPoints: [join(root, 'src', file)], bundle: true, platform: 'node', format: 'esm', outfile, logLevel: 'warning' });
    console.log(`# ${file}`);
    await import(pathToFileURL(outfile).href);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
