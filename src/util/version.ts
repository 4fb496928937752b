import { readFileSync } from 'node:fs';
import { isRecord } from './narrow.js';

/** The version in package.json (read once; dist/ and src/ both sit two levels below it). */
export const packageVersion: string = versionOf(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')));

function versionOf(manifest: unknown): string {
  if (isRecord(manifest) && typeof manifest.version === 'string') return manifest.version;
  throw new Error('package.json has no "version"');
}
