/** Location of content under a heading; content before the first heading is at "beginning". */
export const sectionLocation = (heading: string | null) => (heading ? `section ${heading}` : 'beginning');
