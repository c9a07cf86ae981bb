import type { CalendarProtocol } from '@trove/contracts';
import { countOf, EVENTS, ROWS } from '../../source-status';
import { createSource, testSourceSettings, updateSource } from '../../sources-api';
import type { KindDialog, SourceKindUi } from '../source-kind-ui';
import { CalendarForm } from './calendar-form';

// A calendar (issue 43 item 1): an iCal address or a CalDAV server. "Add a calendar", CalDAV's "Add server"
// and Google's and Microsoft's "Use a calendar address" open the same form; a saved one's settings and its
// app password are that form again.

const api = { test: testSourceSettings, create: createSource, update: updateSource };

const form = (protocol: CalendarProtocol): KindDialog => ({
  title: 'Add a calendar',
  size: 'lg',
  render: (done, cancel) => (
    <CalendarForm api={api} protocol={protocol} onConnected={done} onCancel={cancel} />
  ),
});

export const calendarKind: SourceKindUi<'calendar'> = {
  kind: 'calendar',
  add: (start) => form(start === 'caldav' ? 'caldav' : 'ical'),
  saved: (source) => ({
    title: `Edit ${source.name}`,
    size: 'lg',
    render: (done, cancel) => (
      <CalendarForm
        api={api}
        protocol={source.settings.protocol}
        source={source}
        onConnected={done}
        onCancel={cancel}
      />
    ),
  }),
  fromCatalog: (connector) =>
    connector.calendarAddress === undefined ? null : { start: connector.calendarAddress },
  button: { label: 'Add a calendar', order: 1 },
  meta: ({ settings: { protocol, url } }) => [
    protocol === 'caldav' ? `CalDAV · ${new URL(url).host}` : `Calendar address · ${new URL(url).host}`,
  ],
  units: EVENTS,
  // The confirmation before Remove says what it said before the kinds moved here (rows, "the database").
  remove: {
    what: (documents) => countOf(documents, ROWS),
    forgets: ', and forgets any password saved for it',
    kept: 'The database itself is not touched.',
    addAgain: 'server',
    comesBack: 'the rows',
  },
};
