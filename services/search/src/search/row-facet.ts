import { DATABASE_ROW_LABEL, DOCUMENT_FORMATS, type SearchResponse } from '@trove/contracts';

type TypeFacet = SearchResponse['facets']['type'][number];

/**
 * The type facets as a person reads them (issue 38: rows were "HTML 14" while each card said "Row"). A database
 * row is stored as HTML, so the `html` facet counts rows and HTML files together; the rows among them are the
 * documents of the user's database sources, which hold nothing else. All rows: "Row"; some: "HTML and rows".
 * The filter stays `type:html` either way.
 */
export function withRowLabels(
  facets: readonly TypeFacet[],
  sourceFacets: readonly { value: string; count: number }[],
  databaseSourceIds: ReadonlySet<string>,
): TypeFacet[] {
  const rows = sourceFacets
    .filter((facet) => databaseSourceIds.has(facet.value))
    .reduce((sum, facet) => sum + facet.count, 0);
  if (rows === 0) return [...facets];
  return facets.map((facet) =>
    facet.value !== 'html'
      ? facet
      : {
          ...facet,
          label: rows >= facet.count ? DATABASE_ROW_LABEL : `${DOCUMENT_FORMATS.html.label} and rows`,
        },
  );
}
