import type { Express, RequestHandler } from 'express';
import { ADMIN_ROUTE, ROLE, type AdminRouteRule, type Role } from '../../server/http/auth';

/** A route of the app as its router holds it, with the roles its guards declare (server/http/auth.ts). */
export interface RouteEntry {
  method: string;
  /** The full path, mount points included ('/api/admin/contractors/:id/approval'). */
  path: string;
  roles: Role[];
  /** What an admin guard declares of the route (the item it names, platform only), when it has one. */
  admin?: AdminRouteRule;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; stack: { method?: string; handle: RequestHandler }[] };
  handle: RequestHandler & { stack?: Layer[] };
}

const roleOf = (handle: unknown): Role | undefined => (handle as { [ROLE]?: Role } | null)?.[ROLE];
const adminRuleOf = (handle: unknown): AdminRouteRule | undefined =>
  (handle as { [ADMIN_ROUTE]?: AdminRouteRule } | null)?.[ADMIN_ROUTE];

/** Joins a mount point and a path as Express matches them ('/' mounts add nothing). */
const join = (base: string, path: string) => (path === '/' ? base || '/' : `${base}${path}`);

/**
 * Every route the app's router stack holds, found by walking it (nested routers included), with
 * the guards in effect: those on the route itself and those a router `use`s before it. Derived
 * from the running app, so a new route is in it without anyone listing it.
 */
export function routeTable(app: Express): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const walk = (stack: Layer[], base: string, inherited: Role[]) => {
    const roles = [...inherited];
    for (const layer of stack) {
      const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '/';
      if (layer.route) {
        const path = join(base, String(layer.route.path));
        const own = layer.route.stack.map((l) => roleOf(l.handle)).filter((r): r is Role => r !== undefined);
        const methods = [
          ...new Set(layer.route.stack.map((l) => l.method?.toUpperCase()).filter((m): m is string => Boolean(m))),
        ];
        const admin = layer.route.stack.map((l) => adminRuleOf(l.handle)).find((r) => r !== undefined);
        for (const method of methods)
          routes.push({ method, path, roles: [...roles, ...own], ...(admin ? { admin } : {}) });
      } else if (Array.isArray(layer.handle.stack)) {
        walk(layer.handle.stack, join(base, mount === '/' ? '' : mount), roles);
      } else {
        const role = roleOf(layer.handle);
        if (role) roles.push(role);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', []);
  return routes;
}
