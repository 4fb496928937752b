import { readFileSync } from 'node:fs';

/** The version in package.json (read once; dist/ and src/ both sit two levels below it). */
export const packageVersion: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
