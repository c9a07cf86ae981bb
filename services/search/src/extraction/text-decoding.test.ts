import { describe, expect, it } from 'vitest';
import { decodeText, declaredCharset, htmlMetaCharset } from './text-decoding';

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const KOI8_R_TEXT = 'Привет, мир! Как дела? Это проверка кодировки текста.';
// KOI8-R puts the Cyrillic letters at 0xC0–0xFF in this order.
const KOI8_R_LETTERS = 'юабцдефгхийклмнопярстужвьызшэщчъЮАБЦДЕФГХИЙКЛМНОПЯРСТУЖВЬЫЗШЭЩЧЪ';
const koi8r = Uint8Array.from(KOI8_R_TEXT, (char) => {
  const at = KOI8_R_LETTERS.indexOf(char);
  return at >= 0 ? 0xc0 + at : char.charCodeAt(0);
});

describe('text in any charset (issue 19 item 2)', () => {
  it('UTF-8, with or without a byte-order mark', () => {
    expect(decodeText(new TextEncoder().encode('Zoë'))).toEqual({ text: 'Zoë', encoding: 'utf-8' });
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ text: 'A', encoding: 'utf-8' });
  });

  it('UTF-16 by its byte-order mark, little and big endian', () => {
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x5a, 0x00, 0xeb, 0x00]))?.text).toBe('Zë');
    expect(decodeText(Uint8Array.from([0xfe, 0xff, 0x00, 0x5a, 0x00, 0xeb]))?.text).toBe('Zë');
  });

  it('a declared charset wins over a guess; a declared UTF-8 that the bytes break is a wrong label', () => {
    expect(decodeText(latin1('caf\u00e9'), 'iso-8859-1')).toEqual({ text: 'café', encoding: 'windows-1252' });
    expect(decodeText(koi8r, 'koi8-r')?.text).toBe(KOI8_R_TEXT);
    const western =
      'The na\u00efve caf\u00e9 served cr\u00e8me br\u00fbl\u00e9e to the \u00fcber-cool fa\u00e7ade designers.';
    expect(decodeText(latin1(western), 'utf-8')?.text).toBe(
      'The naïve café served crème brûlée to the über-cool façade designers.',
    );
  });

  it('undeclared legacy text is detected: Western text as Windows-1252, Russian as KOI8-R', () => {
    expect(
      decodeText(latin1('Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e, na\u00efve fa\u00e7ade, \u00fcber alles')),
    ).toEqual({
      text: 'Café crème brûlée, naïve façade, über alles',
      encoding: 'windows-1252',
    });
    expect(decodeText(koi8r)).toEqual({ text: KOI8_R_TEXT, encoding: 'koi8-r' });
  });

  it('binary content (NUL bytes, no UTF-16 mark) is not text', () => {
    expect(decodeText(Uint8Array.from([0x4d, 0x5a, 0x00, 0x01]))).toBeUndefined();
  });

  it('reads the charset a media type or an HTML head declares', () => {
    expect(declaredCharset('text/plain; charset="ISO-8859-2"')).toBe('ISO-8859-2');
    expect(declaredCharset('text/csv')).toBeUndefined();
    expect(htmlMetaCharset(latin1('<html><head><meta charset="windows-1251"><title>x</title>'))).toBe(
      'windows-1251',
    );
    expect(
      htmlMetaCharset(latin1('<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">')),
    ).toBe('koi8-r');
  });
});
