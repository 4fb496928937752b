// The JUnit XML formatter, in process: its exact text, and what an XML parser reads back from it.
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { junit } from '../src/validate/formatters/junit.js';
import { oneProblemReport } from './support/reports.js';

const options = { color: false, version: '0.0.0', timings: false, cwd: '/' };

const report = (file: string, message: string) =>
  oneProblemReport(file, { ruleId: 'schema', severity: 'error', message, line: 2, column: 3 });

/** The report of flows/a.json failing one schema check: the same named from the root or from flows/. */
const FLOWS_A_FAILING = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<testsuites name="wfe validate" tests="1" failures="1" errors="0">',
  '  <testsuite name="wfe validate" tests="1" failures="1" errors="0" skipped="0">',
  '    <testcase classname="wfe.validate" name="flows/a.json" file="flows/a.json">',
  '      <failure message="1 error: name is required" type="schema">2:3 error name is required [schema]</failure>',
  '    </testcase>',
  '  </testsuite>',
  '</testsuites>',
  '',
].join('\n');

describe('junit', () => {
  it('one testcase per file, failing with its first error as the message and every error in the body', () => {
    expect(junit(report('flows/a.json', 'name is required'), options)).toBe(FLOWS_A_FAILING);
  });

  it('writes U+FFFE and U+FFFF, which XML has no place for, as U+FFFD: the report stays well-formed', () => {
    const xml = junit(report('flows/a\uFFFEb.json', 'Component "x\uFFFFy" is invalid'), options);
    expect(xml).toContain('name="flows/a\uFFFDb.json"');
    expect(xml).toContain('Component &quot;x\uFFFDy&quot; is invalid');
    expect(xml).not.toMatch(/[\uFFFE\uFFFF]/);
  });

  it('keeps line breaks and tabs of names and messages: a parser reads back what was written', () => {
    const file = 'flows/new\nline\t<&>".json';
    const message = 'Node "a\r\nb" is not connected';
    const xml = junit(report(file, message), options);
    expect(xml).toContain('name="flows/new&#10;line&#9;&lt;&amp;&gt;&quot;.json"');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', trimValues: false, htmlEntities: true }).parse(xml);
    const testcase = parsed.testsuites.testsuite.testcase;
    expect(testcase.name).toBe(file);
    expect(testcase.failure.message).toBe(`1 error: ${message}`);
    expect(testcase.failure['#text']).toBe(`2:3 error ${message} [schema]`);
  });
});

describe('junit paths', () => {
  it('names each testcase and its file from the repository root, where GitLab reads the path from', () => {
    const repository = { root: '/repo', names: new Map([['a.json', 'flows/a.json']]) };
    expect(junit(report('a.json', 'name is required'), { ...options, cwd: '/repo/flows', repository })).toBe(FLOWS_A_FAILING);
  });
});
