import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import {
  INVALID_JSON_IN_BODY,
  UnassignDeviceFromOwnerBody,
  type UnassignDeviceFromOwnerInput,
} from '../../../shared/domain/assignment/assignment.schema';
import { unassignDeviceFromOwner as unassign } from '../../../shared/domain/assignment/assignment.service';

/** POST /api/ext-v1/deviceAssignment/unassignDeviceFromOwner: remove one link (spec 4.8). */
export const unassignDeviceFromOwner = (request: ApiRequest<UnassignDeviceFromOwnerInput>) => unassign(request.org, request.body);

// This endpoint's spec text for unparsable JSON differs from the others'.
export const handler = httpHandler({ body: UnassignDeviceFromOwnerBody, invalidJson: INVALID_JSON_IN_BODY }, unassignDeviceFromOwner);
