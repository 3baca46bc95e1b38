import type { PermissionCode } from '@canteen/contract';

/**
 * The live channel's destinations, declared by the modules that publish to them (DESIGN.md §5):
 * the broker resolves what a client names in SUBSCRIBE against these declarations and knows no
 * module by name. A pattern is a path with at most a few `{name}` parameters, e.g.
 * `/weixin/wx_msg` (the bell), `/weixin/wx_msg{wxUserId}` (one conversation),
 * `/store/orders{storeId}`; a parameter takes 1–64 of `A-Z a-z 0-9 _ -`.
 */
export interface DestinationDeclaration {
  pattern: string;
  /** The permission a subscriber needs, or any one of several (checked again whenever the connection's token is). */
  permission: PermissionCode | readonly PermissionCode[];
  /**
   * May this user subscribe with these parameters (see this follower's account, this store)?
   * Called on SUBSCRIBE after the permission check; false or a throw refuses the subscription.
   */
  allow?: (user: { id: string; username: string; permissions: Set<string> }, params: Record<string, string>) => boolean | Promise<boolean>;
  /** What subscribers receive, for the reader of the declaration. */
  summary?: string;
}

/** A SUBSCRIBE destination matched to its declaration. */
export interface ResolvedDestination {
  declaration: DestinationDeclaration;
  params: Record<string, string>;
}

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]{0,31})\}/g;
const PARAM_VALUE = '[A-Za-z0-9_-]{1,64}';

const compile = (pattern: string): RegExp => {
  if (!pattern.startsWith('/') || pattern.length > 200) throw new Error(`live destination ${pattern}: a pattern is a path of at most 200 characters`);
  let source = '';
  let at = 0;
  for (const match of pattern.matchAll(PARAM)) {
    source += escape(pattern.slice(at, match.index)) + `(?<${match[1]}>${PARAM_VALUE})`;
    at = match.index + match[0].length;
  }
  const rest = pattern.slice(at);
  if (/[{}]/.test(rest)) throw new Error(`live destination ${pattern}: a parameter is {name}`);
  return new RegExp(`^${source}${escape(rest)}$`);
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A concrete destination from a pattern: `fill('/weixin/wx_msg{wxUserId}', { wxUserId: '7' })` → `/weixin/wx_msg7`. */
export function fillDestination(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`live destination ${pattern}: missing parameter ${name}`);
    return String(value);
  });
}

/** The declared destinations; modules add theirs with `app.live.declare(...)`. */
export class DestinationRegistry {
  private readonly entries: Array<{ declaration: DestinationDeclaration; regex: RegExp }> = [];

  declare(...declarations: DestinationDeclaration[]): void {
    for (const declaration of declarations) {
      if (this.entries.some((e) => e.declaration.pattern === declaration.pattern)) throw new Error(`live destination ${declaration.pattern} is declared twice`);
      this.entries.push({ declaration, regex: compile(declaration.pattern) });
    }
  }

  /** The declaration a client's destination falls under, with its parameters; undefined when none. */
  resolve(destination: string): ResolvedDestination | undefined {
    for (const { declaration, regex } of this.entries) {
      const match = regex.exec(destination);
      if (match) return { declaration, params: { ...match.groups } };
    }
    return undefined;
  }

  list(): readonly DestinationDeclaration[] {
    return this.entries.map((e) => e.declaration);
  }
}

/** Does a user holding these permissions meet a declaration's `permission` (one code, or any of several)? */
export const holdsPermission = (held: Set<string>, permission: string | readonly string[]): boolean =>
  typeof permission === 'string' ? held.has(permission) : permission.some((code) => held.has(code));
