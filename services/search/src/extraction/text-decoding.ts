import chardet from 'chardet';

// Issue 19 item 2: text in any charset. Real files are UTF-8, UTF-16 with a byte-order mark, or a legacy
// 8-bit or CJK encoding a header may or may not name; none of that is damage. The order is the HTML
// standard's: a byte-order mark, then what the file or its upload declares, then UTF-8 if the bytes are
// valid UTF-8, then a detector (chardet), then Windows-1252, which reads every byte. Only binary content
// (NUL bytes in a file without a UTF-16 mark) is refused.

export interface DecodedText {
  text: string;
  /** The WHATWG name of the encoding used (`utf-8`, `windows-1252`, `koi8-r`, `gbk`, …). */
  encoding: string;
}

const BYTE_ORDER_MARKS: readonly { bytes: readonly number[]; encoding: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/** A decoder for a charset label Node knows (the WHATWG Encoding Standard's labels), or undefined. */
function decoderFor(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label.trim().toLowerCase());
  } catch {
    return undefined;
  }
}

function decodeWith(decoder: TextDecoder, bytes: Uint8Array): DecodedText {
  return { text: decoder.decode(bytes), encoding: decoder.encoding };
}

/** The `charset=` parameter of a media type (`text/plain; charset="iso-8859-1"`), if any. */
export function declaredCharset(mediaType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(mediaType)?.[1];
}

/** A charset an HTML file declares in its first 1024 bytes (`<meta charset>` or `http-equiv` content type). */
export function htmlMetaCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 1024));
  return /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The detector's best guess. Its single-byte Western guesses are close calls between siblings (ISO-8859-1,
 * -9, -15 read the same letters in most text), so a weak one of them reads as Windows-1252, the superset
 * browsers use for all of them.
 */
function detected(bytes: Uint8Array): TextDecoder | undefined {
  const best = chardet.analyse(bytes)[0];
  if (best === undefined) return undefined;
  const westernSibling = /^(ISO-8859-(1|9|15)|windows-1252)$/i.test(best.name);
  if (westernSibling && best.confidence < 50) return decoderFor('windows-1252');
  return decoderFor(best.name);
}

/**
 * The text of `bytes`, or undefined for binary content. `declared` is what the file or its upload names
 * (a media type's charset, an HTML meta charset, a MIME part's charset); a declared UTF-8 that the bytes
 * break is taken as a wrong label, not as damage.
 */
export function decodeText(bytes: Uint8Array, declared?: string): DecodedText | undefined {
  for (const mark of BYTE_ORDER_MARKS) {
    if (mark.bytes.every((byte, index) => bytes[index] === byte)) {
      const decoder = decoderFor(mark.encoding) as TextDecoder;
      // TextDecoder drops the mark itself.
      return decodeWith(decoder, bytes);
    }
  }
  if (bytes.includes(0)) return undefined;
  const declaredDecoder = declared === undefined ? undefined : decoderFor(declared);
  if (declaredDecoder !== undefined && declaredDecoder.encoding !== 'utf-8')
    return decodeWith(declaredDecoder, bytes);
  const asUtf8 = utf8(bytes);
  if (asUtf8 !== undefined) return { text: asUtf8, encoding: 'utf-8' };
  return decodeWith(detected(bytes) ?? (decoderFor('windows-1252') as TextDecoder), bytes);
}
