// The server's build: src/server's entries bundled by Vite's server-side mode into dist-server/,
// run with plain `node`. Packages stay imports, resolved from node_modules at run time, so the
// build fails when one of them is not a production dependency: `npm ci --omit=dev` would leave it
// out of a deployment.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build, type Rolldown } from 'vite';

export const SERVER_OUT_DIR = 'dist-server';

/** The product's entry points, by the name of the file each becomes in dist-server/. */
const entries = {
  start: 'src/server/start.ts',
  main: 'src/server/main.ts',
  'serve-app': 'src/server/serve-app.ts',
};

function packageOf(specifier: string): string {
  const [scopeOrName = '', name] = specifier.split('/');
  return scopeOrName.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName;
}

/** Packages the built server imports that a production install would not have. */
export function missingProductionDependencies(
  imported: Iterable<string>,
  dependencies: Record<string, string>,
): string[] {
  const builtins = new Set(builtinModules);
  return [...new Set([...imported].map(packageOf))]
    .filter((name) => !name.startsWith('node:') && !builtins.has(name))
    .filter((name) => !Object.hasOwn(dependencies, name))
    .sort();
}

export async function buildServer(): Promise<string[]> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: true,
      outDir: SERVER_OUT_DIR,
      emptyOutDir: true,
      target: 'node20',
      sourcemap: true,
      rolldownOptions: {
        input: entries,
        output: { format: 'esm', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  })) as Rolldown.RolldownOutput;
  const imported = output.output.flatMap((item) =>
    item.type === 'chunk' ? [...item.imports, ...item.dynamicImports] : [],
  );
  const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const chunkFiles = new Set(output.output.map((item) => item.fileName));
  return missingProductionDependencies(
    imported.filter((specifier) => !chunkFiles.has(specifier)),
    dependencies,
  ).map((name) => `The server imports ${name}, which is not among package.json's dependencies.`);
}
