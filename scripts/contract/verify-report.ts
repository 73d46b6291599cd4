// Prints contract:verify's result: one row per operation, every violation, then the operations
// that were not exercised.
import type { OperationResult, VerifyResult, Violation } from './verify';

function resultText(operation: OperationResult): string {
  switch (operation.result) {
    case 'passed':
      return 'passed';
    case 'unexercised':
      return `not exercised${operation.allowed === true ? ' (allowed)' : ''}: ${operation.unexercised ?? ''}`;
    case 'unreachable': {
      const detail = operation.cases.find((item) => item.outcome.result === 'unreachable');
      return `unreachable${detail?.outcome.result === 'unreachable' ? `: ${detail.outcome.detail}` : ''}`;
    }
    case 'violation': {
      const paths = [
        ...new Set(
          operation.cases.flatMap((item) =>
            item.outcome.result === 'violation'
              ? item.outcome.violations.map((violation) => `${violation.side} ${violation.path}`)
              : [],
          ),
        ),
      ];
      const shown = paths.slice(0, 3).join(', ');
      return `violation: ${shown}${paths.length > 3 ? `, +${paths.length - 3}` : ''}`;
    }
  }
}

function table(rows: string[][]): string[] {
  const widths = rows.reduce<number[]>(
    (max, row) => row.map((cell, index) => Math.max(max[index] ?? 0, cell.length)),
    [],
  );
  return rows.map((row) =>
    row
      .map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

function violationLine(violation: Violation): string {
  const mark = violation.severity === 'error' ? '✖' : '!';
  return `${mark} ${violation.side} ${violation.path}: ${violation.message}`;
}

export function renderVerifyReport(result: VerifyResult): string {
  const out: string[] = [];
  out.push(`Contract verify: ${result.target} through Prism ${result.proxy} (proxy --errors)`);
  for (const [server, origin] of Object.entries(result.serverTargets)) {
    out.push(`Server ${server}: ${origin}, checked by verify (redirects not followed)`);
  }
  if (result.fileRequests > 0) {
    out.push(
      `Requests carrying a file (${result.fileRequests}): straight to ${result.target}, checked by verify (Prism would forward the bytes as text)`,
    );
  }
  out.push('');
  const rows = [['Operation', 'Requests', 'Status', 'Result']];
  for (const operation of result.operations) {
    rows.push([
      operation.operation,
      String(operation.cases.length),
      operation.statuses.length === 0 ? '-' : operation.statuses.join(','),
      resultText(operation),
    ]);
  }
  out.push(...table(rows));

  const failing = result.operations.filter((operation) => operation.result === 'violation');
  if (failing.length > 0) {
    out.push('', 'Violations');
    for (const operation of failing) {
      out.push(`  ${operation.operation}`);
      const seen = new Set<string>();
      for (const item of operation.cases) {
        if (item.outcome.result !== 'violation') continue;
        const status =
          item.outcome.status === undefined
            ? 'not forwarded'
            : `backend answered ${item.outcome.status}`;
        const lines = item.outcome.violations.map(violationLine).filter((line) => !seen.has(line));
        if (lines.length === 0) continue;
        for (const line of lines) seen.add(line);
        out.push(`    ${item.label}: ${item.target} (${status})`);
        for (const line of lines) out.push(`      ${line}`);
      }
    }
  }

  const unexercised = result.operations.filter((operation) => operation.result === 'unexercised');
  const disallowed = unexercised.filter((operation) => operation.allowed !== true);
  if (disallowed.length > 0) {
    out.push(
      '',
      'Not exercised: no request got a success reply the contract declares. Give the backend the',
      'sessions (--cookie, --admin-cookie) and data they need, name a target for the servers some',
      'operations have of their own (--server-target), or accept them with',
      `--allow-unexercised ${disallowed.map((operation) => operation.operationId ?? `'${operation.operation}'`).join(',')}`,
    );
  }

  const count = (name: OperationResult['result']): number =>
    result.operations.filter((operation) => operation.result === name).length;
  out.push('');
  out.push(
    `${result.operations.length} operation${result.operations.length === 1 ? '' : 's'}: ${count('passed')} passed, ${count('violation')} with violations, ` +
      `${count('unreachable')} unreachable, ${unexercised.length} not exercised (${unexercised.length - disallowed.length} allowed)`,
  );
  out.push(result.passed ? 'Result: passed' : 'Result: FAILED');
  return out.join('\n');
}
