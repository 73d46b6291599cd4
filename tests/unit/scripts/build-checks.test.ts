import { describe, expect, test } from 'vitest';
import {
  entryKeysOf,
  findImportCycles,
  loadedWith,
  type Manifest,
} from '../../../scripts/build/checks.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/a.tsx': { file: 'assets/a.js', isDynamicEntry: true, imports: ['_b.js'] },
  '_b.js': { file: 'assets/b.js', imports: ['src/a.tsx'] },
};

describe('the chunks loaded with an entry', () => {
  test('are the entry and what it imports statically', () => {
    expect(entryKeysOf(manifest)).toEqual(['index.html']);
    expect(loadedWith(manifest, entryKeysOf(manifest)).map(({ file }) => file)).toEqual([
      'assets/index.js',
      'assets/shared.js',
    ]);
  });
});

describe('import cycles between chunks', () => {
  test('are found and named by file', () => {
    expect(findImportCycles(manifest)).toEqual(['a.js → b.js → a.js']);
  });

  test('are none in a tree of imports', () => {
    const tree: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
      'src/a.tsx': { file: 'assets/a.js', isDynamicEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
    };
    expect(findImportCycles(tree)).toEqual([]);
  });
});
