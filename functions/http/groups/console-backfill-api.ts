import { routeGroup } from '../../../shared/http/route-group';
// Backfill prefix mappings (`mapping add|list|remove`) and the imports they started.
import { handler as listBackfillMappings } from '../console/list-backfill-mappings';
import { handler as addBackfillMapping } from '../console/add-backfill-mapping';
import { handler as removeBackfillMapping } from '../console/remove-backfill-mapping';
import { handler as listBackfillImports } from '../telemetry/list-imports';
// Monitor threshold rules (`monitor rule add|list|remove`).
import { handler as listMonitorRules } from '../console/list-monitor-rules';
import { handler as addMonitorRule } from '../console/add-monitor-rule';
import { handler as removeMonitorRule } from '../console/remove-monitor-rule';

/** The console's backfill mappings and imports, and monitor rules (routes.ts CONSOLE_GROUPS). */
export const handler = routeGroup({
  ConsoleListBackfillMappings: listBackfillMappings,
  ConsoleAddBackfillMapping: addBackfillMapping,
  ConsoleRemoveBackfillMapping: removeBackfillMapping,
  ConsoleListBackfillImports: listBackfillImports,
  ConsoleListMonitorRules: listMonitorRules,
  ConsoleAddMonitorRule: addMonitorRule,
  ConsoleRemoveMonitorRule: removeMonitorRule,
});
