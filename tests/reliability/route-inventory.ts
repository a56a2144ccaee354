// Lists every route the Express app serves, read from the app's own router stack (nested routers
// included), as "METHOD /path". A route mounted anywhere shows up here without anyone listing it.
import { METHODS } from 'node:http';
import type { Express } from 'express';

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] }; rawPath?: unknown };

export type InventoryRoute = { method: string; path: string };

export function listRoutes(app: Express): InventoryRoute[] {
  const routes: InventoryRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const methods = Object.keys(layer.route.methods);
        // app.all() registers every HTTP method: one "ALL" entry, not 35.
        if (methods.includes('_all') || METHODS.every((m) => methods.includes(m.toLowerCase()))) {
          routes.push({ method: 'ALL', path: join(prefix, layer.route.path) });
          continue;
        }
        for (const method of methods) {
          if (method === 'head' && layer.route.methods.get) continue;
          routes.push({ method: method === '_all' ? 'ALL' : method.toUpperCase(), path: join(prefix, layer.route.path) });
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, mount ? join(prefix, mount) : prefix);
      }
    }
  };
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(router.stack, '');
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function join(prefix: string, path: string): string {
  const joined = `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return joined.length > 1 ? joined.replace(/\/+$/, '') : '/';
}
