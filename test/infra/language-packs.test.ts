import { CLASSIFIER_DATA_FILES } from '../../shared/domain/ticket/classifier/language-packs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { cdkBundlingOptions, classifierDataCopyCommands, esbuildOptions, languagePackCopyCommands, REPO_ROOT } from '../../lib/bundling';

/**
 * The classifier's language packs are external to every bundle and installed only next to the
 * handlers in LANGUAGE_PACK_ENTRIES: a handler that imports them must be listed, or it would fail
 * at its first ticket in AWS; a listed handler that does not would carry them for nothing.
 */
const VOCABULARY = CLASSIFIER_DATA_FILES[0] as string;

describe('language packs', () => {
  // 'exactly the listed handlers import them, at run time' is in bundle-size.test.ts, which bundles every
  // handler anyway: building the 56 bundles once instead of twice takes about 30 s of CPU off `npm test`.

  test('the stack copies the vocabulary next to the bundle of every handler that gets the language packs', () => {
    const hooks = cdkBundlingOptions({ languagePacks: true }).commandHooks;
    const commands = hooks?.afterBundling('/in', '/out') ?? [];
    expect(commands).toEqual(expect.arrayContaining(classifierDataCopyCommands('/in', '/out')));
    expect(commands).toContain(`cp "/in/${VOCABULARY}" "/out/${path.basename(VOCABULARY)}"`);
    expect(cdkBundlingOptions({ docsAssets: true }).commandHooks?.afterBundling('/in', '/out').join('\n')).not.toContain('support-vocabulary');
  });

  test('a bundled classifier reads the vocabulary copied next to it (and fails the classification, not the import, without it)', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'fd-vocab-'));
    execFileSync('bash', ['-c', [...languagePackCopyCommands(REPO_ROOT, out), ...classifierDataCopyCommands(REPO_ROOT, out)].join(' && ')]);
    const probe = [
      "import { EmbeddedClassifier } from './shared/domain/ticket/classifier/embedded';",
      "const categories = [{ name: 'Power', description: 'battery, charging' }, { name: 'Billing', description: 'invoices, payments' }];",
      'try {',
      "  console.log(await new EmbeddedClassifier().classify({ title: 'Akku hält nur einen Tag', description: '', messages: [] }, categories));",
      "} catch (error) { console.log('failed: ' + String(error).slice(0, 80)); }",
    ].join('\n');
    const outfile = path.join(out, 'index.mjs');
    const { entryPoints: _unused, ...options } = esbuildOptions('shared/domain/ticket/classifier/embedded.ts', outfile);
    await build({ ...options, stdin: { contents: probe, resolveDir: REPO_ROOT, loader: 'ts' } });
    // Run from another directory: the file is found beside the bundle, not in the working directory.
    const run = () => execFileSync(process.execPath, [outfile], { cwd: tmpdir(), encoding: 'utf8' }).trim();
    expect(run()).toBe('Power');
    rmSync(path.join(out, path.basename(VOCABULARY)));
    expect(run()).toMatch(/^failed: .*support-vocabulary\.json/);
  }, 60_000);

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
