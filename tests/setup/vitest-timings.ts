// A vitest reporter beside the default one (vitest.config.ts): at the end of the run it prints the 10
// slowest test files with their durations and the total, and it writes every failure — the test's name,
// its errors with stacks, and what the test and its hooks printed — to .tmp/test-failures/vitest-*.log,
// printing each path, so a failure is kept whole even when the console is not (issue 26).
import { relative } from 'node:path';
import type { SerializedError } from 'vitest';
import type { Reporter, TestCase, TestModule, TestSpecification, Vitest } from 'vitest/node';
import { clearFailureLogs, seconds, slowestTable, writeFailureLog } from './test-report';

type Log = { type: 'stdout' | 'stderr'; content: string };

export default class TimingsReporter implements Reporter {
  private ctx!: Vitest;
  private started = performance.now();
  /** Console output by the id of the test, suite or file that printed it. */
  private logs = new Map<string, Log[]>();
  private failureFiles: string[] = [];

  onInit(ctx: Vitest) {
    this.ctx = ctx;
  }

  onTestRunStart(_specifications: ReadonlyArray<TestSpecification>) {
    this.started = performance.now();
    clearFailureLogs('vitest');
  }

  onUserConsoleLog(log: { content: string; type: 'stdout' | 'stderr'; taskId?: string }) {
    const id = log.taskId ?? '';
    this.logs.set(id, [...(this.logs.get(id) ?? []), { type: log.type, content: log.content }]);
  }

  /** What a task printed together with what its suites and file printed (beforeAll/afterAll hooks). */
  private printed(ids: string[]): { stdout: string[]; stderr: string[] } {
    const all = ids.flatMap((id) => this.logs.get(id) ?? []);
    return { stdout: all.filter((l) => l.type === 'stdout').map((l) => l.content), stderr: all.filter((l) => l.type === 'stderr').map((l) => l.content) };
  }

  private fileName(module: TestModule): string {
    return `${relative(this.ctx.config.root, module.moduleId)}${module.project.name ? ` [${module.project.name}]` : ''}`;
  }

  onTestCaseResult(test: TestCase) {
    const result = test.result();
    if (result.state !== 'failed') return;
    const ids = [test.id];
    for (let parent: TestCase['parent'] | undefined = test.parent; parent; parent = parent.type === 'module' ? undefined : parent.parent) ids.push(parent.id);
    this.failureFiles.push(
      writeFailureLog({
        runner: 'vitest',
        title: `${this.fileName(test.module)} > ${test.fullName}`,
        errors: (result.errors ?? []).map((e) => ({ message: e.message, stack: e.stack, diff: e.diff })),
        ...this.printed(ids.reverse()),
        extra: [`duration: ${seconds(test.diagnostic()?.duration ?? 0)}`],
      }),
    );
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    // A file that failed outside any test (import, beforeAll/afterAll): its own log.
    for (const module of modules) {
      const errors = module.errors();
      if (!errors.length) continue;
      this.failureFiles.push(
        writeFailureLog({ runner: 'vitest', title: `${this.fileName(module)} (outside its tests)`, errors: errors.map((e) => ({ message: e.message, stack: e.stack })), ...this.printed([module.id]) }),
      );
    }
    if (unhandledErrors.length) {
      this.failureFiles.push(writeFailureLog({ runner: 'vitest', title: 'unhandled errors', errors: unhandledErrors.map((e) => ({ message: e.message, stack: e.stack })), ...this.printed(['']) }));
    }

    const rows = modules.map((module) => {
      const d = module.diagnostic();
      return { name: this.fileName(module), ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration };
    });
    const tests = modules.flatMap((module) => [...module.children.allTests()]);
    const count = (state: string) => tests.filter((t) => t.result().state === state).length;
    const total = `Total: ${seconds(performance.now() - this.started)} for ${modules.length} files, ${tests.length} tests (${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped)`;
    const lines = ['', slowestTable('Slowest test files', rows, total)];
    if (this.failureFiles.length) lines.push(`Failures kept whole (error, stack, output) in:`, ...this.failureFiles.map((f) => `  ${relative(this.ctx.config.root, f)}`));
    this.ctx.logger.log(lines.join('\n'));
  }
}
