// A Playwright reporter beside `list` (playwright.config.ts): at the end it prints the 10 slowest
// end-to-end tests with their durations and the total, and it writes every failure — the test's name,
// its errors with stacks, what the test printed, its attachments (trace, screenshot) and the product
// server's last stderr lines — to .tmp/test-failures/e2e-*.log, printing each path (issue 26).
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { clearFailureLogs, seconds, slowestTable, writeFailureLog } from './test-report';

/** The product server's stderr lines kept for failure logs (the webServer pipes its stderr to reporters). */
const SERVER_LINES = 200;

const text = (chunk: string | Buffer) => (typeof chunk === 'string' ? chunk : chunk.toString('utf8'));

export default class PlaywrightTimings implements Reporter {
  private rootDir = process.cwd();
  private durations = new Map<TestCase, number>();
  private serverErr: string[] = [];
  private failureFiles: string[] = [];

  printsToStdio() {
    return false;
  }

  onBegin(config: FullConfig, _suite: Suite) {
    this.rootDir = config.rootDir;
    clearFailureLogs('e2e');
  }

  onStdErr(chunk: string | Buffer, test?: TestCase) {
    if (test) return;
    this.serverErr.push(text(chunk));
    if (this.serverErr.length > SERVER_LINES) this.serverErr.splice(0, this.serverErr.length - SERVER_LINES);
  }

  private name(test: TestCase): string {
    return `${path.relative(process.cwd(), test.location.file)}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    this.durations.set(test, (this.durations.get(test) ?? 0) + result.duration);
    if (result.status === test.expectedStatus || result.status === 'skipped') return;
    const project = test.parent.project()?.name;
    this.failureFiles.push(
      writeFailureLog({
        runner: 'e2e',
        title: `${this.name(test)}${project ? ` [${project}]` : ''}${result.retry ? ` (retry ${result.retry})` : ''}`,
        errors: result.errors.map((e) => ({ message: e.message ?? e.value, stack: e.stack, diff: e.snippet })),
        stdout: result.stdout.map(text),
        stderr: result.stderr.map(text),
        extra: [
          `status: ${result.status} (expected ${test.expectedStatus}), duration ${seconds(result.duration)}`,
          ...result.attachments.map((a) => `attachment ${a.name}: ${a.path ? path.relative(process.cwd(), a.path) : `${a.body?.length ?? 0} bytes inline`}`),
          `the product server's last ${this.serverErr.length} stderr chunks:`,
          ...this.serverErr.map((l) => l.trimEnd()),
        ],
      }),
    );
  }

  onEnd(result: FullResult) {
    const rows = [...this.durations].map(([test, ms]) => ({ name: this.name(test), ms }));
    const outcomes = [...this.durations.keys()].map((t) => t.outcome());
    const count = (o: string) => outcomes.filter((x) => x === o).length;
    const total = `Total: ${seconds(result.duration)} wall, ${seconds(rows.reduce((n, r) => n + r.ms, 0))} of test time, ${rows.length} tests (${count('expected')} passed, ${count('unexpected')} failed, ${count('flaky')} flaky, ${count('skipped')} skipped)`;
    const lines = ['', slowestTable('Slowest end-to-end tests', rows, total)];
    if (this.failureFiles.length) lines.push('Failures kept whole (error, stack, output, server log) in:', ...this.failureFiles.map((f) => `  ${path.relative(process.cwd(), f)}`));
    console.log(lines.join('\n'));
  }
}
