// Every ink view of the CLI (the batch commands' progress bar, serve's dashboard) is drawn through here, so that
// NO_COLOR holds for them as it does for the CLI's reports. ink styles its text with a chalk of its own, which
// reads FORCE_COLOR but not NO_COLOR and is out of reach (bundled inside the UI's bundles): its style codes are
// taken out of what it writes instead.
import { render, type Instance, type RenderOptions } from 'ink';
import type { ReactNode } from 'react';
import type { Terminal } from '../terminal.js';

/** The stream an ink view draws on, and the environment of the terminal it belongs to. */
export interface InkTarget {
  stream: NodeJS.WriteStream;
  env: Terminal['env'];
}

/** SGR sequences: colours and the other text styles (bold, dim). Cursor moves and line erases are other sequences. */
const STYLE = /\x1b\[[0-9;:]*m/g;

/** https://no-color.org: set and not empty. It wins over FORCE_COLOR, as in `wfe diff` and `wfe validate`. */
const refusesColour = (env: Terminal['env']): boolean => (env.NO_COLOR ?? '') !== '';

/**
 * `stream` as ink sees it, with no style code in what ink writes; everything else (its size, its resize
 * events, isTTY) is the stream's own, read when ink reads it.
 */
function withoutStyles(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  const write = (chunk: string | Uint8Array): boolean => stream.write(typeof chunk === 'string' ? chunk.replace(STYLE, '') : chunk);
  return new Proxy(stream, {
    get(target, key) {
      if (key === 'write') return write;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Draws `node` with ink on the target's stream, without colours where its environment asks for none. */
export function renderInk(node: ReactNode, { stream, env }: InkTarget, options: Omit<RenderOptions, 'stdout'>): Instance {
  return render(node, { ...options, stdout: refusesColour(env) ? withoutStyles(stream) : stream });
}
