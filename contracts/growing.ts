// Growing suitability: the growing facts of a listing (stored in SI units), their metric/imperial display,
// the growing systems a farmer can pick with what each needs, the crop categories of the yield article
// (the ONE source of those figures), and the fit and yield rules. Plain data and pure functions, no zod:
// islands import this module, so it must stay small. Request schemas live in contracts/growing.schemas.ts.
// One module per job; this one gathers them for the many importers.
export * from './growing-enums';
export * from './growing-facts';
export * from './growing-units';
export * from './growing-crops';
export * from './growing-systems';
export * from './growing-fit';
