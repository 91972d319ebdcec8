// Builds the app into dist/: index.html, app.js (one minified bundle) and app.css.
// Usage: node build.mjs [--watch]. Type checking is `npm run check` (tsc --noEmit).
import { mkdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });

const options = {
  entryPoints: [join(root, 'src/main.tsx')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  outfile: join(dist, 'app.js'),
  legalComments: 'none',
  logLevel: 'warning',
};

const css = await esbuild.build({
  entryPoints: [join(root, 'src/app.css')],
  bundle: true,
  minify: true,
  outfile: join(dist, 'app.css'),
  logLevel: 'warning',
});
if (css.errors.length) process.exit(1);

// index.html: no inline script or style, so a strict CSP (script-src 'self') holds.
const html = readFileSync(join(root, 'src/index.html'), 'utf8');
writeFileSync(join(dist, 'index.html'), html);

if (process.argv.includes('--watch')) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('watching src/ ...');
} else {
  await esbuild.build(options);
  for (const file of ['index.html', 'app.js', 'app.css']) {
    const size = statSync(join(dist, file)).size;
    console.log(`dist/${file}  ${(size / 1024).toFixed(1)} KB`);
  }
}
