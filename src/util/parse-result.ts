// What every reader of a text gives back: the value it found, or why there is none (and where, when it knows).

/** Why a text gave no value, and the line and column (from 1) a person can jump to, when they are known. */
export interface ParseFailure {
  message: string;
  line?: number;
  column?: number;
}

export type Parsed<T> = { ok: true; value: T };

/** `F` says more than a ParseFailure where a reader knows more (a file name, a pointer, each of several problems). */
export type ParseFailed<F = ParseFailure> = { ok: false; error: F };

export type ParseResult<T, F = ParseFailure> = Parsed<T> | ParseFailed<F>;
