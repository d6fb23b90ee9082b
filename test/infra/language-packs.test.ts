import { bundle, bundleTargets } from '../../scripts/bench/bundles';
import { LANGUAGE_PACK_ENTRIES, LANGUAGE_PACK_MODULES } from '../../shared/domain/ticket/classifier/language-packs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { languagePackCopyCommands, REPO_ROOT } from '../../lib/bundling';

/**
 * The classifier's language packs are external to every bundle and installed only next to the
 * handlers in LANGUAGE_PACK_ENTRIES: a handler that imports them must be listed, or it would fail
 * at its first ticket in AWS; a listed handler that does not would carry them for nothing.
 */
describe('language packs', () => {
  test('exactly the listed handlers import them, at run time', async () => {
    const bundles = await bundle(bundleTargets(), '.bench/language-packs');
    const importing = bundles
      .filter((b) => LANGUAGE_PACK_MODULES.some((m) => readFileSync(b.file as string, 'utf8').includes(`import("${m}/`)))
      .map((b) => b.entry)
      .sort();
    expect(importing).toEqual([...LANGUAGE_PACK_ENTRIES].sort());
  }, 120_000);

  test('the offline copy next to a bundle lets Node import every language the classifier loads', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'fd-packs-'));
    execFileSync('bash', ['-c', languagePackCopyCommands(REPO_ROOT, out).join(' && ')]);
    const specifiers = [...readFileSync(path.join(REPO_ROOT, 'shared/domain/ticket/classifier/language.ts'), 'utf8').matchAll(/import\('(@orama\/[^']+)'\)/g)].map((m) => m[1]);
    expect(specifiers.length).toBe(8);
    writeFileSync(
      path.join(out, 'probe.mjs'),
      `const names = ${JSON.stringify(specifiers)}; for (const n of names) { const m = await import(n); if (!m.stemmer && !m.stopwords) throw new Error(n); } console.log('ok');`,
    );
    expect(execFileSync(process.execPath, [path.join(out, 'probe.mjs')], { cwd: out, encoding: 'utf8' }).trim()).toBe('ok');
  });
});
