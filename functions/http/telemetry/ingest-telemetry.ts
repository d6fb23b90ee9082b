import { answerBeforeAuth, httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { answerDestinationConfirmation } from '../../../shared/domain/telemetry/destination-confirmation';
import { TelemetryBody } from '../../../shared/domain/telemetry/telemetry-body';
import { ingestTelemetry as ingest } from '../../../shared/domain/telemetry/telemetry.service';

/**
 * POST /api/telemetry: one record (`{ deviceIdentifier, timestamp?, <name>: <number>, … }`) or a
 * batch (`{ deviceIdentifier, records: [ … ] }`) → `{ success, accepted, deviceKnown, owners }`.
 * An IoT rule destination's confirmation (no key) is answered before auth.
 */
export const ingestTelemetry = ({ org, body }: ApiRequest<TelemetryBody>) => ingest(org, body.deviceIdentifier, body, 'rest');

export const handler = httpHandler({ body: TelemetryBody, preAuth: answerBeforeAuth(answerDestinationConfirmation) }, ingestTelemetry);
