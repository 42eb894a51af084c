/** Which descriptions say the tool is deprecated (descriptionSaysDeprecated), read by every versioning rule. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { descriptionSaysDeprecated } from '../../shared/src/analysis/versions';

describe('descriptionSaysDeprecated', () => {
  it('a description that opens by saying the tool is deprecated', () => {
    for (const d of [
      'Deprecated: use get_weather_v2 instead.',
      'Deprecated. Use get_weather_v2.',
      'DEPRECATED use get_weather_v2',
      'DEPRECATED Find jobs in specific categories.',
      '[DEPRECATED] Use describe_npm_package instead.',
      '**[Deprecated]** Find jobs in specific categories.',
      'Deprecated - use get_weather_v2.',
      'deprecated, use get_weather_v2',
      'Deprecated in favour of get_weather_v2.',
      'Deprecated in favor of get_weather_v2.',
      'Deprecated since 2026-01-01; use get_weather_v2.',
      'Deprecated tool; call get_weather_v2.',
      'Deprecated and will be removed on 2026-12-01.',
      'Deprecated',
      '  Deprecated (use get_weather_v2).',
    ]) assert.equal(descriptionSaysDeprecated(d), true, d);
  });

  it('a description that only starts with the word, about something else', () => {
    for (const d of [
      'Deprecated fields are omitted from the answer. Use this when the user asks for an order.',
      'Deprecated endpoints are listed with a flag. Use this to list the API endpoints.',
      'Deprecatedness of a package, by name.',
      'Use this when the user asks for the weather. Deprecated: nothing.',
      'Returns deprecated tools.',
      '',
    ]) assert.equal(descriptionSaysDeprecated(d), false, d);
    assert.equal(descriptionSaysDeprecated(undefined), false);
  });
});
