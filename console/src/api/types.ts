/**
 * Response types, taken from the zod schemas the API itself uses (type-only imports: nothing of
 * the server reaches the bundle). A server change that breaks a page breaks `npm run typecheck`.
 */
export type {
  QueueResponse,
  QueueView,
  TicketPageResponse,
  DevicePageResponse,
  CustomerPageResponse,
  SearchResponse,
  DeveloperSettingsResponse,
  RegenerateKeyResponse,
  Series,
  DeviceHealth,
} from '../../../shared/domain/console/console.schema';
// Settings (issue 18): categories, routing, chat, auto-close/proactive, team
export type {
  CategoriesResponse,
  CategoryResponse,
  RoutingRulesResponse,
  ChatSettingsResponse,
  ChatTestResponse,
  AutomationSettingsResponse,
  InviteUserResponse,
} from '../../../shared/domain/console/settings.schema';
import type * as z from 'zod/mini';
import type { MeResponse as MeSchema, SessionResponse as SessionSchema, UserResource } from '../../../shared/domain/user/user.schema';
import type { TicketResource } from '../../../shared/domain/ticket/ticket.schema';
import type { IncidentResource } from '../../../shared/domain/anomaly/anomaly.schema';
export type MeResponse = z.infer<typeof MeSchema>;
export type SessionResponse = z.infer<typeof SessionSchema>;
export type User = z.infer<typeof UserResource>;
export type Ticket = z.infer<typeof TicketResource>;
export type Incident = z.infer<typeof IncidentResource>;
