import {describe, expect, it} from 'vitest';
import {MAPS_GLOBAL, chunksOnlyBehindGroups, moveChunkMapEntries, type GroupLike} from './groupChunkMaps';

function group(name: string, ids: string[], children: GroupLike[] = []): GroupLike {
  return {name, chunks: ids.map((id) => ({id})), childrenIterable: children};
}

describe('chunk maps of the route groups', () => {
  // main → page (1) ; main → routes-0 (10) → api page (11) → explorer (12); routes-1 (20) → 21, and 1 again.
  const explorer = group('', ['12']);
  const apiPage = group('', ['11'], [explorer]);
  const shared = group('', ['1']);
  const entry = group('main', ['0'], [shared, group('routes-0', ['10'], [apiPage]), group('routes-1', ['20'], [group('', ['21']), shared])]);

  it('finds the chunks only one route group leads to', () => {
    const behind = chunksOnlyBehindGroups(entry);
    expect([...behind.get('routes-0')!]).toEqual(['11', '12']);
    expect([...behind.get('routes-1')!]).toEqual(['21']);
  });

  it('moves their entries out of the runtime and into their group\'s file', () => {
    const runtime = '(()=>{"use strict";var __chunkMap0={1:"a",11:"b",12:"c",21:"d"},__chunkMap1={1:"h1",11:"h11",12:"h12",21:"h21"},__chunkMap2={a:1,b:11};var x=1})();';
    const moved = moveChunkMapEntries(runtime, chunksOnlyBehindGroups(entry), new Set(['0', '1', '10', '11', '12', '20', '21']))!;
    expect(moved.runtime).toContain('__chunkMap0={1:"a"}');
    expect(moved.runtime).toContain('__chunkMap1={1:"h1"}');
    expect(moved.runtime).toContain('__chunkMap2={a:1}');
    expect(moved.runtime).toContain(`self.${MAPS_GLOBAL}=[__chunkMap0,__chunkMap1,__chunkMap2];`);
    const maps = [{1: 'a'}, {1: 'h1'}, {a: 1}] as Array<Record<string, unknown>>;
    new Function('self', moved.additions.get('routes-0')!)({[MAPS_GLOBAL]: maps});
    expect(maps).toEqual([{1: 'a', 11: 'b', 12: 'c'}, {1: 'h1', 11: 'h11', 12: 'h12'}, {a: 1, b: 11}]);
  });

  it('leaves a runtime without hoisted maps alone', () => {
    expect(moveChunkMapEntries('(()=>{var x={}})();', chunksOnlyBehindGroups(entry), new Set())).toBeUndefined();
  });
});
