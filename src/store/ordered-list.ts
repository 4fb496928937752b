// The served workflows in one sort order, kept sorted as they change: a save moves one entry (two binary
// searches and a splice), so listing never sorts the whole folder.
import type { Workflow } from '../contract/types.js';

export type ListOrder = 'updatedAt' | 'createdAt' | 'name';

interface Ranked {
  id: string;
  key: string;
}

const KEY_OF: Record<ListOrder, (workflow: Workflow) => string> = {
  updatedAt: (w) => w.metadata.updatedAt ?? '',
  createdAt: (w) => w.metadata.createdAt ?? '',
  name: (w) => w.name.toLowerCase(),
};

/** By key, then by id: a total order, so descending is exactly ascending reversed. */
const compare = (a: Ranked, b: Ranked): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class OrderedList {
  private readonly items: Ranked[] = [];
  private readonly byId = new Map<string, Ranked>();
  private readonly keyOf: (workflow: Workflow) => string;

  constructor(order: ListOrder, initial: Iterable<Workflow>) {
    this.keyOf = KEY_OF[order];
    for (const workflow of initial) {
      const item = { id: workflow.id, key: this.keyOf(workflow) };
      this.items.push(item);
      this.byId.set(item.id, item);
    }
    this.items.sort(compare);
  }

  get size(): number {
    return this.items.length;
  }

  /** Puts the workflow `id` at its place, or takes it out when `workflow` is undefined. */
  set(id: string, workflow: Workflow | undefined): void {
    const old = this.byId.get(id);
    const key = workflow ? this.keyOf(workflow) : undefined;
    if (old && old.key === key) return;
    if (old) {
      this.items.splice(this.lowerBound(old), 1);
      this.byId.delete(id);
    }
    if (key === undefined) return;
    const item = { id, key };
    this.items.splice(this.lowerBound(item), 0, item);
    this.byId.set(id, item);
  }

  /** The id at position `index` of the ascending (or descending) order. */
  idAt(index: number, descending: boolean): string {
    return this.items[descending ? this.items.length - 1 - index : index].id;
  }

  private lowerBound(target: Ranked): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(this.items[mid], target) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
