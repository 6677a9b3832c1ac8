/**
 * @jest-environment node
 */
import { parseEnv } from '../../../config/env';
import { cspOriginsFor } from '../csp';

describe('cspOriginsFor: where "Send API request" may go', () => {
  it('in local mode, the local sandbox API (issue #11) on SANDBOX_PORT and the production host', () => {
    const origins = cspOriginsFor(parseEnv({ API_HOST: 'https://api.acme.test', SANDBOX_PORT: '4500' }));
    expect(origins.api).toEqual(['http://localhost:4500', 'https://api.acme.test']);
    expect(origins.identity).toEqual(['http://localhost:9229']);
  });

  it('by default, the sandbox on 4010', () => {
    expect(cspOriginsFor(parseEnv({})).api).toContain('http://localhost:4010');
  });
});
