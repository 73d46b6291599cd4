// Lints a contract with Redocly (recommended-strict, from redocly.yaml) and Spectral (the OpenAPI
// rules and the OWASP API security ruleset, from .spectral.yaml).
import { localBin, repositoryRoot, run } from './process';

export interface LintResult {
  tool: string;
  passed: boolean;
  /** The tool's own report, for a failure. */
  output: string;
}

const maxOutputLines = 40;

/** The tool's problems, without banners, capped at a screenful. */
function cleaned(text: string): string {
  const lines = text
    .split('\n')
    .filter((line) => !line.startsWith('npm warn') && !/^\s*[╔║╚]/.test(line))
    .join('\n')
    .trim()
    .split('\n');
  if (lines.length <= maxOutputLines) return lines.join('\n');
  return [
    ...lines.slice(0, maxOutputLines),
    `… ${lines.length - maxOutputLines} more lines: run npm run contract:lint`,
  ].join('\n');
}

export async function lintContract(
  contractFile: string,
  cwd = repositoryRoot,
): Promise<LintResult[]> {
  const [redocly, spectral] = await Promise.all([
    run(localBin('redocly'), ['lint', '--format', 'stylish', contractFile], { cwd }),
    run(
      localBin('spectral'),
      ['lint', '--fail-severity', 'warn', '--ruleset', '.spectral.yaml', contractFile],
      { cwd },
    ),
  ]);
  return [
    {
      tool: 'Redocly (recommended-strict)',
      passed: redocly.exitCode === 0,
      output: cleaned(`${redocly.stdout}\n${redocly.stderr}`),
    },
    {
      tool: 'Spectral (OpenAPI + OWASP)',
      passed: spectral.exitCode === 0,
      output: cleaned(`${spectral.stdout}\n${spectral.stderr}`),
    },
  ];
}
