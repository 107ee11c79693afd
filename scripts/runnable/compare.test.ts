import {describe, expect, it} from 'vitest';
import {compareShown, volatileKind} from './compare';

describe('compareShown', () => {
  it('accepts an answer with more fields, and wants every shown field with its type and value', () => {
    expect(compareShown({name: 'a', enabled: true}, {name: 'a', enabled: true, extra: 1})).toEqual([]);
    expect(compareShown({name: 'a', gone: 1}, {name: 'a'})).toEqual(['$.gone: the page shows it, the server\'s answer has no such field']);
    expect(compareShown({n: 1}, {n: '1'})).toEqual(['$.n: the page shows number 1, the server answered string "1"']);
    expect(compareShown({stickiness: true}, {stickiness: false})).toEqual(['$.stickiness: the page shows true, the server answered false']);
  });

  it('holds values that differ per instance to their kind only', () => {
    expect(compareShown({id: 7, createdAt: '2022-01-01T00:00:00.000Z'}, {id: 1, createdAt: '2026-11-27T12:00:00.000Z'})).toEqual([]);
    expect(compareShown({id: '6c3b1f5e-2d7a-4b8e-9f41-0a9d3c7e5b12'}, {id: '01M8ED2X60A1X13SQ4V1KF5SBV'})[0]).toMatch(/shows a UUID/);
    expect(compareShown({url: 'https://x/new-user?token=$2b$10$Xq7Ue0Hd3mVb2Lk9Zs4Rf.Nc8Wy1Jp6Ta5Gh0Ei3Ko7Lm2Qv9Ub4S'}, {url: 'https://x/new-user?token=$2b$10$X2bVVundScuUksmZvxvfjuCnLqwFS3b3s0t5XxmdwhqbrT46II/IW'})).toEqual([]);
    expect(compareShown({url: 'https://x/new-user?token=2f7b3c9d'}, {url: 'https://x/new-user?token=$2b$10$X2bVVundScuUksmZvxvfjuCnLqwFS3b3s0t5XxmdwhqbrT46II/IW'})).toHaveLength(1);
    expect(volatileKind('count', 4)).toBeUndefined();
    expect(volatileKind('segmentId', 4)).toBe('numeric id');
  });

  it('matches shown list elements in order, skipping answer elements, and an empty list means empty', () => {
    expect(compareShown([{name: 'b'}, {name: 'd'}], [{name: 'a'}, {name: 'b'}, {name: 'c'}, {name: 'd'}])).toEqual([]);
    expect(compareShown([{name: 'd'}, {name: 'b'}], [{name: 'b'}, {name: 'd'}])[0]).toMatch(/\$\[1\]: the page shows {"name":"b"}.*no element for it after \[1\]/);
    expect(compareShown({list: []}, {list: [1]})[0]).toMatch(/shows an empty list, the server answered 1 element/);
  });
});
