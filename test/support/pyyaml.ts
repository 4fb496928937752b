// Whether this machine's python3 has PyYAML, for the tests that compare wfe's YAML reading with it.
import { spawnSync } from 'node:child_process';

const python = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' });

/** Why PyYAML cannot be asked here; undefined when it can. */
export const pyyamlMissing: string | undefined = python.error
  ? `python3 cannot run (${python.error.message})`
  : python.status !== 0
    ? `python3 has no PyYAML: ${python.stderr.trim().split('\n').pop()}`
    : undefined;
