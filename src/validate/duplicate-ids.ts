// Workflow ids across the files of one run. `wfe serve` of a folder holding two files of one id keeps the
// first in path order and ignores the other. Stdin and a symbolic link are not files it loads, so they
// never win; a link to a file also checked is that file, not a second definition of its id.
import { lstat, realpath } from '../util/fs-calls.js';

export interface IdCarrier {
  /** As reported. */
  name: string;
  /** The file on disk (absolute); undefined for stdin. */
  path?: string;
}

export interface DuplicateId {
  /** Index of the file that repeats the id. */
  index: number;
  id: string;
  message: string;
}

interface Member {
  index: number;
  name: string;
  /** A file that `wfe serve` would load: on disk, not a symbolic link. */
  served: boolean;
  /** The file it is, links resolved; undefined for stdin or a path that cannot be resolved. */
  real?: string;
}

/** The files (by index) whose id an earlier file also defines, each with what to say about it. */
export async function duplicateIds(files: readonly IdCarrier[], ids: ReadonlyArray<string | undefined>): Promise<DuplicateId[]> {
  const groups = new Map<string, number[]>();
  ids.forEach((id, i) => {
    if (id === undefined) return;
    const group = groups.get(id);
    if (group) group.push(i);
    else groups.set(id, [i]);
  });
  const found: DuplicateId[] = [];
  for (const [id, indexes] of groups) {
    if (indexes.length < 2) continue;
    const all = await Promise.all(indexes.map((i) => memberOf(files[i], i)));
    all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // A link to a file that is checked too defines nothing of its own: it is that file.
    const members = all.filter((m, k) => m.served || m.real === undefined || !all.some((o, j) => o.real === m.real && (o.served || j < k)));
    const reference = members.find((m) => m.served) ?? members[0];
    for (const member of members) {
      if (member === reference) continue;
      const message = member.served
        ? `Workflow id '${id}' is also used by ${reference.name}, which wfe serve loads instead`
        : `Workflow id '${id}' is also used by ${reference.name}`;
      found.push({ index: member.index, id, message });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

async function memberOf(file: IdCarrier, index: number): Promise<Member> {
  if (file.path === undefined) return { index, name: file.name, served: false };
  const [link, real] = await Promise.all([
    lstat(file.path).then(
      (s) => s.isSymbolicLink(),
      () => false,
    ),
    realpath(file.path).catch(() => undefined),
  ]);
  return { index, name: file.name, served: !link, real };
}
