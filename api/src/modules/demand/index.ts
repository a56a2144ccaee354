// The demand module's public surface: what other modules may import (docs/decisions/1310). Anything else in
// this folder is internal; the dependency rule (npm run lint:modules) refuses an import of it from another module.
export { getDemand } from './demand.service';
export { cityDemandAnswer } from './demand.routes';
export { releaseCount } from './demand-release';
