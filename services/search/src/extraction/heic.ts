// HEIC/HEIF pictures (what iPhones save; issue 39 item 4, docs/decisions/125): tesseract cannot read them, so
// the picture is decoded here by libheif compiled to WebAssembly (heic-decode, in the extraction child with its
// memory cap, after the size check) and handed to OCR as a PPM, which tesseract's image library reads as it is.

/** ISO base media file brands of HEIF still images and sequences (the 'ftyp' box's major brand). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = String.fromCharCode(...bytes.subarray(4, 8));
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  return box === 'ftyp' && HEIF_BRANDS.has(brand);
}

/** The picture's first image as a binary PPM (P6: RGB, 8 bits a channel). */
export async function heifToPpm(bytes: Uint8Array): Promise<Uint8Array> {
  const { default: decode } = await import('heic-decode');
  const { width, height, data } = await decode({ buffer: bytes });
  const header = new TextEncoder().encode(`P6\n${width} ${height}\n255\n`);
  const ppm = new Uint8Array(header.byteLength + width * height * 3);
  ppm.set(header);
  let out = header.byteLength;
  for (let at = 0; at < data.length; at += 4) {
    ppm[out] = data[at] ?? 0;
    ppm[out + 1] = data[at + 1] ?? 0;
    ppm[out + 2] = data[at + 2] ?? 0;
    out += 3;
  }
  return ppm;
}
