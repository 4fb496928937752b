// Where the shared reference folder is: ../shared beside the repo, or WFE_SHARED_DIR. Tests read the
// contract and the Agent Spec schemas from there; nothing of it is copied into the repo.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const sharedDir = process.env.WFE_SHARED_DIR ?? join(repoRoot, '..', 'shared');
