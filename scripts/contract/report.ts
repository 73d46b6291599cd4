// Prints contract:check's result for a reader.
import { suggestedAcknowledgement } from './acknowledged';
import type { AcknowledgedChange, CheckResult } from './check';
import type { ChangeClass } from './diff';

const otherChangesShown = 40;

function indent(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `${pad}${line}`))
    .join('\n');
}

/** A compiler message's first line, with long inline types cut short. */
function firstLine(text: string, max = 200): string {
  const line = (text.split('\n')[0] ?? '').replace(
    /'([^']{48})[^']{12,}'/g,
    (_quoted, start: string) => `'${start}…'`,
  );
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

interface BreakGroup {
  what: string;
  why: string;
  suggestion: string;
  definedAt?: string;
  wheres: string[];
  reclassifiedFrom?: ChangeClass;
  acknowledgedReason?: string;
}

/** Breaking changes that share a definition and a kind read as one entry listing every place. */
function groupBreaks(changes: AcknowledgedChange[]): BreakGroup[] {
  const groups = new Map<string, BreakGroup>();
  for (const change of changes) {
    const suggestion = suggestedAcknowledgement(change);
    const key = `${change.kind}\u0000${change.what}\u0000${suggestion}\u0000${change.acknowledged?.path ?? ''}`;
    const group = groups.get(key);
    if (group !== undefined) {
      if (!group.wheres.includes(change.where)) group.wheres.push(change.where);
      continue;
    }
    const created: BreakGroup = {
      what: change.what,
      why: change.why ?? '',
      suggestion,
      wheres: [change.where],
    };
    if (change.origin !== undefined) created.definedAt = change.origin;
    if (change.reclassifiedFrom !== undefined) created.reclassifiedFrom = change.reclassifiedFrom;
    if (change.acknowledged !== undefined) created.acknowledgedReason = change.acknowledged.reason;
    groups.set(key, created);
  }
  return [...groups.values()];
}

function renderBreak(group: BreakGroup, mark: string): string {
  const lines = [`${mark} ${group.wheres[0] ?? ''}`];
  for (const where of group.wheres.slice(1)) lines.push(`  ${where}`);
  lines.push(`    what: ${group.what}`);
  lines.push(`    why:  ${group.why}`);
  if (group.reclassifiedFrom !== undefined) {
    lines.push(
      `    note: api-smart-diff calls this ${group.reclassifiedFrom}; see scripts/contract/diff.ts`,
    );
  }
  if (group.acknowledgedReason !== undefined) {
    lines.push(`    acknowledged: ${group.acknowledgedReason}`);
  } else {
    lines.push(`    path: ${group.suggestion}`);
  }
  return lines.join('\n');
}

export function renderCheckReport(result: CheckResult): string {
  const out: string[] = [];
  out.push(`Contract check: ${result.contract}`);
  out.push(`Base: ${result.base}`);
  out.push('');

  out.push('Lint');
  if (result.lint === undefined) {
    out.push('  - skipped (--skip-lint)');
  } else {
    for (const lint of result.lint) {
      out.push(`  ${lint.passed ? '✔' : '✖'} ${lint.tool}${lint.passed ? ': no problems' : ''}`);
      if (!lint.passed) out.push(indent(lint.output, 6));
    }
  }

  out.push('Generated types');
  if (result.freshness === undefined) {
    out.push(`  - skipped: ${result.freshnessSkipped ?? ''}`);
  } else {
    out.push(`  ${result.freshness.fresh ? '✔' : '✖'} ${result.freshness.detail}`);
  }

  out.push('Changes against the base (api-smart-diff)');
  const breaking = result.changes.filter((change) => change.class === 'breaking');
  const open = groupBreaks(breaking.filter((change) => change.acknowledged === undefined));
  const acknowledged = groupBreaks(breaking.filter((change) => change.acknowledged !== undefined));
  if (breaking.length === 0) out.push('  ✔ no breaking changes');
  if (open.length > 0) {
    out.push(`  ✖ ${plural(breaking.length - result.counts.acknowledged, 'breaking change')}:`);
    for (const group of open) out.push(indent(renderBreak(group, '✖'), 4));
    out.push(
      '    To make a break on purpose, agree it with the app team and add its path with a reason to',
      '    openapi/acknowledged-breaks.yaml (see "Contract checks for backend teams" in the README).',
    );
  }
  if (acknowledged.length > 0) {
    out.push(`  ! ${plural(result.counts.acknowledged, 'acknowledged breaking change')}:`);
    for (const group of acknowledged) out.push(indent(renderBreak(group, '!'), 4));
  }
  const others = result.changes.filter(
    (change) => change.class !== 'breaking' && change.class !== 'annotation',
  );
  if (others.length > 0) {
    out.push('  Other changes:');
    for (const change of others.slice(0, otherChangesShown)) {
      out.push(`    ${change.class.padEnd(12)}  ${change.where}: ${change.what}`);
    }
    if (others.length > otherChangesShown) {
      out.push(`    … and ${others.length - otherChangesShown} more (--json lists them all)`);
    }
  }
  const { counts } = result;
  out.push(
    `  Counts: breaking ${counts.breaking} (${counts.acknowledged} acknowledged), deprecated ${counts.deprecated}, ` +
      `unclassified ${counts.unclassified}, non-breaking ${counts['non-breaking']}, annotation ${counts.annotation}`,
  );
  if (result.componentDiffs > 0) {
    out.push(
      `  (${plural(result.componentDiffs, 'diff')} inside components/ are counted where the operations use them.)`,
    );
  }
  for (const entry of result.unusedAcknowledgements) {
    out.push(
      `  note: acknowledged break ${entry.path} matches no change any more; remove it from openapi/acknowledged-breaks.yaml`,
    );
  }

  out.push('App typecheck against the candidate types');
  if (result.typecheck === undefined) {
    out.push(`  - skipped: ${result.typecheckSkipped ?? ''}`);
  } else if (result.typecheck.errors.length === 0) {
    out.push(`  ✔ ${result.typecheck.checkedFiles} files compile`);
  } else {
    const files = result.typecheck.areas.reduce((sum, area) => sum + area.files.length, 0);
    out.push(
      `  ✖ ${plural(result.typecheck.errors.length, 'type error')} in ${plural(files, 'file')}, by feature area:`,
    );
    for (const area of result.typecheck.areas) {
      out.push(`    ${area.area}`);
      for (const file of area.files) {
        for (const error of file.errors) {
          out.push(`      ${file.file}:${error.line}  ${firstLine(error.message)}`);
        }
      }
    }
  }
  if (result.typecheck !== undefined && result.typecheck.preexisting > 0) {
    out.push(
      `  (${plural(result.typecheck.preexisting, 'error')} that the base types cause too are left out.)`,
    );
  }

  out.push('');
  out.push(
    result.failures.length === 0
      ? 'Result: passed'
      : `Result: FAILED: ${result.failures.join('; ')}`,
  );
  return out.join('\n');
}
