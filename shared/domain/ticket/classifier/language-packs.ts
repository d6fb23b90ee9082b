/**
 * The npm packages holding the classifier's language packs (Snowball stemmers and stopword
 * lists, one ES module per language). Bundles leave them external and import them on first use
 * per language; the stack installs them next to the bundle of the handlers listed in
 * LANGUAGE_PACK_ENTRIES. No imports here: the CDK code reads this without loading the vocabulary.
 */
export const LANGUAGE_PACK_MODULES = ['@orama/stemmers', '@orama/stopwords'] as const;

/**
 * The classifier's data files (repository paths), read at run time and copied next to the bundle of
 * the same handlers as the language packs (shared/domain/ticket/classifier/vocabulary-file.ts):
 * about 11 KB of vocabulary that would otherwise be strings in every classifying bundle.
 */
export const CLASSIFIER_DATA_FILES: readonly string[] = ['shared/domain/ticket/classifier/support-vocabulary.json'];

/** Handler entries that analyse ticket text (test/infra/language-packs.test.ts keeps this list complete). */
export const LANGUAGE_PACK_ENTRIES: readonly string[] = [
  'functions/http/ticket/create-ticket.ts',
  'functions/http/ticket/set-ticket-category.ts',
  'functions/http/mcp/mcp.ts',
  // Proactive tickets are categorised like any other.
  'functions/workers/anomaly-detector.ts',
  'functions/workers/dropout-sweep.ts',
  // A category set by a person teaches the classifier (PATCH, the console), and closing a ticket reads its text.
  'functions/http/ticket/patch-ticket.ts',
  'functions/http/groups/console-ticket-work-api.ts',
  'functions/schedules/ticket-auto-close.ts',
];
