/**
 * @jest-environment node
 */
import { bearerSchemeNames, bearerSchemesOfOptions } from '../bearerSchemes';

describe('bearerSchemeNames', () => {
  it('keeps only http bearer schemes, whatever the case of "bearer"', () => {
    expect(
      bearerSchemeNames({
        bearerAuth: { type: 'http', scheme: 'bearer' },
        Legacy: { type: 'http', scheme: 'BeAreR' },
        basic: { type: 'http', scheme: 'basic' },
        key: { type: 'apiKey' },
      }),
    ).toEqual(['bearerAuth', 'Legacy']);
    expect(bearerSchemeNames(undefined)).toEqual([]);
  });
});

describe('bearerSchemesOfOptions', () => {
  it('lists each bearer scheme of the explorer options once', () => {
    expect(
      bearerSchemesOfOptions({
        bearerAuth: [{ key: 'bearerAuth', type: 'http', scheme: 'bearer' }],
        'bearerAuth and basic': [
          { key: 'bearerAuth', type: 'http', scheme: 'bearer' },
          { key: 'basic', type: 'http', scheme: 'basic' },
        ],
      }),
    ).toEqual(['bearerAuth']);
  });
});
