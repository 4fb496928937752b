// A flag's whole number as typed: digits only. Number() reads "" and " " as 0 (an unset CI variable would
// become --max-warnings 0, or --port 0, a random port), "0x10" as 16 and "1e3" as 1000.
export const wholeNumber = (value: string): number | undefined =>
  /^\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
