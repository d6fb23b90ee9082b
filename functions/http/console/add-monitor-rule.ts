import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { AddMonitorRuleBody, addConsoleMonitorRule, type AddMonitorRuleInput } from '../../../shared/domain/console/integrations';

/** POST /api/console/v1/settings/monitor-rules (admins): `monitor rule add` `{ measurement, operator, value, forMinutes? }`. */
export const addMonitorRule = ({ org, body }: ApiRequest<AddMonitorRuleInput>) => addConsoleMonitorRule(org, body);

export const handler = httpHandler({ body: AddMonitorRuleBody }, addMonitorRule);
