// Astro.locals on on-demand pages: the readers the API passes in (contracts/site-locals.ts).
declare namespace App {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Locals extends Partial<import('#contracts/site-locals').SiteLocals> {}
}
