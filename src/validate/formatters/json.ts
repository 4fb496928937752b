// The whole report as one JSON document, for scripts.
import type { Formatter } from './options.js';

export const json: Formatter = (report, { version, timings }) =>
  JSON.stringify(
    {
      tool: { name: 'wfe', version },
      summary: {
        files: report.files.length,
        errors: report.errorCount,
        warnings: report.warningCount,
        ...(timings ? { durationMs: report.durationMs } : {}),
      },
      files: report.files.map((f) => ({
        file: f.file,
        errors: f.problems.filter((p) => p.severity === 'error').length,
        warnings: f.problems.filter((p) => p.severity === 'warning').length,
        ...(timings ? { durationMs: f.durationMs } : {}),
        problems: f.problems,
      })),
    },
    null,
    2,
  ) + '\n';
