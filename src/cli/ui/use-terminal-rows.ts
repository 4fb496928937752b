// The height of the terminal an ink view draws on, followed as its window is resized.
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

/** Taken when the stream does not say (not a terminal): a classic terminal's height. */
const DEFAULT_ROWS = 24;

const rowsOf = (stream: NodeJS.WriteStream): number => (stream.rows > 0 ? stream.rows : DEFAULT_ROWS);

/** The rows of ink's stdout, or 24 when it has none; the component renders again when they change. */
export function useTerminalRows(): number {
  const { stdout } = useStdout();
  const [rows, setRows] = useState(() => rowsOf(stdout));
  useEffect(() => {
    const resized = () => setRows(rowsOf(stdout));
    stdout.on('resize', resized);
    return () => void stdout.off('resize', resized);
  }, [stdout]);
  return rows;
}
