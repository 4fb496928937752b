// Linux's renameat2(RENAME_EXCHANGE): two names swap their files in one step. A save puts its new file in
// the target's place and gets, at its temp name, whatever stood there at that instant: there is no moment
// between a last look and a rename in which a hand edit could land unseen. Node has no binding for it, so
// libc's is called through koffi (an FFI whose binaries ship in its npm packages); where either is missing
// (another system, another libc), a save falls back to the look and rename of guarded-rename.ts.
import { createRequire } from 'node:module';
import { constants } from 'node:os';

const AT_FDCWD = -100;
const RENAME_EXCHANGE = 2;

export type ExchangeFiles = (a: string, b: string) => void;

interface Koffi {
  load(path: string): { func(signature: string): (...args: Array<number | string>) => number };
  errno(): number;
}

const errnoNames = new Map(Object.entries(constants.errno).map(([name, value]) => [value, name]));

function errnoError(errno: number, a: string, b: string): NodeJS.ErrnoException {
  const code = errnoNames.get(errno) ?? `E${errno}`;
  return Object.assign(new Error(`${code}: renameat2 exchange ${a} ${b}`), { code, errno: -errno, syscall: 'renameat2' });
}

let loaded: ExchangeFiles | null | undefined;

/** The exchange, loaded on first use; undefined where this system cannot make it. */
export function exchangeFiles(): ExchangeFiles | undefined {
  loaded ??= load();
  return loaded ?? undefined;
}

function load(): ExchangeFiles | null {
  if (process.platform !== 'linux') return null;
  try {
    const koffi: Koffi = createRequire(import.meta.url)('koffi');
    const renameat2 = koffi.load('libc.so.6').func('int renameat2(int, const char *, int, const char *, unsigned int)');
    return (a, b) => {
      if (renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) !== 0) throw errnoError(koffi.errno(), a, b);
    };
  } catch {
    return null;
  }
}
