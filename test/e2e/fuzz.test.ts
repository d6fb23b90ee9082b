/** Hostile input on every route integrators call (the organization key, MCP, public docs): test/e2e/fuzz-suite.ts. */
import { fuzzRoutes } from './fuzz-suite';

fuzzRoutes('every integrator route of the route table', (route) => route.auth !== 'user');
