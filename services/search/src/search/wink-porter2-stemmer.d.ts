// wink-porter2-stemmer 2.0.1 ships no types; it is CommonJS with one function as module.exports.
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export = stem;
}
