// The fuzzing suite (tests/reliability/fuzz-suite.ts), part 1 of its routes.
import { fuzzRoutes } from './fuzz-suite';

fuzzRoutes(1);
