import type { Source, SourceKind } from '@trove/contracts';
import type { PopupSize } from '@trove/kit';
import type { ReactNode } from 'react';
import type { Connector } from '../../connectors/connectors';
import type { SourceAction } from '../source-card';
import type { Units } from '../source-status';

// What the Connections page knows of one source kind (issue 34 item 2, docs/decisions/213): its forms and its
// wording, in kinds/<kind>, so a new kind is one folder here (and one line in registry.tsx) as it is one
// folder in services/sources.

export type SourceOf<K extends SourceKind> = Extract<Source, { kind: K }>;

/** The card's actions that open a form (the others go to the service at once). */
export type FormAction = Extract<SourceAction, 'password' | 'trust' | 'edit'>;

/** A form in the kit's popup: its title and size, and the form itself. */
export interface KindDialog {
  title: string;
  size: PopupSize;
  /** A saved source's form: the toast's first words once it saved ("Changes saved"). */
  savedWords?: string;
  /** The form; `done` closes the popup with the source as saved, `cancel` closes it. */
  render(done: (source: Source) => void, cancel: () => void): ReactNode;
}

/** A button above the sources that opens several kinds' choice first ("Add a database"). */
export interface KindGroup {
  label: string;
  /** The choice's popup title. */
  title: string;
  order: number;
}

/** How a kind is added from above the sources: its own button, or a line in its group's choice. */
export type AddButton =
  | { label: string; order: number; primary?: boolean }
  | { group: KindGroup; label: string; detail: string };

/** The words the confirmation before Remove says of a source of this kind. */
export interface RemoveWords {
  /** What goes, counted ("120 messages and their attachments"). */
  what: (documents: number) => string;
  /** What else is forgotten (", and forgets its password"); empty for nothing. */
  forgets: string;
  /** What is left alone ("The mailbox itself is not touched."). */
  kept: string;
  /** What is added again to bring it back ("the server", "the file") and what comes back. */
  addAgain: string;
  comesBack: string;
}

export interface SourceKindUi<K extends SourceKind> {
  kind: K;
  /** The form a new source of this kind starts with; `start` is what the catalog card says (a calendar's protocol). */
  add(start?: string): KindDialog;
  /** A saved source's form for the card's action; null when the kind has none for it. */
  saved(source: SourceOf<K>, action: FormAction): KindDialog | null;
  /** Whether a catalog card's "Add server" (or "Add file") opens this kind's form, and how it starts. */
  fromCatalog?(connector: Connector): { start?: string } | null;
  button: AddButton;
  /** The lines under a source's name on its card. */
  meta(source: SourceOf<K>): string[];
  units: Units;
  remove: RemoveWords;
  /** The card's line on how it syncs (a database's delta or full scans); absent: none. */
  syncNote?(source: SourceOf<K>): { mode: string; note: string };
}
