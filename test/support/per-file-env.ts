import { randomUUID } from 'node:crypto';

// Each test file gets its own table in the shared DynamoDB Local, so files never see each other's data.
process.env.TABLE_NAME = `test-${randomUUID()}`;
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.AWS_REGION ??= 'local';
// The console's local sessions are signed with this (npm start keeps one under .data/).
process.env.CONSOLE_SESSION_SECRET ??= randomUUID();
