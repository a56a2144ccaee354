// The contracts' one zod import. In the browser zod must not probe for eval (`new Function`) when it builds
// its first object schema: the CSP allows no eval, and Chromium reports the probe as a CSP violation even
// though zod catches it (docs/decisions/0608). On the server zod keeps its compiled fast path.
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
