// The process's stdout and stderr over a pipe, socket or file (src/cli/terminal.ts): written with the
// descriptor's own writes, whole even when the descriptor takes a few bytes at a time; through Node's stream,
// in order, from the first write the descriptor cannot take at once; dropped once the reader has left.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { descriptorOutput } from '../src/cli/terminal.js';

const errno = (code: string) => Object.assign(new Error(code), { code });

/**
 * A descriptor that plays `script`, one step per write call: a number is how many bytes it takes at most, a
 * string the error code it throws; past the script it takes everything. And a stream that keeps its chunks.
 */
function fakeDescriptor(script: Array<number | string>) {
  const written: Buffer[] = [];
  const streamed: Buffer[] = [];
  let streams = 0;
  let calls = 0;
  const output = descriptorOutput({
    writeSync(bytes, offset) {
      const step = script[calls++];
      if (typeof step === 'string') throw errno(step);
      const taken = bytes.subarray(offset, step === undefined ? undefined : offset + step);
      written.push(Buffer.from(taken));
      return taken.length;
    },
    stream() {
      streams++;
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          streamed.push(Buffer.from(chunk));
          done();
        },
      });
    },
  });
  return {
    output,
    written: () => Buffer.concat(written).toString(),
    streamed: () => Buffer.concat(streamed).toString(),
    bytes: () => Buffer.concat([...written, ...streamed]),
    streams: () => streams,
  };
}

describe('an output written to its descriptor', () => {
  it('writes every byte itself, however few the descriptor takes at a time, and makes no stream', () => {
    const d = fakeDescriptor([3, 1, 2, 5]);
    d.output.write('first line\n');
    d.output.write('second\n');
    expect(d.written()).toBe('first line\nsecond\n');
    expect(d.streams()).toBe(0);
    expect(d.output.isTTY).toBe(false);
  });

  it('sends the rest of a write the descriptor cannot take at once, and every later write, through the stream', () => {
    const d = fakeDescriptor([5, 'EAGAIN']);
    d.output.write('hello, world\n');
    d.output.write('later\n');
    d.output.write('and later\n');
    expect(d.written()).toBe('hello');
    expect(d.streamed()).toBe(', world\nlater\nand later\n');
    expect(d.streams()).toBe(1);
  });

  it('splits a character between the two without changing a byte', () => {
    const text = 'né — ✔ 🙂\n';
    const d = fakeDescriptor([2, 'EAGAIN']);
    d.output.write(text);
    expect(d.bytes()).toEqual(Buffer.from(text));
  });

  it('drops what comes once the reader has left, without an error and without a stream', () => {
    const d = fakeDescriptor([4, 'EPIPE']);
    d.output.write('partial line\n');
    expect(() => d.output.write('more\n')).not.toThrow();
    expect(d.written()).toBe('part');
    expect(d.streams()).toBe(0);
  });

  it('throws any other failure of the descriptor', () => {
    const d = fakeDescriptor(['EIO']);
    expect(() => d.output.write('x')).toThrow('EIO');
  });
});
