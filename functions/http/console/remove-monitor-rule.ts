import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { removeConsoleMonitorRule } from '../../../shared/domain/console/integrations';

/** DELETE /api/console/v1/settings/monitor-rules/{ruleId} (admins): `monitor rule remove`. */
export const removeMonitorRule = ({ org, pathParameters }: ApiRequest) => removeConsoleMonitorRule(org, pathParameters.ruleId);

export const handler = httpHandler({}, removeMonitorRule);
