// What each command's definition is given for one run of the program: the terminal it may touch, and where
// its action's exit code goes (commander's parseAsync hands back no result of an action).
import type { Command } from './commander.js';
import type { Terminal } from './terminal.js';

export interface CommandRun {
  readonly terminal: Terminal;
  /** The run ends with this code: run() resolves with it. */
  exitWith(code: number): void;
}

export type Registrar = (program: Command, run: CommandRun) => void;
