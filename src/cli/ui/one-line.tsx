// Lines of an ink view that stay one terminal line: a line that wraps makes the view taller than ink counts it,
// and pushes its columns out of line. Widths are in terminal columns, as ink measures them (a CJK character or
// an emoji takes two).
import { Box, Text, type TextProps } from 'ink';
import type { ReactNode } from 'react';

/**
 * A line of cells, clipped at the terminal's edge: on a narrow terminal, what its fixed columns leave no room
 * for. ink cuts a text one column too long when a wide character meets the cut (the ellipsis goes after it):
 * the clip takes that column off too. ink clips with the innermost box that clips alone, so no cell does.
 */
export const Row = ({ children }: { children: ReactNode }) => <Box overflowX="hidden">{children}</Box>;

/** A line of text, cut at the terminal's width (an ellipsis at the end unless `wrap` says where). */
export const Line = (props: TextProps) => (
  <Row>
    <Text wrap="truncate-end" {...props} />
  </Row>
);

interface CellProps {
  /** The text's room; a blank column follows it. */
  width: number;
  align?: 'start' | 'end';
  color?: string;
  dimColor?: boolean;
  children: ReactNode;
}

/**
 * A column of a row, of a fixed width: padded when its text is narrower, cut when wider. Where ink's cut is a
 * column too long, that column is the blank one's: the next column still starts where it should.
 */
export function Cell({ width, align = 'start', color, dimColor, children }: CellProps) {
  return (
    <Box width={width} marginRight={1} flexShrink={0} justifyContent={align === 'end' ? 'flex-end' : 'flex-start'}>
      <Text color={color} dimColor={dimColor} wrap="truncate-end">
        {children}
      </Text>
    </Box>
  );
}
