// Lints an OpenAPI document with Redocly's recommended rules and prints the problems as JSON.
// Usage: node scripts/openapi-lint.mjs <file.json>. Plain ESM run by Node, because
// @redocly/openapi-core is ESM-only (and uses import.meta), which jest's CommonJS runtime cannot load.
import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const file = process.argv[2];
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: readFileSync(file, 'utf8'), absoluteRef: file, config });
process.stdout.write(
  JSON.stringify(problems.map((p) => ({ ruleId: p.ruleId, severity: p.severity, message: p.message, pointer: p.location?.[0]?.pointer }))),
);
