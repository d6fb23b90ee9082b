import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listConsoleMonitorRules } from '../../../shared/domain/console/integrations';

/** GET /api/console/v1/settings/monitor-rules (admins): `monitor rule list`. */
export const listMonitorRules = ({ org }: ApiRequest) => listConsoleMonitorRules(org);

export const handler = httpHandler({}, listMonitorRules);
