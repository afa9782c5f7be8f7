import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toQueryString } from './codec';
import { VIZ_PREFIX, decodeViz, encodeViz, withVizDefaults } from './viz';

describe('explorer viz: state', () => {
  it('sets the spec defaults when there is no preset, leaving other parameters alone', () => {
    const params = new URLSearchParams('platforms=reddit:true&conversation_id=c1');
    expect(toQueryString(withVizDefaults(params))).toBe(
      'platforms=reddit:true&conversation_id=c1' +
        '&viz:preset=narrative&viz:colorGroupBy=threatLevel&viz:cluster=topicId&viz:node=posts',
    );
    expect(params.toString()).toBe('platforms=reddit%3Atrue&conversation_id=c1');
  });

  it('changes nothing when a preset is present', () => {
    const query = 'viz:preset=network&platforms=gab:false';
    expect(toQueryString(withVizDefaults(query))).toBe(query);
  });

  it('keeps a viz value the URL already names when filling the defaults', () => {
    const result = decodeViz(withVizDefaults('viz:node=accounts&viz:preset='));
    expect(result).toEqual({ preset: 'narrative', colorGroupBy: 'threatLevel', cluster: 'topicId', node: 'accounts' });
  });

  it('decodes viz: parameters without the prefix and ignores the rest', () => {
    expect(decodeViz('viz:preset=narrative&viz:zoom=1.5&limit=10&viz:=x&platforms=a:true')).toEqual({
      preset: 'narrative',
      zoom: '1.5',
    });
  });

  it('encodes viz state sorted after the other parameters, replacing older viz values', () => {
    const base = 'viz:preset=old&conversation_id=c1&viz:stale=1&is_reply=true';
    expect(toQueryString(encodeViz({ preset: 'narrative', node: 'posts', cluster: undefined }, base))).toBe(
      'conversation_id=c1&is_reply=true&viz:node=posts&viz:preset=narrative',
    );
  });

  it('round-trips any state and never touches non-viz parameters (property)', () => {
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '__proto__');
    const other = fc.tuple(fc.string({ maxLength: 8 }).filter((k) => !k.startsWith(VIZ_PREFIX)), fc.string());
    fc.assert(
      fc.property(fc.dictionary(key, fc.string(), { noNullPrototype: true }), fc.array(other, { maxLength: 5 }), (viz, others) => {
        const encoded = encodeViz(viz, new URLSearchParams(others));
        expect(decodeViz(encoded)).toEqual(viz);
        const nonViz = (p: URLSearchParams) => [...p].filter(([k]) => !k.startsWith(VIZ_PREFIX));
        expect(nonViz(encoded)).toEqual(nonViz(new URLSearchParams(others)));
        const withDefaults = withVizDefaults(encoded);
        expect(nonViz(withDefaults)).toEqual(nonViz(encoded));
        expect(withVizDefaults(withDefaults).toString()).toBe(withDefaults.toString());
        expect(decodeViz(withDefaults).preset).toBe(viz.preset ? viz.preset : 'narrative');
      }),
    );
  });
});
