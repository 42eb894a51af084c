import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseConfigText } from '../../shared/src/config';
import { RULES_BY_ID } from '../../shared/src/rules';

const known = new Set(RULES_BY_ID.keys());
const parse = (text: string) => parseConfigText('file:///w/toolschema.config.json', text, known);

describe('config-invalid', () => {
  it('valid: a full configuration', () => {
    const { config, findings } = parse('{ "profile": "openai", "rules": { "name-verb-first": "error", "toolset-size": "off" }, "files": ["tools/**/*.json"], "verbs": { "query": ["geolocate"] }, "budgets": { "toolsetSize": 30 } }');
    assert.deepEqual(findings, []);
    assert.equal(config.profile, 'openai');
    assert.equal(config.rules['toolset-size'], 'off');
    assert.deepEqual(config.files, ['tools/**/*.json']);
    assert.deepEqual(config.verbs.query, ['geolocate']);
    assert.equal(config.budgets.toolsetSize, 30);
    assert.equal(config.budgets.descriptionLength, 1024);
  });

  it('valid: verbs as a plain list', () => {
    const { config, findings } = parse('{ "verbs": ["geolocate"] }');
    assert.deepEqual(findings, []);
    assert.deepEqual(config.verbs.action, ['geolocate']);
  });

  it('invalid: unknown severity, unknown rule, unknown key, bad budget; defaults kept for those', () => {
    const text = '{ "rules": { "name-verb-first": "loud", "no-such-rule": "off" }, "profil": "openai", "budgets": { "toolsetSize": 0 } }';
    const { config, findings } = parse(text);
    const at = (s: string) => findings.find((f) => text.slice(f.offset, f.offset + f.length) === s);
    assert.match(at('"loud"')!.message, /unknown severity; use one of "off", "hint", "info", "warning", "error"/);
    assert.match(at('"no-such-rule"')!.message, /Unknown rule id/);
    assert.match(at('"profil"')!.message, /Unknown setting "profil"/);
    assert.match(at('0')!.message, /at least 1/);
    assert.ok(findings.every((f) => f.rule === 'config-invalid' && f.severity === 'error'));
    assert.equal(config.rules['name-verb-first'], undefined);
    assert.equal(config.rules['no-such-rule'], 'off');
    assert.equal(config.budgets.toolsetSize, 20);
  });

  it('invalid: broken JSON falls back to the defaults', () => {
    const { config, findings } = parse('{ "profile": "openai", ');
    assert.equal(findings.length, 1);
    assert.match(findings[0]!.message, /defaults are used/);
    assert.equal(config.profile, 'auto');
  });
});
