// The one sentence the CLI prints for an error (src/cli/error-text.ts).
import { describe, expect, it } from 'vitest';
import { errorText } from '../src/cli/error-text.js';

const systemError = (fields: { code: string; syscall: string; path?: string; dest?: string }) =>
  Object.assign(new Error(`${fields.code}: raw text`), fields);

describe('errorText', () => {
  it('names the file relative to the working directory, with the cause in words', () => {
    expect(errorText(systemError({ code: 'EACCES', syscall: 'open', path: '/work/flows/a.json' }), { cwd: '/work' })).toBe(
      'cannot open flows/a.json: permission denied; check the owner and mode of the file and its folder',
    );
  });

  it('names the target of a failed rename, not the temp file an atomic write renames from', () => {
    const err = systemError({ code: 'EISDIR', syscall: 'rename', path: '/work/d/.a.json.wfe-1-1.tmp', dest: '/work/d/a.json' });
    expect(errorText(err, { cwd: '/work' })).toBe('cannot write d/a.json: it is a folder, not a file');
  });

  it('says that a file is in the way of a folder to create', () => {
    expect(errorText(systemError({ code: 'EEXIST', syscall: 'mkdir', path: '/work/d/nodes' }), { cwd: '/work' })).toBe(
      'cannot create the folder d/nodes: a file of that name is in the way',
    );
  });
});
