/**
 * `<ScriptSettings />`: the terminal lines for this portal, and, when a Cognito portal names no app client
 * for scripts, a line saying to ask the provider for one, linked to the provider's contact.
 */
import { render, screen } from '@testing-library/react';
import { mockSiteConfig } from '../../../../tests/unit/mocks/useDocusaurusContext';
import ScriptSettings from '..';

const cognito = { mode: 'cognito', region: 'eu-west-2', userPoolId: 'eu-west-2_abc', userPoolClientId: 'web' };
const fields = { apiBase: 'https://api.example.com/api/v1/customer', providerContact: 'mailto:api@example.com' };

test('with an app client for scripts: the lines name it, and nothing asks for one', () => {
  mockSiteConfig.customFields = { ...fields, auth: { ...cognito, scriptsClientId: 'scripts' } };
  const { container } = render(<ScriptSettings />);
  expect(container).toHaveTextContent("export CLIENT_ID='scripts'");
  expect(screen.queryByRole('link', { name: 'ask the provider' })).toBeNull();
});

test('without one: a line says sign-in fails until CLIENT_ID is set, linking to the provider', () => {
  mockSiteConfig.customFields = { ...fields, auth: cognito };
  const { container } = render(<ScriptSettings />);
  expect(container).toHaveTextContent('the sign-in below fails until you set CLIENT_ID');
  expect(screen.getByRole('link', { name: 'ask the provider' })).toHaveAttribute('href', 'mailto:api@example.com');
});
