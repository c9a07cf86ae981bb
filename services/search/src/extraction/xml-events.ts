import { Parser } from 'htmlparser2';

// Office XML read as a stream of tags and text (htmlparser2 in XML mode: one pass, linear in its input, the
// parser the HTML reader already uses), never as a tree: a sheet of 100,000 cells is events, not objects.

export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

export function walkXml(xml: string, handlers: XmlHandlers): void {
  const parser = new Parser(
    {
      onopentag: (name, attributes) => handlers.open?.(name, attributes),
      onclosetag: (name) => handlers.close?.(name),
      ontext: (text) => handlers.text?.(text),
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
}

/** A whole number attribute (repeat counts, levels), or the fallback. */
export function wholeAttribute(value: string | undefined, fallback: number): number {
  const number = value === undefined ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(number) && number >= 0 ? number : fallback;
}
