// node:fs's callback functions as promises. Each call costs the event loop about a third less than the same
// call through fs.promises, whose FileHandle and request objects are heavier (the hot paths that make many
// small calls: a save, a batch export), and a process that uses only these never loads node:fs/promises
// (with the streams and readline it requires: about 2.5 ms of a `wfe validate` start on Node 20).
import * as fs from 'node:fs';
import { promisify } from 'node:util';

export const open = promisify(fs.open);
export const close = promisify(fs.close);
export const fstat = promisify(fs.fstat);
export const lstat = promisify(fs.lstat);
export const read = promisify(fs.read);
export const write = promisify(fs.write);
export const fsync = promisify(fs.fsync);
export const fchmod = promisify(fs.fchmod);
export const rename = promisify(fs.rename);
export const stat = promisify(fs.stat);
export const readFile = promisify(fs.readFile);
export const readdir = promisify(fs.readdir);
export const mkdir = promisify(fs.mkdir);
export const appendFile = promisify(fs.appendFile);
export const writeFile = promisify(fs.writeFile);
export const unlink = promisify(fs.unlink);
export const realpath = promisify(fs.realpath);
