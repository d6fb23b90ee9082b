import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The structured JSON logger every function shares. Request-scoped keys (organization id,
 * request id) are appended by the handler factory; bodies and API keys are never logged.
 */
export const logger = new Logger({ serviceName: 'fleetdesk' });
