// Typed fields of a row or a sheet's line, shared by the search service (sheets, CSV, a row's record read back)
// and the sources service (a database row's record written): docs/decisions/130-typed-fields.md.
export * from './cell-values';
export * from './row-document';
export { rowRecordBlock } from './row-record-block';
export * from './typed-columns';
