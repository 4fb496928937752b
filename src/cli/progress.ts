// What a batch command reports progress to: a terminal bar (ui/progress.tsx) or nothing.
export interface Progress {
  tick(item: string): void;
  /** A line above the bar (a problem found on the way). */
  log(line: string): void;
  /** Replaces the bar by a summary table (label → value). */
  finish(summary: Array<[string, string | number]>): void;
}
