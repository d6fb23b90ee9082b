import { fitsKeyPart } from '../common.schema';
import { DEVICE_NOT_FOUND } from '../device/device.limits';
import { BadRequestError, NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { decodeSortKeyCursor, encodeSortKeyCursor } from '../../db/cursor';
import {
  INCIDENT_CURSOR_INVALID,
  INCIDENT_LIMIT_INVALID,
  INCIDENT_STATUSES,
  INCIDENTS_DEFAULT_LIMIT,
  INCIDENTS_MAX_LIMIT,
  STATUS_INVALID,
  type IncidentStatus,
  type IncidentView,
} from './anomaly.limits';
import type { IncidentQuery } from './anomaly.schema';
import * as repo from './incident.repository';

/**
 * `GET /device/{identifier}/incidents` and the pages that show incidents (the console's ticket,
 * device and customer pages, MCP): reading only, so without the detectors, the device evaluation
 * and the detector state's codec that anomaly.service.ts (which re-exports this) brings.
 */

const INCIDENT_SK = /^INCIDENT#\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f-]{36}$/;
function decodeCursor(raw: string): string {
  const sk = decodeSortKeyCursor(raw, INCIDENT_SK);
  if (sk === undefined) throw new BadRequestError(INCIDENT_CURSOR_INVALID);
  return sk;
}

/** `GET /device/{identifier}/incidents?status=open|resolved|withdrawn&cursor=&limit=`: newest first. */
export async function listDeviceIncidents(org: OrgContext, rawIdentifier: string | undefined, query: IncidentQuery): Promise<{ incidents: IncidentView[]; nextCursor: string | null }> {
  const identifier = rawIdentifier?.trim() ?? '';
  if (identifier === '' || !fitsKeyPart('deviceIdentifier', identifier)) throw new NotFoundError(DEVICE_NOT_FOUND);
  const status = query.status === undefined || query.status === '' ? undefined : query.status;
  if (status !== undefined && !(INCIDENT_STATUSES as readonly string[]).includes(status)) throw new BadRequestError(STATUS_INVALID);
  let limit = INCIDENTS_DEFAULT_LIMIT;
  if (query.limit !== undefined && query.limit !== '') {
    if (!/^\d{1,4}$/.test(query.limit) || Number(query.limit) < 1 || Number(query.limit) > INCIDENTS_MAX_LIMIT) throw new BadRequestError(INCIDENT_LIMIT_INVALID);
    limit = Number(query.limit);
  }
  const afterSk = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = await repo.listIncidents(org.organizationId, identifier, { status: status as IncidentStatus | undefined, limit, afterSk });
  if (page.incidents.length === 0 && !afterSk && !(await repo.deviceOrStateExists(org.organizationId, identifier))) throw new NotFoundError(DEVICE_NOT_FOUND);
  const last = page.incidents.at(-1);
  return { incidents: page.incidents.map(({ sk: _sk, ...view }) => view), nextCursor: page.hasMore && last ? encodeSortKeyCursor(last.sk) : null };
}
