// Which files a command's arguments name (src/cli/inputs.ts), on real files in a temp folder: a glob means the
// same workflows as the folder it starts from.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandInputs } from '../src/cli/inputs.js';
import { tempDir } from './support/harness.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
  for (const folder of ['flows/nodes', 'flows/team/nodes', 'nodes']) await mkdir(join(dir, folder), { recursive: true });
  for (const file of [
    'flows/a.json',
    'flows/nodes/type.json',
    'flows/team/b.json',
    'flows/team/nodes/c.json',
    'nodes/top.json',
    'top.json',
  ])
    await writeFile(join(dir, file), '{}');
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const names = async (args: string[]) => (await expandInputs(args, { extensions: ['.json'], cwd: dir })).map((i) => i.name);

describe('expandInputs', () => {
  it('skips nodes/ at the top of a folder argument, as wfe serve of that folder does, and not deeper', async () => {
    expect(await names(['flows'])).toEqual(['flows/a.json', 'flows/team/b.json', 'flows/team/nodes/c.json']);
  });

  it('gives a glob the same files as the folder it starts from', async () => {
    expect(await names(['flows/**/*.json'])).toEqual(await names(['flows']));
    expect(await names(['**/*.json'])).toEqual(await names(['.']));
  });

  it('takes nodes/ when the pattern itself starts there', async () => {
    expect(await names(['flows/nodes/*.json'])).toEqual(['flows/nodes/type.json']);
  });
});
