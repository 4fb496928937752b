// The Code Climate formatter, in process: what GitLab matches issues by across pipelines.
import { describe, expect, it } from 'vitest';
import { codeclimate } from '../src/validate/formatters/codeclimate.js';
import type { Problem, Report } from '../src/validate/types.js';

const options = { color: false, version: '0.0.0', timings: false, cwd: '/repo' };
const problem = (message: string): Problem => ({
  ruleId: 'required-port',
  severity: 'error',
  message,
  file: 'flows/etl.json',
  pointer: '/nodes/103',
  line: 9,
  column: 5,
});
const report = (problems: Problem[]): Report => ({
  files: [{ file: 'flows/etl.json', durationMs: 0, problems }],
  errorCount: problems.length,
  warningCount: 0,
  rules: [],
  durationMs: 0,
});
const fingerprints = (problems: Problem[]) =>
  Object.fromEntries(
    (JSON.parse(codeclimate(report(problems), options)) as Array<{ description: string; fingerprint: string }>).map((i) => [
      i.description,
      i.fingerprint,
    ]),
  );

describe('codeclimate fingerprints', () => {
  it('stay with their issue when another at the same node is fixed', () => {
    const left = problem("Node 'Join' needs its input 'left' connected");
    const right = problem("Node 'Join' needs its input 'right' connected");
    const both = fingerprints([left, right]);
    expect(both[left.message]).not.toBe(both[right.message]);
    expect(fingerprints([right])[right.message]).toBe(both[right.message]);
  });

  it('tell apart the same message twice at one pointer', () => {
    const twice = JSON.parse(codeclimate(report([problem('same'), problem('same')]), options)) as Array<{ fingerprint: string }>;
    expect(new Set(twice.map((i) => i.fingerprint)).size).toBe(2);
  });
});

describe('codeclimate paths', () => {
  it('are from the repository root: a run in a subfolder reports the paths and fingerprints of a run at the root', () => {
    const atRoot = codeclimate(report([problem('x')]), options);
    const named = { ...problem('x'), file: 'etl.json' };
    const inFlows: Report = { ...report([named]), files: [{ file: 'etl.json', durationMs: 0, problems: [named] }] };
    const repository = { root: '/repo', names: new Map([['etl.json', 'flows/etl.json']]) };
    expect(codeclimate(inFlows, { ...options, cwd: '/repo/flows', repository })).toBe(atRoot);
    expect((JSON.parse(atRoot) as Array<{ location: { path: string } }>)[0].location.path).toBe('flows/etl.json');
  });
});
