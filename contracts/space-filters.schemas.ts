// The browse filter registry as zod fields, for the API's query schema (contracts/spaces.ts): each key runs
// the registry's own parser, so the API and the site check with the same rules and messages.
import { z } from './zod';
import { checkSpaceFilters, SPACE_FILTER_PARAMS, type FilterParam, type SpaceFilterParam, type SpaceFilterQuery } from './space-filters';

type Query = Required<SpaceFilterQuery>;
/** Lists are always present (empty when not given); single values are optional. */
type FilterFieldSchemas = {
  [K in SpaceFilterParam]: undefined extends Query[K] ? z.ZodOptional<z.ZodType<Exclude<Query[K], undefined>, unknown>> : z.ZodType<Query[K], unknown>;
};

function paramSchema(param: FilterParam<unknown>) {
  const schema = z.unknown().transform((raw, ctx) => {
    const result = param.parse(raw);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message, path: result.index === undefined ? [] : [result.index] });
    return z.NEVER;
  });
  // A repeated key is always answered (an empty list when absent): preprocess makes zod run it for a missing key.
  return param.repeated ? z.preprocess((raw) => raw, schema) : schema.optional();
}

/** The filter keys of spaceQuerySchema. */
export const spaceFilterFields = Object.fromEntries(SPACE_FILTER_PARAMS.map((p) => [p.key, paramSchema(p)])) as unknown as FilterFieldSchemas;

/** Adds the registry's cross-key rules (min ≤ max) to a schema whose output carries the filters. */
export function withFilterChecks<S extends z.ZodType<SpaceFilterQuery>>(schema: S) {
  return schema.superRefine((values, ctx) => {
    for (const issue of checkSpaceFilters(values)) ctx.addIssue({ code: 'custom', path: [issue.param], message: issue.message });
  });
}
