// How the serve dashboard shares the terminal's height among its parts. Pure, so it is tested without a terminal.

/** What a section takes besides its items: the blank line above it and its title. */
const SECTION_LINES = 2;

export interface DashboardLayout {
  /** The header's second line (the folder, the counts). */
  details: boolean;
  /** The key line at the bottom, with the blank line above it. */
  keys: boolean;
  /** How many items each section shows, in the order given; 0: the section is left out. */
  shown: number[];
}

/**
 * The dashboard in `height` lines at most (one at the least: the header's first line). The header comes first,
 * then the key line, then the sections, in priority order: `wanted` says how many items each has to show (0:
 * none, the section is not drawn). Each section that has room for its title and one item gets them, in order;
 * then the lines left go to the sections in the same order. A section without that room is left out.
 */
export function layoutDashboard(height: number, wanted: readonly number[]): DashboardLayout {
  let left = Math.max(1, height) - 1;
  const details = left >= 1;
  if (details) left -= 1;
  const keys = left >= 2;
  if (keys) left -= 2;
  const shown = wanted.map((count) => {
    if (count === 0 || left < SECTION_LINES + 1) return 0;
    left -= SECTION_LINES + 1;
    return 1;
  });
  return {
    details,
    keys,
    shown: shown.map((first, i) => {
      const more = first === 0 ? 0 : Math.min(wanted[i] - 1, left);
      left -= more;
      return first + more;
    }),
  };
}
