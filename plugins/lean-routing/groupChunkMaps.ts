/**
 * The bundler's runtime names the file of every chunk the site can load: three maps (chunk id →
 * name, chunk id → content hash, name → id) with an entry per chunk, in the runtime~main.js
 * every page runs. The chunks of the route groups loaded on demand (routeGroups.cjs), such as
 * the pages of the API references, can only be reached through their group's module
 * (`routes-<n>`): their entries leave the runtime's maps and that module's file adds them
 * when it loads, before any of its chunks is requested.
 *
 * Runs after hoistLiteralMaps (the maps are `var __chunkMap0={…}` at the top of the runtime)
 * and before the final content hashes, which then update the hashes wherever they are.
 */
import {parse} from 'acorn';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** What the compilation says about a chunk group (rspack's ChunkGroup). */
export interface GroupLike {
  name?: string;
  chunks: ReadonlyArray<{id?: string | number | null; ids?: ReadonlyArray<string | number>}>;
  childrenIterable: Iterable<GroupLike>;
}

export const ROUTE_GROUP_CHUNK = /^routes-(\d+)$/;

const chunkIds = (group: GroupLike) => group.chunks.flatMap((chunk) => (chunk.ids && chunk.ids.length > 0 ? chunk.ids : chunk.id == null ? [] : [chunk.id])).map(String);

function reachable(start: GroupLike, skip: (group: GroupLike) => boolean): Set<string> {
  const ids = new Set<string>();
  const seen = new Set<GroupLike>([start]);
  const queue = [start];
  while (queue.length > 0) {
    const group = queue.shift()!;
    chunkIds(group).forEach((id) => ids.add(id));
    for (const child of group.childrenIterable) {
      if (seen.has(child) || skip(child)) continue;
      seen.add(child);
      queue.push(child);
    }
  }
  return ids;
}

/**
 * For each route group's chunk group (`routes-<n>`), the chunks only it leads to: not
 * reachable from the entry without passing through a route group, nor from another group.
 */
export function chunksOnlyBehindGroups(entry: GroupLike): Map<string, Set<string>> {
  const isRouteGroup = (group: GroupLike) => ROUTE_GROUP_CHUNK.test(group.name ?? '');
  const fromEntry = reachable(entry, isRouteGroup);
  const groups: GroupLike[] = [];
  const collect = (group: GroupLike, seen: Set<GroupLike>) => {
    for (const child of group.childrenIterable) {
      if (seen.has(child)) continue;
      seen.add(child);
      if (isRouteGroup(child)) groups.push(child);
      else collect(child, seen);
    }
  };
  collect(entry, new Set([entry]));
  const behind = new Map<string, Set<string>>();
  const owners = new Map<string, number>();
  for (const group of groups) {
    const own = new Set(chunkIds(group));
    const ids = new Set([...reachable(group, () => false)].filter((id) => !fromEntry.has(id) && !own.has(id)));
    behind.set(group.name!, ids);
    ids.forEach((id) => owners.set(id, (owners.get(id) ?? 0) + 1));
  }
  for (const ids of behind.values()) for (const id of [...ids]) if (owners.get(id)! > 1) ids.delete(id);
  return behind;
}

interface ChunkMap {
  name: string;
  node: Node;
  entries: Array<{key: string; value: string; text: string}>;
}

function literalText(node: Node): string {
  return node.type === 'Literal' ? String(node.value) : String(node.name);
}

/** The hoisted maps of the runtime: `var __chunkMap0={…},…`. */
function chunkMaps(source: string): ChunkMap[] {
  const program = parse(source, {ecmaVersion: 'latest', sourceType: 'script'}) as unknown as Node;
  const maps: ChunkMap[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'VariableDeclarator' && /^__chunkMap\d+$/.test(String((node.id as Node).name)) && (node.init as Node)?.type === 'ObjectExpression') {
      const properties = ((node.init as Node).properties as Node[]).map((property) => ({
        key: literalText(property.key as Node),
        value: literalText(property.value as Node),
        text: source.slice(property.start, property.end),
      }));
      maps.push({name: String((node.id as Node).name), node: node.init as Node, entries: properties});
      return;
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((child) => child && typeof child === 'object' && 'type' in child && visit(child as Node));
      else if (value && typeof value === 'object' && 'type' in value) visit(value as Node);
    }
  };
  visit(program);
  return maps;
}

/** The global through which a group's file reaches the runtime's maps. */
export const MAPS_GLOBAL = '__routeGroupChunkMaps';

/**
 * The runtime without the moved chunks' entries and with its maps on MAPS_GLOBAL, and the
 * statement that puts each group's entries back. A map is keyed by chunk id (id → name, id →
 * hash) or valued by it (name → id); `allIds` tells them apart. Returns undefined when the
 * runtime does not look as expected, which leaves it as it is.
 */
export function moveChunkMapEntries(runtime: string, behind: ReadonlyMap<string, ReadonlySet<string>>, allIds: ReadonlySet<string>): {runtime: string; additions: Map<string, string>} | undefined {
  const maps = chunkMaps(runtime);
  if (maps.length === 0) return undefined;
  const moved = new Map<string, string>();
  for (const [group, ids] of behind) ids.forEach((id) => moved.set(id, group));
  if (moved.size === 0) return undefined;
  const byId = (map: ChunkMap) => map.entries.length > 0 && map.entries.every((entry) => allIds.has(entry.key));
  const toId = (map: ChunkMap) => map.entries.length > 0 && map.entries.every((entry) => allIds.has(entry.value));
  const additions = new Map<string, string[][]>([...behind.keys()].map((group) => [group, maps.map(() => [])]));
  let output = runtime;
  // From the end, so earlier offsets stay right.
  for (const [index, map] of [...maps.entries()].sort((a, b) => b[1].node.start - a[1].node.start)) {
    const keyed = byId(map);
    if (!keyed && !toId(map)) continue;
    const kept: string[] = [];
    for (const entry of map.entries) {
      const group = moved.get(keyed ? entry.key : entry.value);
      if (group) additions.get(group)![index]!.push(entry.text);
      else kept.push(entry.text);
    }
    output = `${output.slice(0, map.node.start)}{${kept.join(',')}}${output.slice(map.node.end)}`;
  }
  // Exposed right after the maps are declared.
  const declaration = /var __chunkMap\d+=[^;]*;/.exec(output);
  if (!declaration) return undefined;
  const end = declaration.index + declaration[0].length;
  output = `${output.slice(0, end)}self.${MAPS_GLOBAL}=[${maps.map((map) => map.name).join(',')}];${output.slice(end)}`;
  const statements = new Map<string, string>();
  for (const [group, perMap] of additions) {
    statements.set(group, `(self.${MAPS_GLOBAL}||[]).forEach(function(m,i){Object.assign(m,[${perMap.map((entries) => `{${entries.join(',')}}`).join(',')}][i]);});`);
  }
  return {runtime: output, additions: statements};
}
