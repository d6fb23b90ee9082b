/** Hostile input on every console route (a person's session): test/e2e/fuzz-suite.ts. */
import { fuzzRoutes } from './fuzz-suite';

fuzzRoutes('every console route of the route table', (route) => route.auth === 'user');
