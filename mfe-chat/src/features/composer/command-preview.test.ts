import { describe, expect, it } from 'vitest';
import { commandPreview } from './command-preview';

describe('commandPreview: what the composer understood', () => {
  it('reads a command with a verb and an email destination', () => {
    expect(commandPreview('find invoices over ₹10,000 last month -> email me@example.com')).toEqual({
      action: 'Find',
      query: 'invoices over ₹10,000 last month',
      destination: 'email me@example.com',
      warning: null,
    });
  });

  it('reads a plain question whole', () => {
    expect(commandPreview('What did Acme bill us in March?')).toEqual({
      action: 'Ask',
      query: 'What did Acme bill us in March?',
      destination: null,
      warning: null,
    });
  });

  it('never fills in a placeholder address, and says what is missing', () => {
    const preview = commandPreview('summarize contracts -> email');
    expect(preview?.destination).toBe('email');
    expect(preview?.warning).toMatch(/Add an address/);
  });

  it('names chat, Teams and Drive destinations', () => {
    expect(commandPreview('summarize QBR -> teams "Finance Ops"')?.destination).toBe('Teams · Finance Ops');
    expect(commandPreview('share notes → #finance')?.destination).toBe('#finance');
    expect(commandPreview('export table -> drive /Reports')?.destination).toBe('Drive · /Reports');
  });

  it('flags a destination it does not know', () => {
    expect(commandPreview('find x -> fax')?.warning).toMatch(/email, chat, teams or drive/);
  });

  it('is null for an empty composer', () => {
    expect(commandPreview('   ')).toBeNull();
  });
});
