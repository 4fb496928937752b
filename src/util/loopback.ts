// Which host names and addresses are this machine's own: the server's Origin and Host checks, and which model
// endpoints a key named by a bare host may go to on any port.
import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** "[::1]" → "::1", "LocalHost." → "localhost": how names and addresses are compared. */
export function bareHostname(name: string): string {
  let h = name.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/** True for localhost, *.localhost, 127.0.0.0/8 and ::1 (brackets, a trailing dot and IPv4-mapped forms included). */
export function isLoopback(host: string): boolean {
  let h = bareHostname(host);
  // The usual names first: BlockList.check builds address objects, a few µs on every request.
  if (h === 'localhost' || h === '127.0.0.1' || h === '::1' || h.endsWith('.localhost')) return true;
  if (h.startsWith('::ffff:') && isIP(h.slice(7)) === 4) h = h.slice(7);
  const family = isIP(h);
  return family !== 0 && loopback.check(h, family === 4 ? 'ipv4' : 'ipv6');
}
