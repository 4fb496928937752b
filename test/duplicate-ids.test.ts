// Workflow ids across the files of one `wfe validate` run: which file `wfe serve` loads, and what stdin and
// symbolic links (never loaded by it) are told.
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { duplicateIds } from '../src/validate/duplicate-ids.js';
import { tempDir } from './support/harness.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
  await mkdir(join(dir, 'flows'));
  await mkdir(join(dir, 'other'));
  for (const name of ['flows/a.json', 'flows/c.json', 'other/z.json']) await writeFile(join(dir, name), '{}');
  await symlink('a.json', join(dir, 'flows/b.json'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const file = (name: string) => ({ name, path: join(dir, name) });
const stdin = { name: '<stdin>' };

describe('duplicateIds', () => {
  it('says nothing of distinct ids, nor of files without one', async () => {
    expect(await duplicateIds([file('flows/a.json'), file('flows/c.json'), stdin], ['one', 'two', undefined])).toEqual([]);
  });

  it('names, for each later file in path order, the first one, which wfe serve loads, whatever order the files came in', async () => {
    expect(await duplicateIds([file('other/z.json'), file('flows/c.json'), file('flows/a.json')], ['x', 'x', 'x'])).toEqual([
      { index: 0, id: 'x', message: "Workflow id 'x' is also used by flows/a.json, which wfe serve loads instead" },
      { index: 1, id: 'x', message: "Workflow id 'x' is also used by flows/a.json, which wfe serve loads instead" },
    ]);
  });

  it('takes a link to a file that is checked too for that file, not a second definition', async () => {
    expect(await duplicateIds([file('flows/a.json'), file('flows/b.json')], ['x', 'x'])).toEqual([]);
    expect(await duplicateIds([file('flows/b.json'), file('flows/a.json')], ['x', 'x'])).toEqual([]);
  });

  it('never says that wfe serve loads a link or stdin, which it does not load, even first in path order', async () => {
    expect(await duplicateIds([file('flows/b.json'), file('flows/c.json')], ['x', 'x'])).toEqual([
      { index: 0, id: 'x', message: "Workflow id 'x' is also used by flows/c.json" },
    ]);
    expect(await duplicateIds([stdin, file('flows/c.json')], ['x', 'x'])).toEqual([
      { index: 0, id: 'x', message: "Workflow id 'x' is also used by flows/c.json" },
    ]);
  });

  it('with only a link and stdin, tells the later of the two by name', async () => {
    expect(await duplicateIds([file('flows/b.json'), stdin], ['x', 'x'])).toEqual([
      { index: 0, id: 'x', message: "Workflow id 'x' is also used by <stdin>" },
    ]);
  });
});
