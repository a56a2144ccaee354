// deploy/prometheus and deploy/grafana (docs/decisions/1402): every metric an alert rule or a dashboard panel
// asks for is one the app exports (read from a live /metrics), every alert has a summary and a severity, and
// where Debian's promtool is installed the rules pass `promtool check rules` and their unit tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../fixtures/test-app';

const root = path.resolve(import.meta.dirname, '../../..');
const RULES = path.join(root, 'deploy/prometheus/farmspace-alerts.yml');
const RULE_TESTS = path.join(root, 'deploy/prometheus/farmspace-alerts.test.yml');
const DASHBOARD = path.join(root, 'deploy/grafana/farmspace-dashboard.json');
const TOKEN = 'deploy-monitoring-token-0123456789abcdef';

type Rule = { alert?: string; record?: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
const rules = (load(readFileSync(RULES, 'utf8')) as { groups: Array<{ name: string; rules: Rule[] }> }).groups.flatMap((g) => g.rules);
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { uid: string; panels: Array<{ title: string; targets: Array<{ expr: string }> }> };

/** Metrics Prometheus makes itself for every target. */
const PROMETHEUS_OWN = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);
/** PromQL's words that look like metric names: functions, aggregations, keywords, label names in by/without. */
const PROMQL_WORDS = new Set([
  'sum', 'min', 'max', 'avg', 'count', 'topk', 'bottomk', 'quantile', 'stddev', 'stdvar', 'group',
  'rate', 'irate', 'increase', 'delta', 'idelta', 'deriv', 'histogram_quantile', 'abs', 'absent', 'clamp_min', 'clamp_max',
  'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset',
  'time', 'vector', 'scalar', 'label_values', 'predict_linear', 'avg_over_time', 'max_over_time', 'min_over_time',
  'humanize', 'humanizePercentage', 'humanizeDuration', 'le', 'job', 'instance', 'route', 'status_class', 'method', 'cache', 'outcome', 'state',
]);

/** The metric names a PromQL expression reads: identifiers outside {…} and […], not PromQL's own words. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/"[^"]*"/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  const names = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(names.filter((n) => !PROMQL_WORDS.has(n) && !/^\d/.test(n) && !/^(e|m|s|h|d)$/.test(n)))];
}

/** Every metric name a scrape declares (# TYPE lines), a histogram's _bucket/_sum/_count included. */
function exportedNames(exposition: string): Set<string> {
  const names = new Set<string>();
  for (const match of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = match;
    names.add(name!);
    if (type === 'histogram' || type === 'summary') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

describe('deploy/: alert rules and the dashboard', () => {
  let t: TestApp;
  let exported: Set<string>;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
    // The backlog series exist once a job says what it waits for (the server's jobs do, decision 1400).
    t.context.metrics.watchBacklogs([{ job: 'email-outbox', backlog: async () => ({ depth: 0, lagSeconds: 0 }) }]);
    const res = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    exported = exportedNames(res.text);
  });
  afterAll(async () => t.close());

  it('reads PromQL metric names the way Prometheus does', () => {
    expect(metricNames('sum by (job) (increase(farmspace_job_runs_total{outcome="failed"}[15m])) > 3')).toEqual(['farmspace_job_runs_total']);
    expect(metricNames('farmspace_data_dir_free_bytes / farmspace_data_dir_size_bytes < 0.10')).toEqual(['farmspace_data_dir_free_bytes', 'farmspace_data_dir_size_bytes']);
    expect(metricNames('histogram_quantile(0.95, sum by (le, route) (rate(x_bucket{a="b"}[5m])))')).toEqual(['x_bucket']);
  });

  it('has the alerts the issue asks for, each with a severity and a summary', () => {
    const names = rules.map((r) => r.alert);
    for (const name of ['FarmSpaceHigh5xxRate', 'FarmSpaceJobLagging', 'FarmSpaceDatabaseDown', 'FarmSpaceDataDirNearlyFull']) expect(names).toContain(name);
    for (const rule of rules) {
      expect(rule.labels?.severity, rule.alert).toMatch(/^(page|ticket)$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
    expect(rules.find((r) => r.alert === 'FarmSpaceJobLagging')?.expr).toMatch(/farmspace_job_lag_seconds.*> 300/);
  });

  it('asks only for metrics the app exports, in every alert and every dashboard panel', () => {
    const asked = [
      ...rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr })),
      ...dashboard.panels.flatMap((p) => p.targets.map((target) => ({ where: `panel "${p.title}"`, expr: target.expr }))),
    ];
    expect(asked.length).toBeGreaterThan(20);
    const unknown = asked.flatMap(({ where, expr }) => metricNames(expr).filter((n) => !exported.has(n) && !PROMETHEUS_OWN.has(n)).map((n) => `${where}: ${n}`));
    expect(unknown, 'metrics named in deploy/ that /metrics does not export').toEqual([]);
    // Every expression names at least one metric (a typo that turns a name into a word would pass above).
    for (const { where, expr } of asked) expect(metricNames(expr).length, where).toBeGreaterThan(0);
  });

  it('passes promtool check rules and the rules’ unit tests where Debian’s prometheus package is installed, else the checks promtool would make first', () => {
    const promtool = spawnSync('promtool', ['--version'], { stdio: 'ignore' }).status === 0;
    if (promtool) {
      expect(execFileSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' })).toMatch(/SUCCESS: \d+ rules found/);
      expect(execFileSync('promtool', ['test', 'rules', RULE_TESTS], { encoding: 'utf8', cwd: path.dirname(RULE_TESTS) })).toMatch(/SUCCESS/);
      return;
    }
    // Without promtool: unique alert names, durations in Prometheus's form, unit tests naming real alerts.
    const names = rules.map((r) => r.alert);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of rules) if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^\d+[smhdwy]$/);
    const unitTests = load(readFileSync(RULE_TESTS, 'utf8')) as { tests: Array<{ alert_rule_test: Array<{ alertname: string }> }> };
    for (const test of unitTests.tests) for (const { alertname } of test.alert_rule_test) expect(names).toContain(alertname);
  });
});
