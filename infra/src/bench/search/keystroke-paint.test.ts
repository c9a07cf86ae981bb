import { describe, expect, it } from 'vitest';
import { keystrokeLatencies, keystrokeParts, summariseKeystrokes, typedSearchPaths } from './keystroke-paint';

describe('keystroke to results painted', () => {
  it('each key that starts a search is timed to the first paint naming its text', () => {
    const keys = [
      { q: 'q', at: 0 },
      { q: 'qu', at: 200 },
      { q: 'qui', at: 400 },
      { q: 'qui', at: 600 },
      { q: 'qui b', at: 800 },
    ];
    const paints = [
      { text: '4 results for “qu”.', at: 290 },
      // A later key's paint of an earlier text does not count for it.
      { text: '4 results for “qu”.', at: 450 },
      { text: 'No results for “qui”.', at: 480 },
      { text: '2 results for “qui b”.', at: 870 },
    ];
    // "q" searches nothing (one letter); the space after "qui" searches the same words: neither is timed.
    expect(keystrokeLatencies(keys, paints)).toEqual([90, 80, 70]);
  });

  it('a key whose results never painted is counted apart, not timed', () => {
    const keys = [
      { q: 'in', at: 0 },
      { q: 'inv', at: 50 },
    ];
    const latencies = keystrokeLatencies(keys, [{ text: '9 results for “inv”.', at: 160 }]);
    expect(latencies).toEqual([undefined, 110]);
    expect(summariseKeystrokes(latencies)).toMatchObject({
      keystrokes: 2,
      painted: 1,
      superseded: 1,
      p50: 110,
    });
  });

  it("splits a painted key's time at its request's start and end", () => {
    const keys = [
      { q: 'in', at: 0 },
      { q: 'inv', at: 200 },
      { q: 'invo', at: 400 },
    ];
    const paints = [
      { text: '9 results for “in”.', at: 90 },
      { text: '3 results for “invo”.', at: 470 },
    ];
    const sent = [
      { q: 'in', start: 5, end: 60 },
      // A request sent before the key is not its own, even for the same text.
      { q: 'invo', start: 150, end: 160 },
      { q: 'invo', start: 410, end: 450 },
    ];
    const parts = keystrokeParts(keys, paints, sent);
    expect(parts).toEqual([
      { total: 90, wait: 5, request: 55, render: 30 },
      undefined,
      { total: 70, wait: 10, request: 40, render: 20 },
    ]);
    expect(summariseKeystrokes(keystrokeLatencies(keys, paints), parts).parts).toMatchObject({
      wait: { p50: 5 },
      request: { p50: 40 },
    });
  });

  it('the searches a typed query sends: each text of 2+ letters, a prefix while no space follows', () => {
    expect(typedSearchPaths(['in vo'])).toEqual([
      '/api/v1/search?q=in&limit=10&as_you_type=on',
      '/api/v1/search?q=in&limit=10',
      '/api/v1/search?q=in+v&limit=10&as_you_type=on',
      '/api/v1/search?q=in+vo&limit=10&as_you_type=on',
    ]);
  });
});
