/**
 * @jest-environment node
 *
 * The login interaction's failures name no file of the IdP's disk: oidc-provider's own errors keep their
 * OAuth error code, anything else gets a fixed text and goes to the console.
 */
import { interactionErrorText } from '..';

it("keeps oidc-provider's OAuth error code, which is meant for clients", () => {
  const sessionNotFound = Object.assign(new Error('invalid_request'), {
    error: 'invalid_request',
    expose: true,
    error_description: 'interaction session not found',
  });
  expect(interactionErrorText(sessionNotFound)).toBe('invalid_request');
});

it('answers any other failure with a fixed text, the error in the console only', () => {
  const file = '/srv/portal/node_modules/oidc-provider/lib/index.js';
  const failure = Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { path: file });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const text = interactionErrorText(failure);
    expect(text).not.toMatch(/ENOENT|\/srv\//);
    expect(logged.mock.calls.flat()).toContain(failure);
  } finally {
    logged.mockRestore();
  }
});
