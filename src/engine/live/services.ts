// The network a live run may use, as the nodes see it (node-runtime.ts LiveServices): model calls to the
// endpoint each node's config names, and HTTP to the allowed hosts. Built per run from `runs:` of
// wfe.config.yaml and the environment the server was started in.
import type { Clock } from '../../util/clock.js';
import type { LiveServices } from '../node-runtime.js';
import { endpointFor } from './endpoints.js';
import { httpCall, isAllowedUrl } from './http-allow.js';
import { chatCompletion } from './model-client.js';
import type { RunsSettings } from './settings.js';

export function liveServices(settings: RunsSettings, env: Readonly<Record<string, string | undefined>>, clock: Clock): LiveServices {
  return {
    chat: (request, progress, signal) =>
      chatCompletion(endpointFor(request.config, settings.keys, env), request, {
        timeoutMs: settings.timeoutMs,
        retries: settings.retries,
        stream: settings.stream,
        signal,
        clock,
        progress,
      }),
    http: async (call, signal) =>
      isAllowedUrl(call.url, settings.allowHosts) ? httpCall(call, { timeoutMs: settings.timeoutMs, signal }) : undefined,
  };
}
