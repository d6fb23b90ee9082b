import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { UnassignDevicesFromOwnerBody, type UnassignDevicesFromOwnerInput } from '../../../shared/domain/assignment/assignment.schema';
import { unassignDevicesFromOwner as unassign } from '../../../shared/domain/assignment/assignment.service';

/** POST /api/ext-v1/deviceAssignment/unassignDevicesFromOwner: remove several links of one customer (spec 4.9). */
export const unassignDevicesFromOwner = (request: ApiRequest<UnassignDevicesFromOwnerInput>) => unassign(request.org, request.body);

export const handler = httpHandler({ body: UnassignDevicesFromOwnerBody, invalidJson: 'Invalid JSON payload' }, unassignDevicesFromOwner);
