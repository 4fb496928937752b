// How many terminal columns a line takes, worked out apart from ink (which measures with string-width), for the
// characters the tests write: CJK characters, fullwidth forms and emoji take two, joiners and variation
// selectors none, the rest one. Style codes take none.
const WIDE: Array<[number, number]> = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f6ff],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];
const NONE: Array<[number, number]> = [
  [0x200b, 0x200d],
  [0xfe00, 0xfe0f],
];

const within = (ranges: Array<[number, number]>, point: number) => ranges.some(([from, to]) => point >= from && point <= to);

export const columnsOf = (text: string): number =>
  [...text.replace(/\x1b\[[0-9;]*m/g, '')].reduce((sum, c) => {
    const point = c.codePointAt(0) ?? 0;
    return sum + (within(NONE, point) ? 0 : within(WIDE, point) ? 2 : 1);
  }, 0);
