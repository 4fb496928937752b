// The editor's Playground client, as it calls wfe: create a session, send, then poll
// with ?since=<last timestamp> until sessionStatus says the run stopped.
import type { Harness } from './harness.js';

export interface Message {
  id: string;
  role: string;
  content: string;
  timestamp: string;
  sequenceNumber: number;
  status: string;
  metadata: Record<string, any>;
  executionId: string | null;
  nodeId: string | null;
}

const STOP = ['idle', 'completed', 'failed', 'awaiting_input'];

export async function pollUntilStopped(
  h: Harness,
  sessionId: string,
  seen: Message[] = [],
  timeoutMs = 10_000,
): Promise<{ messages: Message[]; status: string; polls: number }> {
  const deadline = Date.now() + timeoutMs;
  let polls = 0;
  for (;;) {
    const since = seen.length > 0 ? `?since=${encodeURIComponent(seen[seen.length - 1].timestamp)}` : '';
    const res = await h.call('GET', `/playground/sessions/${sessionId}/messages${since}`);
    polls++;
    if (res.status !== 200) throw new Error(`poll failed: ${res.status} ${res.text}`);
    for (const m of res.body.data as Message[]) if (!seen.some((s) => s.id === m.id)) seen.push(m);
    seen.sort((a, b) => a.sequenceNumber - b.sequenceNumber);
    if (STOP.includes(res.body.sessionStatus)) return { messages: seen, status: res.body.sessionStatus, polls };
    if (Date.now() > deadline) throw new Error(`session still ${res.body.sessionStatus} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function converse(h: Harness, workflowId: string, content: string, inputs: Record<string, unknown> = {}) {
  const created = await h.call('POST', `/workflows/${workflowId}/playground/sessions`, { name: 'Session 1' });
  if (created.status !== 201) throw new Error(`create session: ${created.status} ${created.text}`);
  const sessionId: string = created.body.data.id;
  const sent = await h.call('POST', `/playground/sessions/${sessionId}/messages`, { content, inputs });
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${sent.text}`);
  const result = await pollUntilStopped(h, sessionId);
  return { sessionId, sent, ...result };
}
