// A terminal's stream for ink to draw on, in process: what is written is kept.
import { Writable } from 'node:stream';

export function terminalStream({ columns = 100, rows = 30 }: { columns?: number; rows?: number } = {}): {
  stream: NodeJS.WriteStream;
  written: () => string;
} {
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  Object.assign(stream, { isTTY: true, columns, rows });
  return { stream: stream as unknown as NodeJS.WriteStream, written: () => written };
}
