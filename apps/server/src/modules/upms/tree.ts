/** Builds a tree from flat rows with `id` and `parentId` ('-1' or a missing parent means top level), sorted by `sort` then id. */
export function buildTree<T extends { id: string; parentId: string; sort: number }>(rows: T[]): Array<T & { children: Array<T & { children: unknown[] }> }> {
  type Node = T & { children: Node[] };
  const nodes = new Map<string, Node>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const order = (a: Node, b: Node) => a.sort - b.sort || (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);
  const sortAll = (list: Node[]) => {
    list.sort(order);
    for (const n of list) sortAll(n.children);
  };
  sortAll(roots);
  return roots;
}

/** Every id below `id` in the tree (children, grandchildren, …). */
export function descendantsOf(rows: Array<{ id: string; parentId: string }>, id: string): Set<string> {
  const found = new Set<string>();
  const walk = (parent: string) => {
    for (const r of rows) {
      if (r.parentId === parent && !found.has(r.id)) {
        found.add(r.id);
        walk(r.id);
      }
    }
  };
  walk(id);
  return found;
}
