import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { AssignDeviceToOwnersBody, type AssignDeviceToOwnersInput } from '../../../shared/domain/assignment/assignment.schema';
import { assignDeviceToOwners as assign } from '../../../shared/domain/assignment/assignment.service';

/** POST /api/ext-v1/deviceAssignment/assignDeviceToOwners: one device to one or more customers (spec 4.6). */
export const assignDeviceToOwners = (request: ApiRequest<AssignDeviceToOwnersInput>) => assign(request.org, request.body);

export const handler = httpHandler({ body: AssignDeviceToOwnersBody, invalidJson: 'Invalid JSON payload' }, assignDeviceToOwners);
