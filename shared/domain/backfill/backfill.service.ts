import * as z from 'zod/mini';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { findOrganizationContext } from '../organization/organization.service';
import * as repo from './backfill.repository';
import {
  IMPORT_CURSOR_INVALID,
  IMPORT_ID_PATTERN,
  IMPORT_LIMIT_INVALID,
  IMPORT_NOT_FOUND,
  IMPORT_STATUS_INVALID,
  IMPORT_STATUSES,
  IMPORTS_DEFAULT_LIMIT,
  IMPORTS_MAX_LIMIT,
  parseMappingInput,
  type ImportDetail,
  type ImportStatus,
  type ImportSummary,
  type MappingInput,
  type PrefixMapping,
} from './backfill.schema';

/** Prefix mappings (operator CLI) and the import-status reads (External API). */

async function existingOrg(organizationId: string): Promise<OrgContext> {
  const org = await findOrganizationContext(organizationId);
  if (!org) throw new NotFoundError(`Organization not found: ${organizationId}`);
  return org;
}

/** `mapping add`: one mapping per prefix; adding a prefix that has one is refused (remove it first). */
export async function addMapping(organizationId: string, input: MappingInput): Promise<{ organizationId: string; mapping: PrefixMapping }> {
  const mapping = parseMappingInput(input);
  await existingOrg(organizationId);
  if (!(await repo.putMapping(organizationId, mapping, new Date().toISOString()))) {
    throw new ConflictError(`A mapping for prefix "${mapping.prefix}" already exists; remove it first`);
  }
  return { organizationId, mapping };
}

/** `mapping list`: the org's mappings, longest prefix first (the order they win in). */
export async function listMappings(organizationId: string): Promise<{ organizationId: string; mappings: (PrefixMapping & { createdAt: string })[] }> {
  await existingOrg(organizationId);
  const mappings = await repo.listMappings(organizationId);
  mappings.sort((a, b) => b.prefix.length - a.prefix.length || (a.prefix < b.prefix ? -1 : 1));
  return { organizationId, mappings };
}

/** `mapping remove`: imports already started keep the mapping they began with. */
export async function removeMapping(organizationId: string, prefix: string): Promise<{ organizationId: string; removed: string }> {
  await existingOrg(organizationId);
  if (!(await repo.deleteMapping(organizationId, prefix))) throw new NotFoundError(`No mapping for prefix "${prefix}"`);
  return { organizationId, removed: prefix };
}

// --- Import status (External API) ---------------------------------------------------------------------

/** Query parameters of `GET /telemetry/imports`, as strings from the URL. */
export const ImportsQuery = z.object({
  status: z.optional(z.string()),
  cursor: z.optional(z.string()),
  limit: z.optional(z.string()),
});
export type ImportsQuery = z.infer<typeof ImportsQuery>;

const summary = (item: repo.ImportItem): ImportSummary => ({
  importId: item.importId,
  key: item.key,
  status: item.status,
  rowsRead: item.rowsRead,
  rowsWritten: item.rowsWritten,
  rowsRejected: item.rowsRejected,
  startedAt: item.startedAt,
  finishedAt: item.finishedAt ?? null,
});

const CURSOR_SORT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const encodeCursor = (item: repo.ImportItem) => Buffer.from(JSON.stringify({ s: item.startedAt, i: item.importId })).toString('base64url');

function decodeCursor(raw: string): { startedAt: string; importId: string } {
  let parsed: { s?: unknown; i?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    throw new BadRequestError(IMPORT_CURSOR_INVALID);
  }
  // The cursor only carries a position; the partition is always the caller's organization.
  if (typeof parsed?.s !== 'string' || !CURSOR_SORT_KEY.test(parsed.s) || typeof parsed.i !== 'string' || !IMPORT_ID_PATTERN.test(parsed.i)) {
    throw new BadRequestError(IMPORT_CURSOR_INVALID);
  }
  return { startedAt: parsed.s, importId: parsed.i };
}

/** `GET /telemetry/imports?status=&cursor=&limit=`: the org's imports, newest first. */
export async function listImports(org: OrgContext, query: ImportsQuery): Promise<{ imports: ImportSummary[]; nextCursor: string | null }> {
  let status: ImportStatus | undefined;
  if (query.status !== undefined && query.status !== '') {
    if (!(IMPORT_STATUSES as readonly string[]).includes(query.status)) throw new BadRequestError(IMPORT_STATUS_INVALID);
    status = query.status as ImportStatus;
  }
  let limit = IMPORTS_DEFAULT_LIMIT;
  if (query.limit !== undefined) {
    if (!/^\d{1,3}$/.test(query.limit) || Number(query.limit) < 1 || Number(query.limit) > IMPORTS_MAX_LIMIT) throw new BadRequestError(IMPORT_LIMIT_INVALID);
    limit = Number(query.limit);
  }
  const afterSortKey = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = await repo.listImports(org.organizationId, { status, limit, afterSortKey });
  const last = page.items.at(-1);
  return { imports: page.items.map(summary), nextCursor: page.hasMore && last ? encodeCursor(last) : null };
}

/** `GET /telemetry/imports/{importId}`: one import with its first rejected rows; 404 for unknown ids and other orgs' imports. */
export async function getImport(org: OrgContext, rawImportId: string | undefined): Promise<ImportDetail> {
  const importId = rawImportId?.trim().toLowerCase() ?? '';
  if (!IMPORT_ID_PATTERN.test(importId)) throw new NotFoundError(IMPORT_NOT_FOUND);
  const found = await repo.getImportWithRejections(org.organizationId, importId);
  if (!found) throw new NotFoundError(IMPORT_NOT_FOUND);
  const { item, rejections } = found;
  return {
    ...summary(item),
    bucket: item.bucket,
    versionId: item.versionId ?? null,
    mappingPrefix: item.mapping?.prefix ?? null,
    reason: item.reason ?? null,
    rejections,
  };
}
