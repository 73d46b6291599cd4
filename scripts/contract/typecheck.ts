// Typechecks the app against a candidate contract's generated types, in memory: the compiler
// reads the candidate types wherever the app imports src/api/schema.d.ts (as './schema' in
// src/api and as '@/api/schema' elsewhere), and nothing on disk changes.
import { relative, resolve, sep } from 'node:path';
import ts from 'typescript';

import { repositoryRoot } from './process';
import { generatedTypesPath } from './types';

export interface TypeErrorEntry {
  /** Relative to the project, with forward slashes. */
  file: string;
  line: number;
  column: number;
  code: number;
  message: string;
}

export interface AreaBreak {
  /** `links`, `settings`… for src/features/<area>/, `routes` for src/routes/, else `shared`. */
  area: string;
  files: { file: string; errors: TypeErrorEntry[] }[];
}

export interface TypecheckResult {
  /** Errors the candidate types cause: errors that also occur with the base types are left out. */
  errors: TypeErrorEntry[];
  areas: AreaBreak[];
  /** Errors that also occur with the base types (the app's own, not the contract's). */
  preexisting: number;
  checkedFiles: number;
}

export interface TypecheckOptions {
  candidateTypes: string;
  /** The base contract's types; compiled only when the candidate has errors, to subtract the app's own. */
  baselineTypes: string;
  projectDir?: string;
  /** Which of the tsconfig's files make up the app. */
  appDir?: string;
}

function compile(
  rootNames: string[],
  options: ts.CompilerOptions,
  schemaFile: string,
  schemaText: string,
  parsed: Map<string, ts.SourceFile | undefined>,
  oldProgram?: ts.Program,
): ts.Program {
  const host = ts.createCompilerHost(options, true);
  const isSchema = (fileName: string): boolean => resolve(fileName) === schemaFile;
  const getSourceFile = host.getSourceFile.bind(host);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  // Both compilations share every parsed file but the schema, as editors do between edits.
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (isSchema(fileName)) return ts.createSourceFile(fileName, schemaText, languageVersion, true);
    if (!parsed.has(fileName)) {
      parsed.set(fileName, getSourceFile(fileName, languageVersion, onError, shouldCreate));
    }
    return parsed.get(fileName);
  };
  host.readFile = (fileName) => (isSchema(fileName) ? schemaText : readFile(fileName));
  host.fileExists = (fileName) => isSchema(fileName) || fileExists(fileName);
  return ts.createProgram({ rootNames, options, host, ...(oldProgram ? { oldProgram } : {}) });
}

/** Where errors that belong to no file (a root file that is missing, say) are filed. */
const projectFile = '(project)';

function entryOf(diagnostic: ts.Diagnostic, projectDir: string): TypeErrorEntry[] {
  if (diagnostic.category !== ts.DiagnosticCategory.Error) return [];
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (diagnostic.file === undefined || diagnostic.start === undefined) {
    return [{ file: '(project)', line: 0, column: 0, code: diagnostic.code, message }];
  }
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return [
    {
      file: relative(projectDir, diagnostic.file.fileName).split(sep).join('/'),
      line: line + 1,
      column: character + 1,
      code: diagnostic.code,
      message,
    },
  ];
}

function errorsOf(program: ts.Program, projectDir: string): TypeErrorEntry[] {
  return ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => entryOf(diagnostic, projectDir));
}

/** The errors of a few files only: checking them is much cheaper than checking the program. */
function errorsIn(program: ts.Program, projectDir: string, files: Set<string>): TypeErrorEntry[] {
  const projectWide = files.has(projectFile)
    ? [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
    : [];
  return [
    ...projectWide,
    ...program
      .getSourceFiles()
      .filter((sourceFile) =>
        files.has(relative(projectDir, sourceFile.fileName).split(sep).join('/')),
      )
      .flatMap((sourceFile) => [
        ...program.getSyntacticDiagnostics(sourceFile),
        ...program.getSemanticDiagnostics(sourceFile),
      ]),
  ].flatMap((diagnostic) => entryOf(diagnostic, projectDir));
}

const keyOf = (error: TypeErrorEntry): string =>
  `${error.file}:${error.line}:${error.column}:${error.code}:${error.message}`;

export function areaOf(file: string): string {
  const feature = /^src\/features\/([^/]+)\//.exec(file);
  if (feature?.[1] !== undefined) return feature[1];
  if (file.startsWith('src/routes/')) return 'routes';
  return 'shared';
}

export function groupByArea(errors: TypeErrorEntry[]): AreaBreak[] {
  const areas = new Map<string, Map<string, TypeErrorEntry[]>>();
  for (const error of errors) {
    const area = areaOf(error.file);
    const files = areas.get(area) ?? new Map<string, TypeErrorEntry[]>();
    files.set(error.file, [...(files.get(error.file) ?? []), error]);
    areas.set(area, files);
  }
  return [...areas.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, files]) => ({
      area,
      files: [...files.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([file, fileErrors]) => ({ file, errors: fileErrors })),
    }));
}

export function typecheckApp({
  candidateTypes,
  baselineTypes,
  projectDir = repositoryRoot,
  appDir = 'src',
}: TypecheckOptions): TypecheckResult {
  const configFile = ts.findConfigFile(projectDir, (file) => ts.sys.fileExists(file));
  if (configFile === undefined) throw new Error(`No tsconfig.json in ${projectDir}`);
  const config = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
  if (config.error !== undefined) {
    throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  }
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, projectDir);
  const appRoot = resolve(projectDir, appDir) + sep;
  const rootNames = parsed.fileNames.filter((file) => resolve(file).startsWith(appRoot));
  const options: ts.CompilerOptions = { ...parsed.options, noEmit: true, incremental: false };
  const schemaFile = resolve(projectDir, generatedTypesPath);
  const parsedFiles = new Map<string, ts.SourceFile | undefined>();

  const candidate = compile(rootNames, options, schemaFile, candidateTypes, parsedFiles);
  const candidateErrors = errorsOf(candidate, projectDir);
  let errors = candidateErrors;
  let preexisting = 0;
  if (candidateErrors.length > 0) {
    // Only the files with errors are checked again: an error that the base types cause too is
    // the app's own, not the contract's.
    const baseline = compile(rootNames, options, schemaFile, baselineTypes, parsedFiles, candidate);
    const files = new Set(candidateErrors.map((error) => error.file));
    const remaining = new Map<string, number>();
    for (const error of errorsIn(baseline, projectDir, files)) {
      remaining.set(keyOf(error), (remaining.get(keyOf(error)) ?? 0) + 1);
    }
    errors = candidateErrors.filter((error) => {
      const count = remaining.get(keyOf(error)) ?? 0;
      if (count === 0) return true;
      remaining.set(keyOf(error), count - 1);
      preexisting += 1;
      return false;
    });
  }
  return { errors, areas: groupByArea(errors), preexisting, checkedFiles: rootNames.length };
}

/** Whether two generated type files declare the same types (their doc comments aside). */
export function sameTypes(a: string, b: string): boolean {
  if (a === b) return true;
  const printer = ts.createPrinter({ removeComments: true });
  const print = (text: string): string =>
    printer.printFile(ts.createSourceFile('schema.d.ts', text, ts.ScriptTarget.Latest));
  return print(a) === print(b);
}
