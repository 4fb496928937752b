// What answer each interrupt accepts (OpenAPI InterruptResolveRequest.value by type), as a JSON Schema
// checked with ajv, so a bad answer gets a 400 that names what was expected.
import { compileConfigSchema } from '../contract/config-check.js';
import { describeAjvErrors } from '../contract/validators.js';
import { isRecord } from '../util/narrow.js';
import type { InterruptRecord } from './types.js';

function schemaFor(interrupt: InterruptRecord): Record<string, unknown> {
  const c = interrupt.config;
  switch (interrupt.type) {
    case 'confirmation':
      return { type: 'boolean' };
    case 'choice': {
      // The options interruptFromConfig wrote: a list of {value, label}.
      const options: unknown[] = Array.isArray(c.options) ? c.options : [];
      const values = options.map((o) => (isRecord(o) ? o.value : undefined));
      if (!c.multiple) return { type: 'string', enum: values };
      return {
        type: 'array',
        items: { type: 'string', enum: values },
        uniqueItems: true,
        ...(c.min_selections !== undefined ? { minItems: c.min_selections } : {}),
        ...(c.max_selections !== undefined ? { maxItems: c.max_selections } : {}),
      };
    }
    case 'text':
      return {
        type: 'string',
        ...(c.min_length !== undefined ? { minLength: c.min_length } : {}),
        ...(c.max_length !== undefined ? { maxLength: c.max_length } : {}),
      };
    case 'form':
      return { ...(isRecord(c.schema) ? c.schema : {}), type: 'object' };
    case 'review':
      return {
        type: 'object',
        required: ['decisions', 'summary'],
        properties: {
          decisions: {
            type: 'object',
            additionalProperties: { type: 'object', required: ['accepted', 'value'], properties: { accepted: { type: 'boolean' } } },
          },
          summary: {
            type: 'object',
            required: ['accepted', 'rejected', 'total'],
            properties: { accepted: { type: 'integer' }, rejected: { type: 'integer' }, total: { type: 'integer' } },
          },
        },
      };
  }
}

/** Problems with an answer, as "field message" sentences; empty when it is acceptable. */
export function interruptValueProblems(interrupt: InterruptRecord, value: unknown): string[] {
  const validate = compileConfigSchema(schemaFor(interrupt));
  if (!validate || validate(value)) return [];
  return describeAjvErrors(validate.errors).map((p) => `${p.pointer === '' ? 'value' : `value.${p.field}`} ${p.message}`);
}
