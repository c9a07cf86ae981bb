import { SOURCE_KINDS } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { findConnector } from '../../connectors/connectors';
import { catalogForm, SOURCE_BUTTONS, SOURCE_KIND_UI } from './registry';

// Issue 34 item 2 (docs/decisions/213): the Connections page's kinds in one registry, so the buttons above the
// sources and the catalog's cards open each kind's form without naming it.

const connector = (id: string) => {
  const found = findConnector(id);
  if (found === undefined) throw new Error(`no connector ${id}`);
  return found;
};

describe('the source kinds registry', () => {
  it('has an entry for every kind the contracts name, each under its own name', () => {
    expect(Object.keys(SOURCE_KIND_UI).sort()).toEqual([...SOURCE_KINDS].sort());
    for (const [name, entry] of Object.entries(SOURCE_KIND_UI)) expect(entry.kind).toBe(name);
  });

  it('puts the buttons above the sources in their order, the databases behind one, the mailbox first in weight', () => {
    expect(SOURCE_BUTTONS.map((button) => [button.label, button.primary])).toEqual([
      ['Add a calendar', false],
      ['Add a file share', false],
      ['Add a repository', false],
      ['Add a database', false],
      ['Add a mailbox', true],
    ]);
    const databases = SOURCE_BUTTONS.find((button) => button.label === 'Add a database');
    expect(databases && 'kinds' in databases ? databases.kinds : null).toEqual([
      'postgres',
      'mysql',
      'sqlite',
    ]);
  });

  it('opens each manual catalog card’s form, a calendar card with its protocol, and none for a kind still to come', () => {
    expect(catalogForm(connector('imap'))).toEqual({ kind: 'imap' });
    expect(catalogForm(connector('webdav'))).toEqual({ kind: 'webdav' });
    expect(catalogForm(connector('github'))).toEqual({ kind: 'git' });
    for (const kind of ['postgres', 'mysql', 'sqlite'] as const)
      expect(catalogForm(connector(kind))).toEqual({ kind });
    expect(catalogForm(connector('caldav'))).toEqual({ kind: 'calendar', start: 'caldav' });
    expect(catalogForm(connector('gcal'))).toEqual({ kind: 'calendar', start: 'ical' });
    expect(catalogForm(connector('mongodb'))).toBeNull();
    expect(catalogForm(connector('s3'))).toBeNull();
  });
});
