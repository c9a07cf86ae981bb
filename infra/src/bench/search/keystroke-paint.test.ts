import { describe, expect, it } from 'vitest';
import { keystrokeLatencies, summariseKeystrokes } from './keystroke-paint';

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
});
