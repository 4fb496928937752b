// Which endpoint a key of runs.keys is sent to (src/engine/live/endpoints.ts), in process.
import { describe, expect, it } from 'vitest';
import { endpointFor } from '../src/engine/live/endpoints.js';

const env = { KEY: 'secret' };
/** The key a model node at `baseUrl` is given when runs.keys names `name`. */
const keyFor = (name: string, baseUrl: string): string | undefined => endpointFor({ model: 'm', baseUrl }, { [name]: 'KEY' }, env).apiKey;

describe('runs.keys by host', () => {
  it('a bare host name: its https endpoint on the default port only, unless the host is this machine', () => {
    expect(keyFor('api.example.com', 'https://api.example.com/v1')).toBe('secret');
    expect(keyFor('api.example.com', 'http://api.example.com/v1')).toBeUndefined();
    expect(keyFor('api.example.com', 'https://api.example.com:8443/v1')).toBeUndefined();
    expect(keyFor('api.example.com', 'https://other.example.com/v1')).toBeUndefined();
    expect(keyFor('localhost', 'http://localhost:11434/v1')).toBe('secret');
    expect(keyFor('127.0.0.1', 'http://127.0.0.1:8000/v1')).toBe('secret');
  });

  it('host:port: that host and port, whatever the scheme', () => {
    expect(keyFor('gpu-box.lan:8000', 'http://gpu-box.lan:8000/v1')).toBe('secret');
    expect(keyFor('gpu-box.lan:8000', 'http://gpu-box.lan:9000/v1')).toBeUndefined();
    expect(keyFor('gpu-box.lan:8000', 'http://gpu-box.lan/v1')).toBeUndefined();
  });
});
