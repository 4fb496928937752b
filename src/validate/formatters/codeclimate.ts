// Code Climate issues, the JSON GitLab's Code Quality report reads (artifacts: reports: codequality).
import { createHash } from 'node:crypto';
import type { ProblemSeverity } from '../types.js';
import { allProblems, rootPath, type Formatter } from './options.js';

const SEVERITY: Record<ProblemSeverity, 'major' | 'minor'> = { error: 'major', warning: 'minor' };

export const codeclimate: Formatter = (report, options) => {
  const seen = new Map<string, number>();
  const issues = allProblems(report).map((p) => {
    // GitLab reads the path from the repository root.
    const path = rootPath(p.file, options);
    // GitLab matches issues across pipelines by fingerprint, so it must not move with line numbers: the JSON
    // pointer names the node or edge, the message tells apart two findings there (a counter would hand one's
    // fingerprint to the other once the first is fixed), and a counter only separates a message repeated.
    const key = [p.ruleId, path, p.pointer ?? '', p.message].join('\0');
    const repeat = seen.get(key) ?? 0;
    seen.set(key, repeat + 1);
    return {
      type: 'issue',
      check_name: p.ruleId,
      description: p.message,
      categories: ['Bug Risk'],
      severity: SEVERITY[p.severity],
      fingerprint: createHash('md5')
        .update(repeat === 0 ? key : `${key}\0${repeat}`)
        .digest('hex'),
      location: { path, lines: { begin: p.line ?? 1 } },
    };
  });
  return JSON.stringify(issues, null, 2) + '\n';
};
