/** A node of the menu-and-button tree (`GET /upms/menu/all/tree`). */
export interface GrantNode {
  id: string;
  children?: GrantNode[];
}

/**
 * The keys to check in a linked (parent-child) tree: only the granted leaves, so a parent with
 * some of its children granted shows half-checked instead of checking all of them.
 */
export function checkedLeaves(tree: GrantNode[], granted: readonly string[]): string[] {
  const grantedSet = new Set(granted);
  const out: string[] = [];
  const walk = (nodes: GrantNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) walk(node.children);
      else if (grantedSet.has(node.id)) out.push(node.id);
    }
  };
  walk(tree);
  return out;
}

/** The ids to save: the checked nodes and their half-checked ancestors, once each. */
export const grantedIds = (checked: readonly string[], halfChecked: readonly string[]): string[] => [...new Set([...checked, ...halfChecked])];

/** Every id of the tree (for "check all" and "expand all"). */
export function allIds(tree: GrantNode[]): string[] {
  return tree.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);
}

/** The ancestors of the checked nodes that are not checked themselves (the half-checked parents). */
export function ancestorsOf(tree: GrantNode[], checked: readonly string[]): string[] {
  const wanted = new Set(checked);
  const out = new Set<string>();
  const walk = (nodes: GrantNode[], path: string[]) => {
    for (const n of nodes) {
      if (wanted.has(n.id)) path.forEach((p) => out.add(p));
      walk(n.children ?? [], [...path, n.id]);
    }
  };
  walk(tree, []);
  return [...out].filter((id) => !wanted.has(id));
}
