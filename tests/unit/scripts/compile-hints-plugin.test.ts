import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compileHintsPlugin } from '../../../scripts/compile-hints-plugin';

const HINT = '//# allFunctionsCalledOnLoad';

describe('compile hints on the built chunks', () => {
  const root = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  const outDir = join(root, 'dist');
  const chunk = (name: string) => {
    const file = readdirSync(join(outDir, 'assets')).find(
      (entry) => entry.startsWith(`${name}-`) && entry.endsWith('.js'),
    );
    if (!file) throw new Error(`No chunk named ${name}`);
    return {
      code: readFileSync(join(outDir, 'assets', file), 'utf8'),
      map: JSON.parse(readFileSync(join(outDir, 'assets', `${file}.map`), 'utf8')) as never,
    };
  };

  beforeAll(async () => {
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
    );
    // A lazy chunk makes Vite write its preload helper at the top of the entry, the line the
    // hint must stay above.
    writeFileSync(
      join(root, 'main.js'),
      "export function greet() {\n  return import('./lazy.js').then((lazy) => lazy.shout('hello'));\n}\ngreet();\n",
    );
    writeFileSync(
      join(root, 'lazy.js'),
      "import './lazy.css';\n\nexport function shout(text) {\n  return text.toUpperCase();\n}\n",
    );
    writeFileSync(join(root, 'lazy.css'), 'body { color: black; }\n');
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [compileHintsPlugin()],
      build: { outDir, sourcemap: true, minify: false },
    });
  }, 30_000);

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  test('every chunk starts with the hint, above what Vite puts at the top', () => {
    for (const name of ['index', 'lazy']) {
      const { code } = chunk(name);
      expect(code.split('\n')[0]).toBe(HINT);
      expect(code.indexOf(HINT)).toBe(code.lastIndexOf(HINT));
    }
    expect(chunk('index').code.split('\n')[1]).toContain('__vite__mapDeps');
  });

  test('the source maps still point at the original lines', () => {
    for (const [name, token, originalLine] of [
      ['index', 'greet', 1],
      ['lazy', 'toUpperCase', 4],
    ] as const) {
      const { code, map } = chunk(name);
      const lines = code.split('\n');
      const line = lines.findIndex((text) => text.includes(token));
      const column = lines[line]?.indexOf(token) ?? -1;
      const original = new SourceMapConsumer(map).originalPositionFor({
        line: line + 1,
        column,
      });
      expect(original.line).toBe(originalLine);
    }
  });
});
