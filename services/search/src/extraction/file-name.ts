/** A file's name without folders and its last extension ("Q3 report.pdf" → "Q3 report"). */
export const baseName = (fileName: string) =>
  fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '') || fileName;

/**
 * The words of a file name as a person remembers them: "Q3-report_final.v2.pdf" → "Q3 report final v2 pdf".
 * PostgreSQL's parser reads "report_final.v2.pdf" as one file-name token that no query word would match.
 */
export const fileNameWords = (fileName: string) =>
  fileName
    .replace(/^.*[\\/]/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
