/**
 * Which module of the route groups loaded on demand holds a route's data, in the browser
 * (preload.ts): the group of the longest prefix its path is under and, for a group split in
 * shards, the FNV-1a hash of its path, exactly as routeGroups.cjs splits them at build time.
 */

export interface ShardedGroup {
  prefix: string;
  shards: number;
  shard: number;
}

export function routeShard(routePath: string, shards: number): number {
  let hash = 2166136261;
  for (let index = 0; index < routePath.length; index += 1) {
    hash ^= routePath.charCodeAt(index);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash % shards;
}

/** Index of the module in `modules`, or undefined when the route is in no group. */
export function moduleOf(routePath: string, modules: readonly ShardedGroup[]): number | undefined {
  let best: ShardedGroup | undefined;
  for (const module of modules) {
    const inside = routePath === module.prefix || routePath.startsWith(`${module.prefix}/`);
    if (inside && (!best || module.prefix.length > best.prefix.length)) best = module;
  }
  if (!best) return undefined;
  const shard = best.shards > 1 ? routeShard(routePath, best.shards) : 0;
  const index = modules.findIndex((module) => module.prefix === best!.prefix && module.shard === shard);
  return index === -1 ? undefined : index;
}
