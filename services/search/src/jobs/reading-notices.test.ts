import { describe, expect, it } from 'vitest';
import { type ReadingNotice, readingNotice, readingNotices } from './reading-notices';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('reading notices', () => {
  it('sends a start at once, and the ends before it with the next start', () => {
    const sent: ReadingNotice[] = [];
    const onExtracting = readingNotices((notice) => sent.push(notice));
    onExtracting('a', true);
    expect(sent).toEqual([{ started: 'a' }]);
    onExtracting('a', false);
    onExtracting('b', true);
    onExtracting('b', false);
    onExtracting('c', true);
    expect(sent).toEqual([{ started: 'a' }, { started: 'b', ended: ['a'] }, { started: 'c', ended: ['b'] }]);
  });

  it('sends an end with no start after it on the next turn of the event loop, once', async () => {
    const sent: ReadingNotice[] = [];
    const onExtracting = readingNotices((notice) => sent.push(notice));
    onExtracting('a', true);
    onExtracting('b', true);
    onExtracting('a', false);
    onExtracting('b', false);
    expect(sent).toEqual([{ started: 'a' }, { started: 'b' }]);
    await nextTurn();
    expect(sent).toEqual([{ started: 'a' }, { started: 'b' }, { ended: ['a', 'b'] }]);
    await nextTurn();
    expect(sent).toHaveLength(3);
  });

  it('reads only notices off the channel', () => {
    expect(readingNotice({ started: 'a', ended: ['b', 3] })).toEqual({ started: 'a', ended: ['b'] });
    expect(readingNotice({ ended: [] })).toEqual({ ended: [] });
    expect(readingNotice('wake')).toBeUndefined();
    expect(readingNotice(null)).toBeUndefined();
    expect(readingNotice({ jobId: 'a', extracting: true })).toBeUndefined();
  });
});
