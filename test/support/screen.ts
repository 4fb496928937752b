// What a terminal shows after the bytes a program wrote: enough of one for ink's frames (line erase, cursor
// up, carriage return, line feed); other escape sequences are dropped.
export function screenOf(written: string): string[] {
  const lines: string[] = [''];
  let row = 0;
  let column = 0;
  const put = (text: string) => {
    const line = lines[row].padEnd(column);
    lines[row] = line.slice(0, column) + text + line.slice(column + text.length);
    column += text.length;
  };
  for (let i = 0; i < written.length; i++) {
    const c = written[i];
    if (c === '\x1b') {
      const csi = /^\x1b\[([0-9;?]*)([A-Za-z])/.exec(written.slice(i, i + 16));
      const osc = /^\x1b\][^\x07]*\x07/.exec(written.slice(i));
      const sequence = csi ?? osc;
      if (!sequence) continue;
      if (csi) {
        const count = Number(csi[1] || 1);
        if (csi[2] === 'K') lines[row] = csi[1] === '2' ? '' : lines[row].slice(0, column);
        else if (csi[2] === 'A') row = Math.max(0, row - count);
        else if (csi[2] === 'G') column = count - 1;
      }
      i += sequence[0].length - 1;
    } else if (c === '\n') {
      row++;
      column = 0;
      if (row === lines.length) lines.push('');
    } else if (c === '\r') column = 0;
    else put(c);
  }
  return lines.map((line) => line.trimEnd());
}
