// `{{ name }}` in a templated field, as pyagentspec finds it: `{{\s*(\w+)\s*}}`, where Python's \w and \s
// are Unicode-aware (`{{ café }}` is an input named café). One pattern for the checks and the export.
export const PLACEHOLDER = /\{\{\s*([\p{L}\p{N}\p{M}_]+)\s*\}\}/gu;
