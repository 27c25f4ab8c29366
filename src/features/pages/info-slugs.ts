/**
 * The slugs of the information pages, in a module of their own so the router can enumerate them
 * without pulling the pages' text into the first load.
 */
export const INFO_SLUGS = [
  'help',
  'faq',
  'tutorials',
  'status',
  'careers',
  'press',
  'partners',
  'privacy',
  'terms',
  'cookies',
  'security',
  'compliance',
] as const;

export type InfoSlug = (typeof INFO_SLUGS)[number];
