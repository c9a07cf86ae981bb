import type { Source, SourceKind } from '@trove/contracts';
import { countOf, type Units } from '../source-status';
import { createSource, testNewSource, updateSource } from '../sources-api';
import type { AddButton, SourceKindUi, SourceOf } from './source-kind-ui';
import { UrlSourceForm, type UrlKindWords } from './url-source-form';

// What a kind named by a web address (issue 43: a file share, a Git repository) gives besides its form's
// words: its titles, its button, the catalog cards that open it and its card's lines.

const api = { test: testNewSource, create: createSource, update: updateSource };

export interface UrlKindExtras<K extends SourceKind> {
  /** The new source's popup title. */
  title: string;
  button: AddButton;
  /** The catalog cards whose "Add server" opens the form. */
  connectors: readonly string[];
  meta(source: SourceOf<K>): string[];
  units: Units;
  /** "The share itself is not touched." */
  kept: string;
}

export function urlSourceKind<K extends UrlKindWords['kind']>(
  words: UrlKindWords<K>,
  extras: UrlKindExtras<K>,
): SourceKindUi<K> {
  return {
    kind: words.kind,
    add: () => ({
      title: extras.title,
      size: 'lg',
      render: (done, cancel) => <UrlSourceForm words={words} api={api} onSaved={done} onCancel={cancel} />,
    }),
    // The settings and the password are one form (a certificate is the system's to trust).
    saved: (source, action) =>
      action === 'trust'
        ? null
        : {
            title: `Edit ${(source as Source).name}`,
            size: 'lg',
            render: (done, cancel) => (
              <UrlSourceForm words={words} api={api} source={source} onSaved={done} onCancel={cancel} />
            ),
          },
    fromCatalog: (connector) => (extras.connectors.includes(connector.id) ? {} : null),
    button: extras.button,
    meta: extras.meta,
    units: extras.units,
    remove: {
      what: (documents) => countOf(documents, extras.units),
      forgets: ', and forgets any password saved for it',
      kept: extras.kept,
      addAgain: 'server',
      comesBack: 'the rows',
    },
  };
}
