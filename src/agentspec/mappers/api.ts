// http_request → ApiNode: `url` and `http_method` from `endpoint` and `method`; a connected `url` or
// `body` input is the request's URL or body, written as its placeholder. Inputs are the placeholders of
// the templated fields.
import { settle, templateInputs } from '../conform.js';
import { str } from '../node-fields.js';
import { workflowValue } from '../types.js';
import type { NodeMapper } from './types.js';

export const apiMapper: NodeMapper = {
  derive: {
    url: (ctx, config, used) => {
      const endpoint = str(config.endpoint);
      if (endpoint) {
        used.push('endpoint');
        return endpoint;
      }
      return ctx.isConnected('url') ? '{{url}}' : '';
    },
    http_method: (_ctx, config, used) => {
      const method = str(config.method);
      if (method) {
        used.push('method');
        return method;
      }
      return 'GET';
    },
    data: (ctx, config, used) => {
      // The workflow was parsed from JSON: its config values are JSON values.
      if (config.body !== undefined) {
        used.push('body');
        return workflowValue(config.body);
      }
      const input = ['body', 'data'].find((name) => ctx.isConnected(name));
      return input ? `{{${input}}}` : undefined;
    },
  },
  io: (fields, given) => settle(given, templateInputs('ApiNode', fields, given), given.outputs),
};
