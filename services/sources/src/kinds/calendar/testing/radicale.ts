import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { freePort, serverDirectory, testTime } from '@trove/service-core/testing';

// A real CalDAV server per test run (issue 43 item 5): Debian's Radicale 3 (`radicale`, installed by
// infra/bin/ensure.mjs), started in the foreground from a config written to a folder under the run directory,
// on a free port, with its users in a plain htpasswd file there. The system's /etc/radicale and its service are
// never used (the installer disables the service).

const RADICALE_BIN = process.env.RADICALE_BIN ?? '/usr/bin/radicale';

export interface Radicale {
  /** The server's root, http://127.0.0.1:<port>/ (allowed by SOURCE_ALLOWED_HOSTS in the tests). */
  url: string;
  user: string;
  password: string;
  /** Makes a calendar (MKCALENDAR) and answers its address. */
  makeCalendar(slug: string, name: string): Promise<string>;
  /** Puts an event resource (an iCalendar text) into a calendar. */
  putEvent(calendarUrl: string, name: string, ics: string): Promise<void>;
  deleteEvent(calendarUrl: string, name: string): Promise<void>;
  /**
   * Writes event resources straight into a calendar's folder in Radicale's storage (no HTTP), for calendars of
   * thousands: Radicale lists the folder on the next request, so its ctag moves as with PUT. `slug` is the
   * calendar's, as given to {@link makeCalendar}.
   */
  writeEvents(slug: string, events: readonly { name: string; ics: string }[]): Promise<void>;
  stop(): Promise<void>;
}

function send(
  method: string,
  url: string,
  auth: string,
  body = '',
  type = 'application/xml',
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method, headers: { authorization: `Basic ${auth}`, 'content-type': type, ...headers } },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const PORT_ATTEMPTS = 3;

/** Radicale exited because its port was taken meanwhile. */
class PortTaken extends Error {}

interface Started {
  url: string;
  child: ChildProcess;
  quit: () => void;
}

/** Radicale on `port`, from a config written to `dir`, once it answers a PROPFIND. */
async function startOn(port: number, dir: string, auth: string): Promise<Started> {
  writeFileSync(
    join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(RADICALE_BIN, ['--config', join(dir, 'config')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4096);
  });
  const quit = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', quit);
  const url = `http://127.0.0.1:${port}/`;
  const started = Date.now();
  for (;;) {
    const status = await send('PROPFIND', url, auth).catch(() => 0);
    if (status === 207) return { url, child, quit };
    if (child.exitCode !== null || Date.now() - started > testTime(20_000)) {
      quit();
      process.off('exit', quit);
      const message = `Radicale did not start (${child.exitCode ?? 'no answer'}): ${stderr.trim()}`;
      throw /Address already in use/.test(stderr) ? new PortTaken(message) : new Error(message);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startRadicale(): Promise<Radicale> {
  if (!existsSync(RADICALE_BIN))
    throw new Error(
      `Radicale is not installed (${RADICALE_BIN}): run \`npm test\` once (it installs radicale) or \`sudo apt-get install -y radicale\`.`,
    );
  const dir = serverDirectory('radicale');
  const user = 'ada@example.test';
  const password = 'app-password-ada-cal-0001';
  writeFileSync(join(dir, 'users'), `${user}:${password}\n`);
  const auth = Buffer.from(`${user}:${password}`).toString('base64');
  // A port found free can be taken before Radicale binds it (an outgoing connection's ephemeral port: ci37):
  // then it is started again on another.
  let started: Started | undefined;
  for (let attempt = 1; started === undefined; attempt++) {
    try {
      started = await startOn(await freePort(), dir, auth);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === PORT_ATTEMPTS) throw error;
    }
  }
  const { url, child, quit } = started;
  const home = `${url}${encodeURIComponent(user)}/`;
  return {
    url,
    user,
    password,
    async makeCalendar(slug, name) {
      const calendarUrl = `${home}${slug}/`;
      const status = await send(
        'MKCALENDAR',
        calendarUrl,
        auth,
        `<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop><d:displayname>${name}</d:displayname></d:prop></d:set></c:mkcalendar>`,
      );
      if (status !== 201) throw new Error(`MKCALENDAR ${calendarUrl}: ${status}`);
      return calendarUrl;
    },
    async putEvent(calendarUrl, name, ics) {
      const status = await send('PUT', `${calendarUrl}${name}.ics`, auth, ics, 'text/calendar');
      if (status !== 201 && status !== 204) throw new Error(`PUT ${name}: ${status}`);
    },
    async deleteEvent(calendarUrl, name) {
      const status = await send('DELETE', `${calendarUrl}${name}.ics`, auth);
      if (status !== 200 && status !== 204) throw new Error(`DELETE ${name}: ${status}`);
    },
    async writeEvents(slug, events) {
      const folder = join(dir, 'collections', 'collection-root', user, slug);
      if (!existsSync(folder)) throw new Error(`no calendar ${slug}: make it first`);
      for (const event of events) await writeFile(join(folder, `${event.name}.ics`), event.ics);
      // Radicale reads each new file once into its item cache on the next listing (slow on a loaded machine):
      // done here, so a test or the bench measures the source, not Radicale's first look at its folder.
      const listed = await send('PROPFIND', `${home}${slug}/`, auth, '', 'application/xml', { depth: '1' });
      if (listed !== 207) throw new Error(`PROPFIND ${slug}: ${listed}`);
    },
    async stop() {
      process.off('exit', quit);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One VEVENT in its own VCALENDAR (a CalDAV resource), times in UTC. */
export function eventIcs(event: {
  uid: string;
  title: string;
  start: string;
  end: string;
  rule?: string;
  place?: string;
  organiser?: string;
  attendees?: string[];
  description?: string;
}): string {
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Trove tests//EN',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp('2026-11-01T00:00:00Z')}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(event.end)}`,
    ...(event.rule === undefined ? [] : [`RRULE:${event.rule}`]),
    `SUMMARY:${event.title}`,
    ...(event.place === undefined ? [] : [`LOCATION:${event.place}`]),
    ...(event.organiser === undefined
      ? []
      : [`ORGANIZER;CN=${event.organiser.split('@')[0]}:mailto:${event.organiser}`]),
    ...(event.attendees ?? []).map((who) => `ATTENDEE;CN=${who.split('@')[0]}:mailto:${who}`),
    ...(event.description === undefined ? [] : [`DESCRIPTION:${event.description}`]),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
