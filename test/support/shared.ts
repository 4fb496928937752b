// Where the shared reference folder is: ../shared beside the repo, or WFE_SHARED_DIR. Tests read the
// contract and the Agent Spec schemas from there; nothing of it is copied into the repo. Where it is
// missing, the tests that read it skip and say why (missingShared), and the others run.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const sharedDir = process.env.WFE_SHARED_DIR ?? join(repoRoot, '..', 'shared');
/** FlowDrop's OpenAPI document. */
export const openApiPath = join(sharedDir, 'contract', 'flowdrop-openapi-v1.yaml');
/** The specification, whose table of operations names two the document lacks. */
export const seedPath = join(sharedDir, 'contract', 'seed-rest-api.md');

/**
 * Why the tests that read `paths` (of the shared folder) cannot run here: the first path missing, also
 * said on stderr so that a skip is never silent; undefined when every one is there. Call it once at the top
 * of a test file and skip with it: `describe.skipIf(reason !== undefined)`.
 */
export function missingShared(...paths: string[]): string | undefined {
  const missing = paths.find((path) => !existsSync(path));
  if (missing === undefined) return undefined;
  const reason = `${missing} is missing, so the tests that read it are skipped (the shared reference folder: ${sharedDir}; WFE_SHARED_DIR sets another)`;
  console.warn(reason);
  return reason;
}
