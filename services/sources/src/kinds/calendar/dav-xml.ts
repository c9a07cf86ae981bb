import { Parser } from 'htmlparser2';

// WebDAV's multistatus answers (RFC 4918, CalDAV RFC 4791, sync-collection RFC 6578), read into a small tree by
// local name: servers choose their own namespace prefixes ("d:", "D:", none), so names are matched without them.
// Entities beyond XML's five are never expanded (htmlparser2 in XML mode does not read a DTD).

export interface XmlElement {
  /** Local name, lower case ("response", "href", "calendar-data"). */
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: XmlElement[];
  text: string;
}

/** Elements past this are ignored: a multistatus of a bounded answer never needs more. */
const ELEMENTS_MAX = 500_000;

export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#root', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let count = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        count += 1;
        const element: XmlElement = {
          name: name.replace(/^.*:/, '').toLowerCase(),
          attributes,
          children: [],
          text: '',
        };
        if (count <= ELEMENTS_MAX) stack.at(-1)?.children.push(element);
        stack.push(element);
      },
      ontext(data) {
        const top = stack.at(-1);
        if (top !== undefined) top.text += data;
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(text);
  parser.end();
  return root;
}

export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((candidate) => candidate.name === name);
}

export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (node: XmlElement) => {
    for (const next of node.children) {
      if (next.name === name) found.push(next);
      else walk(next);
    }
  };
  walk(element);
  return found;
}

export interface DavResponse {
  href: string;
  /** The status of the whole response (a sync-collection's removed member: 404), when it has one. */
  status: number | null;
  /** Properties found (200 propstat), by local name. */
  props: Map<string, XmlElement>;
}

const statusCode = (element: XmlElement | undefined) => {
  const match = /\s(\d{3})\s?/.exec(element?.text ?? '');
  return match?.[1] === undefined ? null : Number(match[1]);
};

/** A 207 multistatus's responses. */
export function multistatus(text: string): { responses: DavResponse[]; syncToken: string | null } {
  const root = parseXml(text);
  const top = child(root, 'multistatus');
  if (top === undefined) return { responses: [], syncToken: null };
  const responses = top.children
    .filter((element) => element.name === 'response')
    .map((response) => {
      const props = new Map<string, XmlElement>();
      for (const propstat of response.children.filter((element) => element.name === 'propstat')) {
        const status = statusCode(child(propstat, 'status'));
        if (status !== null && (status < 200 || status >= 300)) continue;
        for (const prop of child(propstat, 'prop')?.children ?? []) props.set(prop.name, prop);
      }
      return {
        href: (child(response, 'href')?.text ?? '').trim(),
        status: statusCode(child(response, 'status')),
        props,
      };
    });
  const token = child(top, 'sync-token')?.text.trim();
  return { responses, syncToken: token === undefined || token === '' ? null : token };
}

/** The href inside a property (current-user-principal, calendar-home-set). */
export const hrefIn = (prop: XmlElement | undefined) => {
  const href = prop === undefined ? undefined : descendants(prop, 'href')[0]?.text.trim();
  return href === undefined || href === '' ? null : href;
};
