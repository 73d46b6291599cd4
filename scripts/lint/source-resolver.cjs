// ESLint's import rules resolve this project's own imports with this: `@/` is src/ (as in
// tsconfig.json), relative specifiers are resolved from the importing file (and absolute ones
// as they are), and all may leave out the extension. Packages are not followed: the layer and cycle rules are about our code.
const { existsSync, statSync } = require('node:fs');
const path = require('node:path');

const sourceDir = path.join(__dirname, '..', '..', 'src');
const endings = ['', '.ts', '.tsx', '.d.ts', '.js', '/index.ts', '/index.tsx'];

const isFile = (candidate) => existsSync(candidate) && statSync(candidate).isFile();

exports.interfaceVersion = 2;

exports.resolve = (source, file) => {
  const base = source.startsWith('@/')
    ? path.join(sourceDir, source.slice(2))
    : source.startsWith('.') || path.isAbsolute(source)
      ? path.resolve(path.dirname(file), source)
      : undefined;
  const found = base === undefined ? undefined : endings.map((end) => base + end).find(isFile);
  return found === undefined ? { found: false } : { found: true, path: found };
};
