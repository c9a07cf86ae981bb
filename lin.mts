import { extractDocument } from './services/search/src/extraction/index';
const kinds = ['notes.txt','notes.md','data.csv','page.html','main.ts','data.json','memo.rtf','mail.eml'];
const chars = process.argv[2] ? [process.argv[2]] : Array.from({length: 128}, (_, i) => String.fromCharCode(i));
const size = Number(process.env.SIZE ?? 1_000_000);
for (const ch of chars) {
  for (const name of kinds) {
    let body = ch.repeat(size);
    if (name.endsWith('.html')) body = '<p>' + body;
    if (name.endsWith('.eml')) body = 'From: a@b.c\nSubject: x\n\n' + body;
    if (name.endsWith('.rtf')) body = '{\\rtf1 ' + body + '}';
    const t = performance.now();
    try { await extractDocument({ bytes: new TextEncoder().encode(body), fileName: name, mediaType: '' }); } catch (e) { }
    const ms = performance.now() - t;
    if (ms > 250) console.log(JSON.stringify(ch), name, ms.toFixed(0), 'ms');
  }
}
console.log('done');
