/**
 * Environment defaults for a benchmark that runs the handlers in its own process, as a module of its
 * own imported first: imports run before the importing module's body, so assignments at the top of a
 * bench script come after the logger was built (at INFO), and the handler middleware's per-call reset
 * to the logger's initial level would bring the request log back.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.AWS_REGION ??= 'local';
